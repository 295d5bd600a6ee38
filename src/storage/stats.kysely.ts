import type { Kysely } from 'kysely';
import type { RollupDimension } from './click-tally.ts';
import type { Database } from './schema.ts';

// Every query here reads rollups kept by the batch writer, never the raw clicks.

export async function clicksSince(db: Kysely<Database>, linkId: number, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('link_daily_stats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'))
    .where('link_id', '=', linkId)
    .where('day', '>=', fromDay)
    .executeTakeFirst();
  return Number(row?.clicks ?? 0);
}

export async function dailyClicks(db: Kysely<Database>, linkId: number, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('link_daily_stats')
    .select(['day', 'clicks'])
    .where('link_id', '=', linkId)
    .where('day', '>=', fromDay)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.clicks)]));
}

export async function breakdown(
  db: Kysely<Database>,
  linkId: number,
  dimension: RollupDimension,
): Promise<Array<{ value: string; clicks: number }>> {
  const rows = await db
    .selectFrom('link_dimension_stats')
    .select(['value', 'clicks'])
    .where('link_id', '=', linkId)
    .where('dimension', '=', dimension)
    .where('clicks', '>', 0)
    .orderBy('clicks', 'desc')
    .orderBy('value', 'asc')
    .execute();
  return rows.map((row) => ({ value: row.value, clicks: Number(row.clicks) }));
}

export async function optionPicks(
  db: Kysely<Database>,
  linkId: number,
): Promise<Array<{ url: string; picks: number }>> {
  const rows = await db
    .selectFrom('landing_options')
    .select(['url', 'picks'])
    .where('link_id', '=', linkId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ url: row.url, picks: Number(row.picks) }));
}

export const statsStore = { clicksSince, dailyClicks, breakdown, optionPicks };
