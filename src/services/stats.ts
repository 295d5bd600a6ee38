import { invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { assertBusiness, hasBusinessAccess } from '../core/plans.ts';
import type { LinkStats } from '../schemas/stats.ts';
import { DIMENSIONS, STOREFRONT_DIMENSION, VARIANT_DIMENSION } from '../storage/click-tally.ts';

/** What `with` may name: the visit's dimensions, and where localised clicks went. */
export const WITH_DIMENSIONS = [...DIMENSIONS, STOREFRONT_DIMENSION] as const;
export type WithDimension = (typeof WITH_DIMENSIONS)[number];
import type { Stores } from '../storage/stores.ts';
import { getLinkOrThrow } from './links.ts';

export const TREND_DAYS = 30;
const DAY_MS = 86_400_000;

/** `with=country,os`: Business only (403 first), then each value must be a known dimension (422). */
export function parseWith(principal: Principal, raw: string | undefined): WithDimension[] {
  if (raw === undefined || raw.trim() === '') return [];
  assertBusiness(principal.user.plan, 'Statistics breakdowns');
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

/**
 * Totals on every plan; the 30-day trend (UTC, oldest first, zero-filled) and the breakdowns on
 * Business; pick counts per option for a choice page, clicks per variant for an A/B split. All
 * from rollups.
 */
export async function getLinkStats(
  stores: Stores,
  principal: Principal,
  linkId: number,
  dimensions: WithDimension[],
  now: Date,
): Promise<LinkStats> {
  const link = await getLinkOrThrow(stores, principal, linkId);
  const monthStart = `${now.toISOString().slice(0, 7)}-01`;
  const stats: LinkStats = {
    link_id: link.id,
    total_clicks: link.clickCount,
    clicks_this_month: await stores.stats.clicksSince(link.id, monthStart),
  };
  if (!hasBusinessAccess(principal.user.plan)) return stats;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = new Date(today - (TREND_DAYS - 1) * DAY_MS);
  const daily = await stores.stats.dailyClicks(link.id, utcDay(firstDay));
  stats.trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const date = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
    return { date, clicks: daily.get(date) ?? 0 };
  });
  for (const dimension of dimensions) stats[dimension] = await stores.stats.breakdown(link.id, dimension);
  if (link.type === 'choice_page') stats.options = await stores.stats.optionPicks(link.id);
  if (link.variants !== null) {
    const byIndex = new Map(
      (await stores.stats.breakdown(link.id, VARIANT_DIMENSION)).map(({ value, clicks }) => [value, clicks]),
    );
    stats.variants = link.variants.map(({ url }, index) => ({ url, clicks: byIndex.get(String(index)) ?? 0 }));
  }
  return stats;
}
