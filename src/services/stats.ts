import { invalidField } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import { assertBusiness, hasBusinessAccess } from '../core/plans.ts';
import type { AccountStats, LinkStats } from '../schemas/stats.ts';
import {
  DIMENSIONS,
  FILTER_DIMENSIONS,
  parseProgramValue,
  PROGRAM_DIMENSION,
  programValue,
  STOREFRONT_DIMENSION,
  VARIANT_DIMENSION,
} from '../core/clicks.ts';
import { findProgram } from '../core/affiliate.ts';
import { formatMinor, perClick } from '../core/money.ts';
import { ALL_DAYS, type DayCounts, type DayRange } from '../storage/stats.kysely.ts';
import { tagKey } from '../core/tags.ts';
import type { FacetDimension, FacetFilters, FacetScope } from '../storage/facet-stats.kysely.ts';
import type { ConversionDay, ConversionSums } from '../storage/conversions.kysely.ts';
import type { Stores } from '../storage/stores.ts';

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

/** The click-to-filter parameters, named as the breakdowns are. */
export const FILTERS = FILTER_DIMENSIONS;

/**
 * `country=DE&device=mobile`: Business only (403 first, like `with`); undefined when none is sent.
 * A country is compared in upper case, as the breakdown shows it; any other value as sent.
 */
export function parseFilters(
  principal: Principal,
  query: Partial<Record<(typeof FILTERS)[number], string>>,
): FacetFilters | undefined {
  const filters: FacetFilters = {};
  for (const name of FILTERS) {
    const value = query[name];
    if (value !== undefined) filters[name] = name === 'country' ? value.toUpperCase() : value;
  }
  if (Object.keys(filters).length === 0) return undefined;
  assertBusiness(principal.workspace.plan, 'Statistics filters');
  return filters;
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

/**
 * Every day of the range, oldest first, zero-filled, each with its conversions per currency (rates
 * over the day's clicks); unique visitors null when filtered (`unique` false).
 */
function trendOf(
  range: DayRange,
  daily: ReadonlyMap<string, DayCounts>,
  money: readonly ConversionDay[],
  unique = true,
) {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  const first = Date.parse(`${range.from}T00:00:00Z`);
  const moneyByDay = Map.groupBy(money, (row) => row.day);
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(first + i * DAY_MS));
    const counts = daily.get(date);
    const clicks = counts?.clicks ?? 0;
    return {
      date,
      clicks,
      unique_clicks: unique ? (counts?.unique ?? 0) : null,
      conversions: conversionTotals(moneyByDay.get(date) ?? [], clicks),
    };
  });
}

