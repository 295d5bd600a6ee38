import { sql, type Kysely } from 'kysely';
import type { RollupDimension } from '../core/clicks.ts';
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

/** Every day there is: the bounds of "all time" where a statement takes a range. */
export const ALL_DAYS: DayRange = { from: '0000-01-01', to: '9999-12-31' };

/** A link's totals beside its trend: unique visitors of all time, clicks since a day, bot visits. */
export interface LinkTotals {
  unique: number;
  since: number;
  bots: number;
}

/**
 * A link's unique visitors of all time (the sum over its days), its clicks since `sinceDay`, and
 * its bot visits over all time or the range, in one statement: one round trip on PostgreSQL
 * instead of three. A template, not the builder, and prepared on PostgreSQL (postgres-statements.ts):
 * it runs on every request for a link's statistics, and each part seeks the link's days by key.
 */
export async function linkTotals(
  db: Kysely<Database>,
  linkId: number,
  sinceDay: string,
  botRange: DayRange = ALL_DAYS,
): Promise<LinkTotals> {
  const { rows } = await sql<TotalsRow>`/* prepared */
    select ${totalsColumns(linkId, sinceDay, botRange)}`.execute(db);
  return totalsOf(rows[0]!);
}

/** linkTotals' three columns, each seeking the link's days by key. */
const totalsColumns = (linkId: number, sinceDay: string, botRange: DayRange) => sql`
  (select coalesce(sum(unique_clicks), 0) from link_daily_stats where link_id = ${linkId}) as "unique",
  (select coalesce(sum(clicks), 0) from link_daily_stats where link_id = ${linkId} and day >= ${sinceDay}) as since,
  (select coalesce(sum(bots), 0) from link_daily_bots
    where link_id = ${linkId} and day >= ${botRange.from} and day <= ${botRange.to}) as bots`;

interface TotalsRow {
  unique: Count;
  since: Count;
  bots: Count;
}

const totalsOf = (row: TotalsRow): LinkTotals => ({
  unique: Number(row.unique),
  since: Number(row.since),
  bots: Number(row.bots),
});

/** A day of the trend beside the totals: null on the one row of a range without clicks. */
interface DayRow {
  day: string | null;
  clicks: Count | null;
  unique_clicks: Count | null;
}

/** A sum as the drivers give it: a number (SQLite) or a string (PostgreSQL's bigint sums). */
type Count = number | string;

/**
 * linkTotals with the link's clicks and unique visitors per day of `trendRange` (days without
 * clicks absent), in one statement: the totals on every row, a row per day (none when the range
 * has no clicks, the left join's one row of totals then). On PostgreSQL one statement less a
 * request for a link's statistics; prepared, as linkTotals. The join's link id is cast to the
 * column's type: with a bare parameter there SQLite prepares the statement again at every run
 * (54 µs against 20; docs/decisions/sqlite-statement-cache.md).
 */
export async function linkTotalsAndDays(
  db: Kysely<Database>,
  linkId: number,
  sinceDay: string,
  botRange: DayRange,
  trendRange: DayRange,
): Promise<{ totals: LinkTotals; daily: Map<string, DayCounts> }> {
  const { rows } = await sql<TotalsRow & DayRow>`/* prepared */
    select totals."unique", totals.since, totals.bots, days.day, days.clicks, days.unique_clicks
    from (select ${totalsColumns(linkId, sinceDay, botRange)}) totals
    left join link_daily_stats days
      on days.link_id = cast(${linkId} as integer)
      and days.day >= ${trendRange.from} and days.day <= ${trendRange.to}`.execute(db);
  const totals = totalsOf(rows[0]!);
  const daily = new Map<string, DayCounts>();
  for (const row of rows) {
    if (row.day !== null) daily.set(row.day, { clicks: Number(row.clicks), unique: Number(row.unique_clicks) });
  }
  return { totals, daily };
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
  // Templates, prepared on PostgreSQL as linkTotals (a text for each number of dimensions).
  const asked = sql.join([...dimensions]);
  if (range) {
    const { rows } = await sql<{ dimension: string; value: string; clicks: Count }>`/* prepared */
      select dimension, value, sum(clicks) as clicks from link_daily_dimension_stats
      where link_id = ${linkId} and dimension in (${asked}) and day >= ${range.from} and day <= ${range.to}
      group by dimension, value`.execute(db);
    rows.forEach(add);
    for (const [dimension, rowsOf] of byDimension) byDimension.set(dimension, sortBreakdown(rowsOf));
    return byDimension;
  }
  const { rows } = await sql<{ dimension: string; value: string; clicks: Count }>`/* prepared */
    select dimension, value, clicks from link_dimension_stats
    where link_id = ${linkId} and dimension in (${asked}) and clicks > 0
    order by clicks desc, value asc`.execute(db);
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
export async function accountTotals(
  db: Kysely<Database>,
  workspaceId: number,
): Promise<{ clicks: number; unique: number }> {
  const row = await db
    .selectFrom('workspace_daily_stats')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('unique_clicks'), eb.lit(0)).as('unique'),
    ])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return { clicks: Number(row?.clicks ?? 0), unique: Number(row?.unique ?? 0) };
}

