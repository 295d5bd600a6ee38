import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from '../core/spreadsheet-safe.ts';
import { rawClickPages, rawClickResource } from '../services/raw-clicks.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { RawClick } from '../storage/clicks.kysely.ts';

/** The CSV's columns, in order: the fields of a raw click as the JSON answer names them. */
export const RAW_CLICK_CSV_COLUMNS = [
  'clicked_at',
  'country',
  'device',
  'browser',
  'os',
  'referrer_host',
  'language',
  'is_bot',
  'option',
  'variant',
  'click_id',
] as const;

/**
 * One record: every cell as text (null empty, booleans `true`/`false`), each through
 * spreadsheetSafe, since a referrer host or language is whatever the visitor's browser sent.
 */
function cells(click: RawClick): string[] {
  const resource = rawClickResource(click);
  return RAW_CLICK_CSV_COLUMNS.map((column) => {
    const value = resource[column];
    return spreadsheetSafe(value === null ? '' : String(value));
  });
}

/**
 * A link's raw clicks as CSV bytes with a header row, newest first: each page of clicks
 * (rawClickPages: one short indexed read, then a turn of the event loop) becomes one chunk,
 * quoted by csv-stringify, and the next page is read only once the response has taken the chunk
 * before it (Readable.from holds one chunk; the response pipe waits for the socket to drain). So
 * a history of millions downloads in constant memory, a few milliseconds of the event loop at a
 * time.
 */
export function rawClicksCsv(uow: UnitOfWork, linkId: number): Readable {
  async function* chunks() {
    yield stringify([RAW_CLICK_CSV_COLUMNS.map(spreadsheetSafe)]);
    for await (const page of rawClickPages((work) => uow.read(work), linkId)) yield stringify(page.map(cells));
  }
  return Readable.from(chunks(), { objectMode: false });
}