/** Per currency, the sum of a scope's days. */
function summedDays(days: readonly ConversionDay[]): ConversionSums[] {
  const byCurrency = new Map<string, ConversionSums>();
  for (const day of days) {
    const sums = byCurrency.get(day.currency);
    if (!sums) byCurrency.set(day.currency, { ...day });
    else {
      sums.conversions += day.conversions;
      sums.revenueMinor += day.revenueMinor;
      sums.earningsMinor += day.earningsMinor;
    }
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

const monthStartOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

/** The rollups' totals per currency, with the rates over `clicks` counted clicks of the same days. */
function conversionTotals(rows: readonly ConversionSums[], clicks: number) {
  return rows.map((row) => ({
    currency: row.currency,
    conversions: row.conversions,
    revenue: formatMinor(row.revenueMinor, row.currency),
    earnings: formatMinor(row.earningsMinor, row.currency),
    conversion_rate: clicks > 0 ? Math.round((row.conversions / clicks) * 10_000) / 10_000 : 0,
    epc: perClick(row.earningsMinor, clicks, row.currency),
  }));
}

/**
 * A link's conversions per currency (all time, or over the range) and per day of its trend, in one
 * query: with a range the totals are its days summed.
 */
async function linkMoney(stores: Stores, linkId: number, range: DayRange | undefined, trendRange: DayRange) {
  if (range) {
    const days = await stores.conversions.days({ linkId }, range.from, range.to);
    return { totals: summedDays(days), days };
  }
  return stores.conversions.ofLink(linkId, ALL_DAYS, trendRange);
}

/** Per program and tracking id, as many as there are (at most 22 programs x 21 ids). */
const PROGRAM_ROWS = 1_000;

/**
 * The account's clicks per affiliate program and tracking id over the range (the `program`
 * breakdown rows the click writer keeps), with their conversions per currency: most clicks first.
 */
async function programReport(stores: Stores, workspaceId: number, over: DayRange) {
  const [clicks, money] = await Promise.all([
    stores.stats.accountBreakdowns(workspaceId, [PROGRAM_DIMENSION], over, PROGRAM_ROWS),
    stores.conversions.programs(workspaceId, over.from, over.to),
  ]);
  const report = new Map<string, { programId: number; trackingId: string | null; clicks: number }>();
  for (const { value, clicks: count } of clicks.get(PROGRAM_DIMENSION)!) {
    report.set(value, { ...parseProgramValue(value), clicks: count });
  }
  const moneyOf = Map.groupBy(money, (row) => programValue(row.programId, row.trackingId));
  for (const row of money) {
    const value = programValue(row.programId, row.trackingId);
    if (!report.has(value)) report.set(value, { programId: row.programId, trackingId: row.trackingId, clicks: 0 });
  }
  return [...report.entries()]
    .map(([value, { programId, trackingId, clicks: count }]) => ({
      program_id: programId,
      program: findProgram(programId)?.name ?? `Program ${programId}`,
      tracking_id: trackingId,
      clicks: count,
      conversions: conversionTotals(moneyOf.get(value) ?? [], count),
    }))
    .sort((a, b) => b.clicks - a.clicks || a.program_id - b.program_id || compareTracking(a, b))
    .slice(0, PROGRAM_ROWS);
}

const compareTracking = (a: { tracking_id: string | null }, b: { tracking_id: string | null }) =>
  (a.tracking_id ?? '').localeCompare(b.tracking_id ?? '');

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
  link: Link,
  dimensions: WithDimension[],
  now: Date,
  range?: DayRange,
  filters?: FacetFilters,
): Promise<LinkStats> {
  if (filters) return getFilteredLinkStats(stores, link, dimensions, now, range, filters);
  const business = hasBusinessAccess(principal.workspace.plan);
  const trendRange = range ?? lastDays(now);
  // Every query at once: on PostgreSQL each goes to a pooled connection of its own, so the
  // answer takes about the longest query, not the sum of a dozen round trips.
  const [own, breakdowns, options, money] = await Promise.all([
    business
      ? stores.stats.linkTotalsAndDays(link.id, monthStartOf(now), range ?? ALL_DAYS, trendRange)
      : stores.stats.linkTotals(link.id, monthStartOf(now)).then((totals) => ({ totals, daily: undefined })),
    business
      ? stores.stats.breakdowns(
          link.id,
          link.variants === null ? dimensions : [...dimensions, VARIANT_DIMENSION],
          range,
        )
      : undefined,
    business && link.type === 'choice_page' ? stores.stats.optionPicks(link.id) : undefined,
    business ? linkMoney(stores, link.id, range, trendRange) : undefined,
  ]);
  const { totals, daily } = own;
  const stats: LinkStats = {
    link_id: link.id,
    total_clicks: link.clickCount,
    unique_clicks: totals.unique,
    clicks_this_month: totals.since,
  };
  if (!business) return stats;
  stats.trend = trendOf(trendRange, daily!, money!.days);
  stats.bot_visits = totals.bots;
  stats.conversions = conversionTotals(money!.totals, range ? sumClicks(daily!) : link.clickCount);
  for (const dimension of dimensions) stats[dimension] = breakdowns!.get(dimension)!;
  if (options) stats.options = options;
  if (link.variants !== null) {
    const byIndex = new Map(breakdowns!.get(VARIANT_DIMENSION)!.map(({ value, clicks }) => [value, clicks]));
    stats.variants = link.variants.map(({ url }, index) => ({ url, clicks: byIndex.get(String(index)) ?? 0 }));
  }
  return stats;
}

/**
 * A link's statistics restricted to the visits matching every filter, from link_daily_facets:
 * the clicks (all time), this month, the trend and the breakdowns; unique visitors null. The bot
 * visits, the choice-page picks and the conversions are the link's own, unfiltered (neither bots,
 * picks nor conversions are in the facets).
 */
async function getFilteredLinkStats(
  stores: Stores,
  link: Link,
  dimensions: WithDimension[],
  now: Date,
  range: DayRange | undefined,
  filters: FacetFilters,
): Promise<LinkStats> {
  const scope = { linkId: link.id };
  const trendRange = range ?? lastDays(now);
  const asked: FacetDimension[] = link.variants === null ? dimensions : [...dimensions, 'variant'];
  const [totals, breakdowns, options, own, money] = await Promise.all([
    stores.facets.totals(scope, filters, undefined, monthStartOf(now), trendRange),
    Promise.all(asked.map((dimension) => stores.facets.breakdown(scope, filters, dimension, range))),
    link.type === 'choice_page' ? stores.stats.optionPicks(link.id) : undefined,
    stores.stats.linkTotals(link.id, monthStartOf(now), range),
    linkMoney(stores, link.id, range, trendRange),
  ]);
  const stats: LinkStats = {
    link_id: link.id,
    total_clicks: totals.clicks,
    unique_clicks: null,
    clicks_this_month: totals.since,
    trend: trendOf(trendRange, totals.daily, money.days, false),
    bot_visits: own.bots,
    conversions: conversionTotals(money.totals, range ? sumClicks(totals.daily) : link.clickCount),
  };
  dimensions.forEach((dimension, i) => {
    stats[dimension] = breakdowns[i]!;
  });
  if (options) stats.options = options;
  if (link.variants !== null) {
    const byIndex = new Map(breakdowns.at(-1)!.map(({ value, clicks }) => [value, clicks]));
    stats.variants = link.variants.map(({ url }, index) => ({ url, clicks: byIndex.get(String(index)) ?? 0 }));
  }
  return stats;
}

/** The account breakdowns GET /stats always carries, each its 20 values with the most clicks. */
const ACCOUNT_BREAKDOWNS = ['country', 'referrer', 'device', 'browser', 'os', 'language'] as const;
const ACCOUNT_BREAKDOWN_VALUES = 20;

/** GET /stats with filters: every figure from link_daily_facets; unique visitors null. */
async function getFilteredAccountStats(
  stores: Stores,
  scope: FacetScope,
  filters: FacetFilters,
  now: Date,
  over: DayRange,
): Promise<AccountStats> {
  const [totals, top, breakdowns, money, programs] = await Promise.all([
    stores.facets.totals(scope, filters, undefined, monthStartOf(now), over),
    stores.facets.topLinks(scope, filters, over, TOP_LINKS),
    Promise.all(
      ACCOUNT_BREAKDOWNS.map((d) => stores.facets.breakdown(scope, filters, d, over, ACCOUNT_BREAKDOWN_VALUES)),
    ),
    stores.conversions.days(scope, over.from, over.to),
    'workspaceId' in scope && !scope.tagKeys ? programReport(stores, scope.workspaceId, over) : undefined,
  ]);
  return {
    total_clicks: totals.clicks,
    unique_clicks: null,
    clicks_this_month: totals.since,
    trend: trendOf(over, totals.daily, money, false),
    top_links: top.map((link) => ({ id: link.id, short_code: link.shortCode, clicks: link.clicks })),
    conversions: conversionTotals(summedDays(money), sumClicks(totals.daily)),
    ...(programs && { programs }),
    ...accountBreakdownFields((d) => breakdowns[ACCOUNT_BREAKDOWNS.indexOf(d)]!),
  };
}

function accountBreakdownFields(of: (dimension: (typeof ACCOUNT_BREAKDOWNS)[number]) => Breakdown) {
  return Object.fromEntries(ACCOUNT_BREAKDOWNS.map((d) => [d, of(d)])) as Record<
    (typeof ACCOUNT_BREAKDOWNS)[number],
    Breakdown
  >;
}

type Breakdown = Array<{ value: string; clicks: number }>;

/** GET /stats?tag=: the same figures for the links carrying any of the tags, from their own rollups. */
async function getTaggedStats(
  stores: Stores,
  workspaceId: number,
  keys: readonly string[],
  now: Date,
  over: DayRange,
): Promise<AccountStats> {
  const [totals, top, money, breakdowns] = await Promise.all([
    stores.stats.taggedTotals(workspaceId, keys, over, monthStartOf(now)),
    stores.stats.taggedTopLinks(workspaceId, keys, over, TOP_LINKS),
    stores.conversions.days({ workspaceId, tagKeys: keys }, over.from, over.to),
    stores.stats.accountBreakdowns(workspaceId, ACCOUNT_BREAKDOWNS, over, ACCOUNT_BREAKDOWN_VALUES, keys),
  ]);
  return {
    total_clicks: totals.clicks,
    unique_clicks: totals.unique,
    clicks_this_month: totals.thisMonth,
    trend: trendOf(over, totals.daily, money),
    top_links: top.map((link) => ({ id: link.id, short_code: link.shortCode, clicks: link.clicks })),
    conversions: conversionTotals(summedDays(money), sumClicks(totals.daily)),
    ...accountBreakdownFields((d) => breakdowns.get(d)!),
  };
}

/** GET /stats (Business): the account's totals, its trend and its top links over the range. */
export async function getAccountStats(
  stores: Stores,
  principal: Principal,
  now: Date,
  range?: DayRange,
  tags?: readonly string[],
  filters?: FacetFilters,
): Promise<AccountStats> {
  const workspaceId = principal.workspace.id;
  const over = range ?? lastDays(now);
  const tagKeys = tags?.map(tagKey);
  if (filters) return getFilteredAccountStats(stores, { workspaceId, tagKeys }, filters, now, over);
  if (tagKeys !== undefined) return getTaggedStats(stores, workspaceId, tagKeys, now, over);
  // At once, as for a link's statistics: on PostgreSQL the answer waits for the slowest query.
  const [totals, thisMonth, daily, top, money, breakdowns, programs] = await Promise.all([
    stores.stats.accountTotals(workspaceId),
    stores.stats.accountClicksSince(workspaceId, monthStartOf(now)),
    stores.stats.accountDaily(workspaceId, over),
    stores.stats.topLinks(workspaceId, over, TOP_LINKS),
    stores.conversions.days({ workspaceId }, over.from, over.to),
    stores.stats.accountBreakdowns(workspaceId, ACCOUNT_BREAKDOWNS, over, ACCOUNT_BREAKDOWN_VALUES),
    programReport(stores, workspaceId, over),
  ]);
  return {
    total_clicks: totals.clicks,
    unique_clicks: totals.unique,
    clicks_this_month: thisMonth,
    trend: trendOf(over, daily, money),
    top_links: top.map((link) => ({
      id: link.id,
      short_code: link.shortCode,
      clicks: link.clicks,
    })),
    conversions: conversionTotals(summedDays(money), sumClicks(daily)),
    programs,
    ...accountBreakdownFields((d) => breakdowns.get(d)!),
  };
}
