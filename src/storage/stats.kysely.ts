import { sql, type Kysely } from 'kysely';
import type { RollupDimension } from './click-tally.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

// Every query here reads rollups kept by the batch writer, never the raw clicks.

/** A UTC day range, inclusive, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DayCounts {
  clicks: number;
  unique: number;
}

export async function clicksSince(db: Kysely<Database>, linkId: number, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('link_daily_stats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'))
    .where('link_id', '=', linkId)
    .where('day', '>=', fromDay)
    .executeTakeFirst();
  return Number(row?.clicks ?? 0);
}

/** All unique visitors of a link: the sum over its days. */
export async function uniqueClicks(db: Kysely<Database>, linkId: number): Promise<number> {
  const row = await db
    .selectFrom('link_daily_stats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('unique_clicks'), eb.lit(0)).as('unique'))
    .where('link_id', '=', linkId)
    .executeTakeFirst();
  return Number(row?.unique ?? 0);
}

export async function dailyClicks(
  db: Kysely<Database>,
  linkId: number,
  range: DayRange,
): Promise<Map<string, DayCounts>> {
  const rows = await db
    .selectFrom('link_daily_stats')
    .select(['day', 'clicks', 'unique_clicks'])
    .where('link_id', '=', linkId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .execute();
  return new Map(rows.map((row) => [row.day, { clicks: Number(row.clicks), unique: Number(row.unique_clicks) }]));
}

/** A breakdown over all time, or over a range of days from the daily rollup. */
export async function breakdown(
  db: Kysely<Database>,
  linkId: number,
  dimension: RollupDimension,
  range?: DayRange,
): Promise<Array<{ value: string; clicks: number }>> {
  return (await breakdowns(db, linkId, [dimension], range)).get(dimension)!;
}

/**
 * Several breakdowns in one query (one round trip on PostgreSQL instead of one per dimension),
 * each in the order of `breakdown`: most clicks first, ties by value.
 */
export async function breakdowns(
  db: Kysely<Database>,
  linkId: number,
  dimensions: readonly RollupDimension[],
  range?: DayRange,
): Promise<Map<RollupDimension, Array<{ value: string; clicks: number }>>> {
  const byDimension = new Map(
    dimensions.map((dimension) => [dimension, [] as Array<{ value: string; clicks: number }>]),
  );
  if (dimensions.length === 0) return byDimension;
  const add = (row: { dimension: string; value: string; clicks: number | string }) =>
    byDimension.get(row.dimension as RollupDimension)?.push({ value: row.value, clicks: Number(row.clicks) });
  if (range) {
    const rows = await db
      .selectFrom('link_daily_dimension_stats')
      .select((eb) => ['dimension', 'value', eb.fn.sum<number>('clicks').as('clicks')])
      .where('link_id', '=', linkId)
      .where('dimension', 'in', [...dimensions])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['dimension', 'value'])
      .execute();
    rows.forEach(add);
    for (const [dimension, rowsOf] of byDimension) byDimension.set(dimension, sortBreakdown(rowsOf));
    return byDimension;
  }
  const rows = await db
    .selectFrom('link_dimension_stats')
    .select(['dimension', 'value', 'clicks'])
    .where('link_id', '=', linkId)
    .where('dimension', 'in', [...dimensions])
    .where('clicks', '>', 0)
    .orderBy('clicks', 'desc')
    .orderBy('value', 'asc')
    .execute();
  rows.forEach(add);
  return byDimension;
}

/** Most clicks first, ties by value: the order of every breakdown. */
function sortBreakdown(rows: Array<{ value: string; clicks: number }>) {
  return rows
    .filter((row) => row.clicks > 0)
    .sort((a, b) => b.clicks - a.clicks || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
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

/**
 * The account's all-time totals, from its daily rollup: like the trend, they keep the clicks of
 * links deleted since (the account did get them).
 */
export async function accountTotals(db: Kysely<Database>, userId: number): Promise<{ clicks: number; unique: number }> {
  const row = await db
    .selectFrom('user_daily_stats')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('unique_clicks'), eb.lit(0)).as('unique'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { clicks: Number(row?.clicks ?? 0), unique: Number(row?.unique ?? 0) };
}

/** The account's clicks and unique visitors per day of the range. */
export async function accountDaily(
  db: Kysely<Database>,
  userId: number,
  range: DayRange,
): Promise<Map<string, DayCounts>> {
  const rows = await db
    .selectFrom('user_daily_stats')
    .select(['day', 'clicks', 'unique_clicks'])
    .where('user_id', '=', userId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .execute();
  return new Map(rows.map((row) => [row.day, { clicks: Number(row.clicks), unique: Number(row.unique_clicks) }]));
}

/** The account's links with the most clicks over the range (ties: the newer link first). */
export async function topLinks(
  db: Kysely<Database>,
  userId: number,
  range: DayRange,
  limit: number,
): Promise<Array<{ id: number; shortCode: string; clicks: number }>> {
  const rows = await db
    .selectFrom('link_daily_stats')
    .innerJoin('links', 'links.id', 'link_daily_stats.link_id')
    .select((eb) => [
      'links.id as id',
      'links.short_code as shortCode',
      eb.fn.sum<number>('link_daily_stats.clicks').as('clicks'),
    ])
    .where('links.user_id', '=', userId)
    .where('link_daily_stats.day', '>=', range.from)
    .where('link_daily_stats.day', '<=', range.to)
    .groupBy(['links.id', 'links.short_code'])
    .orderBy('clicks', 'desc')
    .orderBy('links.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, shortCode: row.shortCode, clicks: Number(row.clicks) }));
}

export async function accountClicksSince(db: Kysely<Database>, userId: number, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('user_daily_stats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'))
    .where('user_id', '=', userId)
    .where('day', '>=', fromDay)
    .executeTakeFirst();
  return Number(row?.clicks ?? 0);
}

/**
 * Takes a link's clicks out of its owner's daily totals, in the transaction that deletes the link
 * (its own rollups go with it by cascade): the account's statistics are those of its links. On
 * PostgreSQL the link's row is locked first, so a click batch committing meanwhile is either
 * counted here (the lock waits for it) or finds the link gone (it waits for the lock).
 */
export async function forgetLinkClicks(trx: Kysely<Database>, linkId: number): Promise<void> {
  requireTransaction(trx, 'forgetLinkClicks');
  if (isPostgres(trx)) await sql`select id from links where id = ${linkId} for update`.execute(trx);
  await sql`
    update user_daily_stats
    set clicks = user_daily_stats.clicks - gone.clicks,
      unique_clicks = user_daily_stats.unique_clicks - gone.unique_clicks
    from (
      select links.user_id, link_daily_stats.day, link_daily_stats.clicks, link_daily_stats.unique_clicks
      from link_daily_stats join links on links.id = link_daily_stats.link_id
      where link_daily_stats.link_id = ${linkId}
    ) as gone
    where user_daily_stats.user_id = gone.user_id and user_daily_stats.day = gone.day
  `.execute(trx);
}

export const statsStore = {
  clicksSince,
  uniqueClicks,
  dailyClicks,
  breakdown,
  breakdowns,
  optionPicks,
  accountTotals,
  accountDaily,
  topLinks,
  accountClicksSince,
  forgetLinkClicks,
};
