import { invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { assertBusiness, hasBusinessAccess } from '../core/plans.ts';
import type { AccountStats, LinkStats } from '../schemas/stats.ts';
import { DIMENSIONS, STOREFRONT_DIMENSION, VARIANT_DIMENSION } from '../core/clicks.ts';
import { formatMinor, perClick } from '../core/money.ts';
import type { DayCounts, DayRange } from '../storage/stats.kysely.ts';
import { tagKey } from '../core/tags.ts';
import type { Stores } from '../storage/stores.ts';
import { getLinkOrThrow } from './links.ts';

export const TREND_DAYS = 30;
/** The longest range `from`/`to` may span: a leap year (docs/api.md, "GET /links/{id}/stats"). */
export const MAX_RANGE_DAYS = 366;
const TOP_LINKS = 10;
const DAY_MS = 86_400_000;

/** What `with` may name: the visit's dimensions, and where localised clicks went. */
export const WITH_DIMENSIONS = [...DIMENSIONS, STOREFRONT_DIMENSION] as const;
export type WithDimension = (typeof WITH_DIMENSIONS)[number];

/** `with=country,os`: Business only (403 first), then each value must be a known dimension (422). */
export function parseWith(principal: Principal, raw: string | undefined): WithDimension[] {
  if (raw === undefined || raw.trim() === '') return [];
  assertBusiness(principal.workspace.plan, 'Statistics breakdowns');
  const asked = raw
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  for (const item of asked) {
    if (!(WITH_DIMENSIONS as readonly string[]).includes(item)) {
      throw invalidField('with', `The selected with is invalid: use ${WITH_DIMENSIONS.join(', ')}.`);
    }
  }
  return [...new Set(asked as WithDimension[])];
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** A real calendar day: the pattern lets 2026-02-31 through, Date.parse rolls it over. */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && utcDay(new Date(time)) === day;
}

/**
 * `from`/`to` (docs/api.md, Statistics): Business only (403 first), both real days, `from <= to`,
 * at most 366 days (422). Undefined when neither is sent; one alone runs to today or back 30 days.
 */
export function parseRange(
  principal: Principal,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): DayRange | undefined {
  if (query.from === undefined && query.to === undefined) return undefined;
  assertBusiness(principal.workspace.plan, 'Date ranges');
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && !isCalendarDay(day)) throw invalidField(field, `The ${field} field must be a real date.`);
  }
  const to = query.to ?? utcDay(now);
  const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (TREND_DAYS - 1) * DAY_MS));
  if (from > to) throw invalidField('from', 'The from field must be a date before or equal to to.');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS) {
    throw invalidField('to', `The range must not be longer than ${MAX_RANGE_DAYS} days.`);
  }
  return { from, to };
}

/** The default range: the last 30 UTC days including today. */
function lastDays(now: Date): DayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: utcDay(new Date(today - (TREND_DAYS - 1) * DAY_MS)), to: utcDay(new Date(today)) };
}