/** The account's clicks and unique visitors per day of the range. */
export async function accountDaily(
  db: Kysely<Database>,
  workspaceId: number,
  range: DayRange,
): Promise<Map<string, DayCounts>> {
  const rows = await db
    .selectFrom('workspace_daily_stats')
    .select(['day', 'clicks', 'unique_clicks'])
    .where('workspace_id', '=', workspaceId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .execute();
  return new Map(rows.map((row) => [row.day, { clicks: Number(row.clicks), unique: Number(row.unique_clicks) }]));
}

/** Links whose range is summed before the rest are considered (see topLinks). */
const TOP_LINK_CANDIDATES = 50;

interface TopLink {
  id: number;
  shortCode: string;
  clicks: number;
}

/** The order of the answer: more clicks first, then the newer link. */
const ranksBefore = (a: { clicks: number; id: number }, b: { clicks: number; id: number }) =>
  a.clicks > b.clicks || (a.clicks === b.clicks && a.id > b.id);

/**
 * The account's links with the most clicks over the range (ties: the newer link first).
 *
 * A link's clicks in any range are at most its `click_count` (the writers add to both in one
 * transaction, and only add). So the range is first summed for the links with the highest
 * click_count only, and that answer stands when the last of its top links ranks before the next
 * link's click_count: no link not summed can reach it. One statement, so on PostgreSQL the
 * counts and the sums are of one moment. When it cannot stand (links popular before the range
 * and quiet in it), every link's range is summed. Over 1,000 links and 90 days that is 90,000
 * rollup rows against the first pass's 4,500.
 */
export async function topLinks(
  db: Kysely<Database>,
  workspaceId: number,
  range: DayRange,
  limit: number,
): Promise<TopLink[]> {
  const first = Math.max(TOP_LINK_CANDIDATES, limit);
  const candidates = await db
    .selectFrom('links')
    .select((eb) => [
      'links.id as id',
      'links.short_code as shortCode',
      'links.click_count as clickCount',
      eb
        .selectFrom('link_daily_stats')
        .select((inner) => inner.fn.sum<number>('link_daily_stats.clicks').as('clicks'))
        .whereRef('link_daily_stats.link_id', '=', 'links.id')
        .where('link_daily_stats.day', '>=', range.from)
        .where('link_daily_stats.day', '<=', range.to)
        .as('clicks'),
    ])
    .where('links.workspace_id', '=', workspaceId)
    .orderBy('links.click_count', 'desc')
    .orderBy('links.id', 'desc')
    .limit(first + 1)
    .execute();
  const summed = candidates.slice(0, first);
  const top = summed
    .filter((row) => row.clicks !== null)
    .map((row) => ({ id: row.id, shortCode: row.shortCode, clicks: Number(row.clicks) }))
    .sort((a, b) => (ranksBefore(a, b) ? -1 : 1))
    .slice(0, limit);
  const next = candidates[summed.length];
  const last = top[limit - 1];
  // No link left with a click at all, or none that could rank before the last of the answer.
  const bound = next === undefined ? 0 : Number(next.clickCount);
  const stands = bound === 0 || (last !== undefined && ranksBefore(last, { clicks: bound, id: next!.id }));
  return stands ? top : topLinksOfEveryLink(db, workspaceId, range, limit);
}

/** topLinks the long way: every link's range summed; only the links carrying any of `tagKeys` when given. */
export async function topLinksOfEveryLink(
  db: Kysely<Database>,
  workspaceId: number,
  range: DayRange,
  limit: number,
  tagKeys?: readonly string[],
): Promise<TopLink[]> {
  let query = db
    .selectFrom('link_daily_stats')
    .innerJoin('links', 'links.id', 'link_daily_stats.link_id')
    .select((eb) => [
      'links.id as id',
      'links.short_code as shortCode',
      eb.fn.sum<number>('link_daily_stats.clicks').as('clicks'),
    ])
    .where('links.workspace_id', '=', workspaceId)
    .where('link_daily_stats.day', '>=', range.from)
    .where('link_daily_stats.day', '<=', range.to);
  if (tagKeys) query = query.where('links.id', 'in', taggedLinkIds(db, workspaceId, tagKeys));
  const rows = await query
    .groupBy(['links.id', 'links.short_code'])
    .orderBy('clicks', 'desc')
    .orderBy('links.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, shortCode: row.shortCode, clicks: Number(row.clicks) }));
}

export async function accountClicksSince(db: Kysely<Database>, workspaceId: number, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('workspace_daily_stats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'))
    .where('workspace_id', '=', workspaceId)
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
    update workspace_daily_stats
    set clicks = workspace_daily_stats.clicks - gone.clicks,
      unique_clicks = workspace_daily_stats.unique_clicks - gone.unique_clicks
    from (
      select links.workspace_id, link_daily_stats.day, link_daily_stats.clicks, link_daily_stats.unique_clicks
      from link_daily_stats join links on links.id = link_daily_stats.link_id
      where link_daily_stats.link_id = ${linkId}
    ) as gone
    where workspace_daily_stats.workspace_id = gone.workspace_id and workspace_daily_stats.day = gone.day
  `.execute(trx);
  await sql`
    update workspace_daily_dimension_stats as account
    set clicks = account.clicks - gone.clicks
    from (
      select links.workspace_id, stats.day, stats.dimension, stats.value, stats.clicks
      from link_daily_dimension_stats as stats join links on links.id = stats.link_id
      where stats.link_id = ${linkId}
    ) as gone
    where account.workspace_id = gone.workspace_id and account.dimension = gone.dimension
      and account.day = gone.day and account.value = gone.value
  `.execute(trx);
}

/**
 * The links of a workspace carrying any of these tags (keys: `tagKey` of each name), as a subquery
 * found through `link_tags_tag`. The statistics restricted to a tag are those of its links now,
 * summed from their own daily rollups.
 */
export const taggedLinkIds = (db: Kysely<Database>, workspaceId: number, keys: readonly string[]) =>
  db
    .selectFrom('link_tags')
    .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
    .select('link_tags.link_id')
    .where('tags.workspace_id', '=', workspaceId)
    .where('tags.name_key', 'in', keys);

/** accountTotals, accountClicksSince and accountDaily for the links carrying any of the tags. */
export async function taggedTotals(
  db: Kysely<Database>,
  workspaceId: number,
  keys: readonly string[],
  range: DayRange,
  monthStart: string,
): Promise<{ clicks: number; unique: number; thisMonth: number; daily: Map<string, DayCounts> }> {
  const links = taggedLinkIds(db, workspaceId, keys);
  const [totals, month, daily] = await Promise.all([
    db
      .selectFrom('link_daily_stats')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
        eb.fn.coalesce(eb.fn.sum<number>('unique_clicks'), eb.lit(0)).as('unique'),
      ])
      .where('link_id', 'in', links)
      .executeTakeFirst(),
    db
      .selectFrom('link_daily_stats')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'))
      .where('link_id', 'in', links)
      .where('day', '>=', monthStart)
      .executeTakeFirst(),
    db
      .selectFrom('link_daily_stats')
      .select((eb) => [
        'day',
        eb.fn.sum<number>('clicks').as('clicks'),
        eb.fn.sum<number>('unique_clicks').as('unique'),
      ])
      .where('link_id', 'in', links)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('day')
      .execute(),
  ]);
  return {
    clicks: Number(totals?.clicks ?? 0),
    unique: Number(totals?.unique ?? 0),
    thisMonth: Number(month?.clicks ?? 0),
    daily: new Map(daily.map((row) => [row.day, { clicks: Number(row.clicks), unique: Number(row.unique) }])),
  };
}

/**
 * The account's breakdowns over the range (each dimension's `limit` values with the most clicks),
 * from its own daily rollup; for the links carrying any of `tagKeys`, summed from theirs.
 */
export async function accountBreakdowns(
  db: Kysely<Database>,
  workspaceId: number,
  dimensions: readonly RollupDimension[],
  range: DayRange,
  limit: number,
  tagKeys?: readonly string[],
): Promise<Map<RollupDimension, Array<{ value: string; clicks: number }>>> {
  // Both sources hold the same columns; only the rows that belong to the scope differ.
  const source = tagKeys
    ? sql`link_daily_dimension_stats where link_id in (${taggedLinkIds(db, workspaceId, tagKeys)})`
    : sql`workspace_daily_dimension_stats where workspace_id = ${workspaceId}`;
  const { rows } = await sql<{ dimension: string; value: string; clicks: number | string }>`
    select dimension, value, sum(clicks) as clicks from ${source}
      and dimension in (${sql.join([...dimensions])}) and day >= ${range.from} and day <= ${range.to}
    group by dimension, value`.execute(db);
  const byDimension = new Map(dimensions.map((d) => [d, [] as Array<{ value: string; clicks: number }>]));
  for (const row of rows) {
    byDimension.get(row.dimension as RollupDimension)?.push({ value: row.value, clicks: Number(row.clicks) });
  }
  for (const [dimension, list] of byDimension) byDimension.set(dimension, sortBreakdown(list).slice(0, limit));
  return byDimension;
}

export const statsStore = {
  accountBreakdowns,
  taggedTotals,
  taggedTopLinks: (
    db: Kysely<Database>,
    workspaceId: number,
    tagKeys: readonly string[],
    range: DayRange,
    limit: number,
  ) => topLinksOfEveryLink(db, workspaceId, range, limit, tagKeys),
  linkTotals,
  linkTotalsAndDays,
  breakdown,
  breakdowns,
  optionPicks,
  accountTotals,
  accountDaily,
  topLinks,
  accountClicksSince,
  forgetLinkClicks,
};
