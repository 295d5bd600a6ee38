import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Principal } from '../core/model.ts';
import { spreadsheetSafe } from '../core/spreadsheet-safe.ts';
import { EXPORT_COLUMNS } from '../schemas/import.ts';
import { exportUserLinks } from '../services/imports.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { ExportedLink } from '../storage/links.kysely.ts';
import { shortUrl } from './serializers.ts';

/**
 * One CSV record per link, in the order of EXPORT_COLUMNS; null cells are written empty, and text
 * that a spreadsheet would run as a formula gets a leading `'` (spreadsheetSafe).
 */
function cells(link: ExportedLink, shortBase: string) {
  const domain = link.domain === null ? null : { id: 0, hostname: link.domain };
  return [
    link.id,
    link.shortCode,
    shortUrl({ shortCode: link.shortCode, domain }, shortBase),
    link.redirectUrl,
    link.title,
    link.category,
    link.domain,
    link.isActive ? 'true' : 'false',
    link.clickCount,
    link.expiresAt,
    link.createdAt,
  ];
}

/**
 * The user's links as a CSV stream (GET /links/export and `hoplink export`): pages read as the
 * consumer takes the text (backpressure), quoted by csv-stringify. An error after the first byte
 * can only end the stream early: `onError` hears of it.
 */
export function linksCsv(
  uow: UnitOfWork,
  principal: Principal,
  shortBase: string,
  onError: (error: unknown) => void,
): Readable {
  async function* records() {
    for await (const page of exportUserLinks(uow, principal)) for (const link of page) yield cells(link, shortBase);
  }
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], cast: { string: spreadsheetSafe } });
  pipeline(Readable.from(records()), csv).catch(onError);
  return csv;
}
