import { sql, type Kysely } from 'kysely';
import type { ClickEvent } from '../core/clicks.ts';
import { tallyClicks } from './click-tally.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

// SQLite allows 32,766 bound parameters per statement; 10 columns x 1,000 rows stays well inside.
const INSERT_CHUNK = 1000;

/**
 * Writes a batch: the raw rows, links.click_count and every rollup. Inside the caller's
 * transaction, so the counters never disagree with each other (the stream consumer adds its entry
 * ids to the same one). Clicks of links deleted meanwhile are skipped.
 */
export async function writeClickBatch(trx: Kysely<Database>, events: readonly ClickEvent[]): Promise<void> {
  requireTransaction(trx, 'writeClickBatch');
  if (events.length === 0) return;
  {
    const ids = [...new Set(events.map((e) => e.linkId))];
    const existing = new Set(
      (await trx.selectFrom('links').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    );
    const live = events.filter((e) => existing.has(e.linkId));
    if (live.length === 0) return;
    for (let i = 0; i < live.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('clicks')
        .values(
          live.slice(i, i + INSERT_CHUNK).map((e) => ({
            link_id: e.linkId,
            clicked_at: e.at,
            country: e.country,
            device: e.device,
            browser: e.browser,
            os: e.os,
            referrer_host: e.referrerHost,
            is_bot: e.bot ? 1 : 0,
            option_index: e.optionIndex,
            variant_index: e.variantIndex,
          })),
        )
        .execute();
    }
    const t = tallyClicks(live);
    for (const [linkId, clicks] of t.links) {
      await trx
        .updateTable('links')
        .set({ click_count: sql`click_count + ${clicks}` })
        .where('id', '=', linkId)
        .execute();
    }
    if (t.daily.length > 0) {
      await trx
        .insertInto('link_daily_stats')
        .values(t.daily.map((d) => ({ link_id: d.linkId, day: d.day, clicks: d.clicks })))
        .onConflict((oc) =>
          oc.columns(['link_id', 'day']).doUpdateSet({ clicks: sql`link_daily_stats.clicks + excluded.clicks` }),
        )
        .execute();
    }
    for (const chunk of chunks(t.dailyDimension, INSERT_CHUNK)) {
      await trx
        .insertInto('link_daily_dimension_stats')
        .values(
          chunk.map((d) => ({
            link_id: d.linkId,
            day: d.day,
            dimension: d.dimension,
            value: d.value,
            clicks: d.clicks,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['link_id', 'dimension', 'day', 'value'])
            .doUpdateSet({ clicks: sql`link_daily_dimension_stats.clicks + excluded.clicks` }),
        )
        .execute();
    }
    for (const chunk of chunks(t.dimension, INSERT_CHUNK)) {
      await trx
        .insertInto('link_dimension_stats')
        .values(chunk.map((d) => ({ link_id: d.linkId, dimension: d.dimension, value: d.value, clicks: d.clicks })))
        .onConflict((oc) =>
          oc
            .columns(['link_id', 'dimension', 'value'])
            .doUpdateSet({ clicks: sql`link_dimension_stats.clicks + excluded.clicks` }),
        )
        .execute();
    }
    for (const pick of t.picks) {
      await trx
        .updateTable('landing_options')
        .set({ picks: sql`picks + ${pick.picks}` })
        .where('link_id', '=', pick.linkId)
        .where('position', '=', pick.position)
        .execute();
    }
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
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

export const clickStore = {
  writeBatch: writeClickBatch,
  lastIdBefore: lastClickIdBefore,
  deleteUpTo: deleteClicksUpTo,
  processedEntries,
  markEntriesProcessed,
  forgetEntriesBefore,
};