/** Every day of the range, oldest first, zero-filled. */
function trendOf(range: DayRange, daily: ReadonlyMap<string, DayCounts>) {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  const first = Date.parse(`${range.from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(first + i * DAY_MS));
    const counts = daily.get(date);
    return { date, clicks: counts?.clicks ?? 0, unique_clicks: counts?.unique ?? 0 };
  });
}

const monthStartOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

/** Every day there is: a link's conversions of all time. */
const ALL_DAYS: DayRange = { from: '0000-01-01', to: '9999-12-31' };

/** The rollups' totals per currency, with the rates over `clicks` counted clicks of the same days. */
function conversionTotals(
  rows: ReadonlyArray<{ currency: string; conversions: number; revenueMinor: bigint; earningsMinor: bigint }>,
  clicks: number,
) {
  return rows.map((row) => ({
    currency: row.currency,
    conversions: row.conversions,
    revenue: formatMinor(row.revenueMinor, row.currency),
    earnings: formatMinor(row.earningsMinor, row.currency),
    conversion_rate: clicks > 0 ? Math.round((row.conversions / clicks) * 10_000) / 10_000 : 0,
    epc: perClick(row.earningsMinor, clicks, row.currency),
  }));
}

const sumClicks = (daily: ReadonlyMap<string, DayCounts>) =>
  [...daily.values()].reduce((sum, counts) => sum + counts.clicks, 0);

/**
 * Totals and unique visitors on every plan; on Business the trend (the last 30 UTC days, or the
 * range), the breakdowns and the bot visits (all time, or the range); pick counts per option for
 * a choice page, clicks per variant for an A/B split. All from rollups.
 */
export async function getLinkStats(
  stores: Stores,
  principal: Principal,
  linkId: number,
  dimensions: WithDimension[],
  now: Date,
  range?: DayRange,
): Promise<LinkStats> {
  const link = await getLinkOrThrow(stores, principal, linkId);
  const business = hasBusinessAccess(principal.workspace.plan);
  const trendRange = range ?? lastDays(now);
  // Every query at once: on PostgreSQL each goes to a pooled connection of its own, so the
  // answer takes about the longest query, not the sum of a dozen round trips.
  const [unique, thisMonth, daily, breakdowns, options, bots, money] = await Promise.all([
    stores.stats.uniqueClicks(link.id),
    stores.stats.clicksSince(link.id, monthStartOf(now)),
    business ? stores.stats.dailyClicks(link.id, trendRange) : undefined,
    business
      ? stores.stats.breakdowns(
          link.id,
          link.variants === null ? dimensions : [...dimensions, VARIANT_DIMENSION],
          range,
        )
      : undefined,
    business && link.type === 'choice_page' ? stores.stats.optionPicks(link.id) : undefined,
    business ? stores.stats.botVisits(link.id, range) : undefined,
    business ? stores.conversions.totals({ linkId: link.id }, (range ?? ALL_DAYS).from, (range ?? ALL_DAYS).to) : [],
  ]);
  const stats: LinkStats = {
    link_id: link.id,
    total_clicks: link.clickCount,
    unique_clicks: unique,
    clicks_this_month: thisMonth,
  };
  if (!business) return stats;
  stats.trend = trendOf(trendRange, daily!);
  stats.bot_visits = bots!;
  stats.conversions = conversionTotals(money, range ? sumClicks(daily!) : link.clickCount);
  for (const dimension of dimensions) stats[dimension] = breakdowns!.get(dimension)!;
  if (options) stats.options = options;
  if (link.variants !== null) {
    const byIndex = new Map(breakdowns!.get(VARIANT_DIMENSION)!.map(({ value, clicks }) => [value, clicks]));
    stats.variants = link.variants.map(({ url }, index) => ({ url, clicks: byIndex.get(String(index)) ?? 0 }));
  }
  return stats;
}

/** GET /stats?tag=: the same figures for the links carrying any of the tags, from their own rollups. */
async function getTaggedStats(
  stores: Stores,
  workspaceId: number,
  keys: readonly string[],
  now: Date,
  over: DayRange,
): Promise<AccountStats> {
  const [totals, top, money] = await Promise.all([
    stores.stats.taggedTotals(workspaceId, keys, over, monthStartOf(now)),
    stores.stats.taggedTopLinks(workspaceId, keys, over, TOP_LINKS),
    stores.conversions.totals({ workspaceId, tagKeys: keys }, over.from, over.to),
  ]);
  return {
    total_clicks: totals.clicks,
    unique_clicks: totals.unique,
    clicks_this_month: totals.thisMonth,
    trend: trendOf(over, totals.daily),
    top_links: top.map((link) => ({ id: link.id, short_code: link.shortCode, clicks: link.clicks })),
    conversions: conversionTotals(money, sumClicks(totals.daily)),
  };
}

/** GET /stats (Business): the account's totals, its trend and its top links over the range. */
export async function getAccountStats(
  stores: Stores,
  principal: Principal,
  now: Date,
  range?: DayRange,
  tags?: readonly string[],
): Promise<AccountStats> {
  const workspaceId = principal.workspace.id;
  const over = range ?? lastDays(now);
  if (tags !== undefined) return getTaggedStats(stores, workspaceId, tags.map(tagKey), now, over);
  // At once, as for a link's statistics: on PostgreSQL the answer waits for the slowest query.
  const [totals, thisMonth, daily, top, money] = await Promise.all([
    stores.stats.accountTotals(workspaceId),
    stores.stats.accountClicksSince(workspaceId, monthStartOf(now)),
    stores.stats.accountDaily(workspaceId, over),
    stores.stats.topLinks(workspaceId, over, TOP_LINKS),
    stores.conversions.totals({ workspaceId }, over.from, over.to),
  ]);
  return {
    total_clicks: totals.clicks,
    unique_clicks: totals.unique,
    clicks_this_month: thisMonth,
    trend: trendOf(over, daily),
    top_links: top.map((link) => ({
      id: link.id,
      short_code: link.shortCode,
      clicks: link.clicks,
    })),
    conversions: conversionTotals(money, sumClicks(daily)),
  };
}
