import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { ClickEvent } from '../core/clicks.ts';
import { writeBatch, type ClickSql } from './click-writes.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

/**
 * Writes a click batch (click-writes.ts) inside the caller's transaction: the unit of work's, or
 * the stream consumer's with its entry ids. The writer thread's SQLite connection runs the same
 * statements without Kysely, which that thread never loads.
 */
export async function writeClickBatch(trx: Kysely<Database>, events: readonly ClickEvent[]): Promise<void> {
  requireTransaction(trx, 'writeClickBatch');
  const run: ClickSql = {
    postgres: isPostgres(trx),
    query: async (text, params) => (await trx.executeQuery(CompiledQuery.raw(text, [...params]))).rows as never,
  };
  await writeBatch(run, events);
}

/**
 * Counted visitors of days before yesterday are no longer needed: those days' counts are final.
 * Deletes at most `limit` of them (the first in key order, which starts with the day) and returns
 * how many: a busy service counts millions of visitors a day, too many for one statement on the
 * thread that answers requests (clicks/retention.ts deletes them in chunks).
 */
export async function forgetVisitorsBefore(db: Kysely<Database>, day: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('link_daily_visitors')
    .where(
      sql<boolean>`(day, link_id, visitor) in (
        select day, link_id, visitor from link_daily_visitors where day < ${day}
        order by day, link_id, visitor limit ${limit})`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes at most `limit` raw clicks of one link and returns how many: a link's deletion takes
 * its raw clicks (millions, for a popular link) in bounded steps before the link itself goes
 * (services/link-deletion.ts).
 */
export async function deleteClicksOfLink(db: Kysely<Database>, linkId: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('clicks')
    .where('id', 'in', (eb) => eb.selectFrom('clicks').select('id').where('link_id', '=', linkId).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The highest click id recorded before `before`, or 0. Ids grow with time (visits are written
 * within moments of happening), so a binary search over the primary key finds the cut-off
 * without a time index, which would cost a B-tree write on every click.
 */
export async function lastClickIdBefore(db: Kysely<Database>, before: string): Promise<number> {
  const bounds = await db
    .selectFrom('clicks')
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high')])
    .executeTakeFirst();
  let low = Number(bounds?.low ?? 0);
  let high = Number(bounds?.high ?? 0);
  if (!low) return 0;
  let answer = low - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const row = await db
      .selectFrom('clicks')
      .select(['id', 'clicked_at'])
      .where('id', '>=', middle)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) {
      high = middle - 1;
    } else if (row.clicked_at < before) {
      answer = Number(row.id);
      low = Number(row.id) + 1;
    } else {
      high = middle - 1;
    }
  }
  return answer;
}

/** Deletes raw click rows with ids up to `lastId`, at most `limit` at a time; returns how many. */
export async function deleteClicksUpTo(db: Kysely<Database>, lastId: number, limit: number): Promise<number> {
  const ids = (
    await db.selectFrom('clicks').select('id').where('id', '<=', lastId).orderBy('id').limit(limit).execute()
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('clicks').where('id', 'in', ids).execute();
  return ids.length;
}

/** Entry ids of the Redis click stream already written (the consumer's exactly-once record). */
export async function processedEntries(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('processed_stream_entries')
    .select('entry_id')
    .where('entry_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.entry_id));
}

export async function markEntriesProcessed(db: Kysely<Database>, ids: readonly string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('processed_stream_entries')
    .values(ids.map((id) => ({ entry_id: id, processed_at: at })))
    .execute();
}

/** Entry ids only matter while a redelivery is possible; the consumer forgets them after a day. */
export async function forgetEntriesBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('processed_stream_entries').where('processed_at', '<', before).execute();
}

/** One raw click as the clicks API shows it: never an address (none is stored). */
export interface RawClick {
  id: number;
  clickedAt: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  referrerHost: string | null;
  language: string | null;
  isBot: boolean;
  optionIndex: number | null;
  variantIndex: number | null;
  clickId: string | null;
}

/** A link's raw clicks, newest first, with ids below `beforeId` (keyset: no page repeats or skips a row). */
export async function clicksBefore(
  db: Kysely<Database>,
  linkId: number,
  beforeId: number | null,
  limit: number,
): Promise<RawClick[]> {
  const rows = await rawClicksPage(db, linkId, beforeId, limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    clickedAt: row.clicked_at,
    country: row.country,
    device: row.device,
    browser: row.browser,
    os: row.os,
    referrerHost: row.referrer_host,
    language: row.language,
    isBot: Boolean(row.is_bot),
    optionIndex: row.option_index,
    variantIndex: row.variant_index,
    clickId: row.click_id,
  }));
}

/**
 * The statement of clicksBefore. The index clicks_link_order (migration 018) is in its order, so
 * a page is one seek and `limit` rows read backwards, however many clicks the link has and however
 * deep the cursor: no sort of the link's history.
 */
export function rawClicksPage(db: Kysely<Database>, linkId: number, beforeId: number | null, limit: number) {
  let query = db
    .selectFrom('clicks')
    .select([
      'id',
      'clicked_at',
      'country',
      'device',
      'browser',
      'os',
      'referrer_host',
      'language',
      'is_bot',
      'option_index',
      'variant_index',
      'click_id',
    ])
    .where('link_id', '=', linkId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit);
}

/** The raw click a click id names, with its link's workspace (conversions are attributed by it). */
export async function clickByClickId(
  db: Kysely<Database>,
  clickId: string,
): Promise<{ linkId: number; workspaceId: number; clickedAt: string } | undefined> {
  const row = await db
    .selectFrom('clicks')
    .innerJoin('links', 'links.id', 'clicks.link_id')
    .select(['clicks.link_id', 'links.workspace_id', 'clicks.clicked_at'])
    .where('clicks.click_id', '=', clickId)
    .executeTakeFirst();
  return row && { linkId: row.link_id, workspaceId: row.workspace_id, clickedAt: row.clicked_at };
}

export const clickStore = {
  byClickId: clickByClickId,
  before: clicksBefore,
  writeBatch: writeClickBatch,
  forgetVisitorsBefore,
  deleteOfLink: deleteClicksOfLink,
  lastIdBefore: lastClickIdBefore,
  deleteUpTo: deleteClicksUpTo,
  processedEntries,
  markEntriesProcessed,
  forgetEntriesBefore,
};
