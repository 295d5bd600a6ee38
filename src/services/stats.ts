import type { Kysely } from 'kysely';
import { invalidField } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import { assertBusiness, hasBusinessAccess } from '../core/plans.ts';
import { DIMENSIONS, type Dimension } from '../storage/click-tally.ts';
import type { Database } from '../storage/schema.ts';
import { breakdown, clicksSince, dailyClicks, optionPicks } from '../storage/stats.kysely.ts';

export const TREND_DAYS = 30;
const DAY_MS = 86_400_000;

export interface LinkStats {
  link_id: number;
  total_clicks: number;
  clicks_this_month: number;
  trend?: Array<{ date: string; clicks: number }>;
  country?: Array<{ value: string; clicks: number }>;
  device?: Array<{ value: string; clicks: number }>;
  browser?: Array<{ value: string; clicks: number }>;
  os?: Array<{ value: string; clicks: number }>;
  options?: Array<{ url: string; picks: number }>;
}

/** `with=country,os`: Business only (403 first), then each value must be a known dimension (422). */
export function parseWith(principal: Principal, raw: string | undefined): Dimension[] {
  if (raw === undefined || raw.trim() === '') return [];
  assertBusiness(principal.user.plan, 'Statistics breakdowns');
  const asked = raw.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean);
  for (const item of asked) {
    if (!(DIMENSIONS as readonly string[]).includes(item)) throw invalidField('with', `The selected with is invalid: use ${DIMENSIONS.join(', ')}.`);
  }
  return [...new Set(asked as Dimension[])];
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Totals on every plan; the 30-day trend (UTC, oldest first, zero-filled) and the breakdowns on
 * Business; pick counts per option for a choice page. All from rollups.
 */
export async function getLinkStats(db: Kysely<Database>, principal: Principal, link: Link, dimensions: Dimension[], now: Date): Promise<LinkStats> {
  const monthStart = `${now.toISOString().slice(0, 7)}-01`;
  const stats: LinkStats = { link_id: link.id, total_clicks: link.clickCount, clicks_this_month: await clicksSince(db, link.id, monthStart) };
  if (!hasBusinessAccess(principal.user.plan)) return stats;
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (TREND_DAYS - 1) * DAY_MS);
  const daily = await dailyClicks(db, link.id, utcDay(firstDay));
  stats.trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const date = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
    return { date, clicks: daily.get(date) ?? 0 };
  });
  for (const dimension of dimensions) stats[dimension] = await breakdown(db, link.id, dimension);
  if (link.type === 'choice_page') stats.options = await optionPicks(db, link.id);
  return stats;
}
