import { RAW_BOTS_PER_DAY, type ClickEvent } from '../core/clicks.ts';

/** The dimensions every counted click is broken down by (`with=` on the stats). */
export const DIMENSIONS = [
  'country',
  'device',
  'browser',
  'os',
  'referrer',
  'language',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/**
 * The A/B variant a click was sent to is kept in the dimension rollups too, as `variant` with the
 * 0-based index as its value: stats answer `variants` from them, never from raw clicks.
 */
export const VARIANT_DIMENSION = 'variant';
/** Likewise the storefront a localised click was sent to (`amazon.de`, `apple:de`): `with=storefront`. */
export const STOREFRONT_DIMENSION = 'storefront';
export type RollupDimension = Dimension | typeof VARIANT_DIMENSION | typeof STOREFRONT_DIMENSION;

/** A click without a referrer came straight in; one without a language sent none. */
export const DIRECT = 'direct';
export const UNKNOWN_LANGUAGE = 'unknown';

/** Each rollup value of a click (a missing UTM value is no value: such clicks are not in that breakdown). */
function dimensionValues(event: ClickEvent): Array<[RollupDimension, string]> {
  const values: Array<[RollupDimension, string]> = [
    ['country', event.country],
    ['device', event.device],
    ['browser', event.browser],
    ['os', event.os],
    ['referrer', event.referrerHost ?? DIRECT],
    ['language', event.language ?? UNKNOWN_LANGUAGE],
  ];
  if (event.utmSource !== null) values.push(['utm_source', event.utmSource]);
  if (event.utmMedium !== null) values.push(['utm_medium', event.utmMedium]);
  if (event.utmCampaign !== null) values.push(['utm_campaign', event.utmCampaign]);
  if (event.variantIndex !== null) values.push([VARIANT_DIMENSION, String(event.variantIndex)]);
  if (event.storefront !== null) values.push([STOREFRONT_DIMENSION, event.storefront]);
  return values;
}

/** What one batch adds to links.click_count, the rollups, the choice-page picks and the day's visitors. */
export interface ClickTally {
  links: Map<number, number>;
  daily: Array<{ linkId: number; day: string; clicks: number }>;
  dailyDimension: Array<{ linkId: number; day: string; dimension: RollupDimension; value: string; clicks: number }>;
  dimension: Array<{ linkId: number; dimension: RollupDimension; value: string; clicks: number }>;
  picks: Array<{ linkId: number; position: number; picks: number }>;
  /** Each visitor (visitorKey, not yet salted) of each link on each day, once. */
  visitors: Array<{ linkId: number; day: string; visitor: string }>;
  /** Bot visits per link and day, all counted (link_daily_bots); the day's first are raw rows too (rawClickEvents). */
  bots: Array<{ linkId: number; day: string; bots: number }>;
}

/** A link's UTC day, as the key of the bot counts. */
export const linkDay = (linkId: number, day: string) => `${linkId}\n${day}`;

/**
 * The clicks of a batch to write as raw rows, in their order: every human visit, and each bot
 * visit among the first RAW_BOTS_PER_DAY of its link's day. `bots` is the batch's tally of them;
 * `botTotals` holds each (link, day)'s count with the batch added, by linkDay (the count's upsert
 * returns it, so nothing is read first): the batch's bot visits of that day are numbered on from
 * that total less theirs.
 */
export function rawClickEvents(
  events: readonly ClickEvent[],
  bots: ClickTally['bots'],
  botTotals: ReadonlyMap<string, number>,
): readonly ClickEvent[] {
  if (bots.length === 0) return events;
  // Each (link, day)'s number, counted from 0, for its next bot visit of the batch.
  const next = new Map<string, number>();
  for (const b of bots) {
    const key = linkDay(b.linkId, b.day);
    next.set(key, botTotals.get(key)! - b.bots);
  }
  return events.filter((event) => {
    if (!event.bot) return true;
    const key = linkDay(event.linkId, event.at.slice(0, 10));
    const ordinal = next.get(key)!;
    next.set(key, ordinal + 1);
    return ordinal < RAW_BOTS_PER_DAY;
  });
}

/**
 * Pre-aggregates a batch, so 1,000 clicks on a few links become a handful of upserts. Clicks are
 * first grouped by everything the rollups look at (one Map lookup per click: most clicks share
 * link, day and dimension values with many others), then each group is spread over the rollups.
 * Bots count nowhere but in their own daily count; a choice-page pick counts for its option, not
 * as a click.
 */
export function tallyClicks(events: readonly ClickEvent[]): ClickTally {
  const groups = new Map<string, { event: ClickEvent; day: string; clicks: number }>();
  const picks = new Map<string, { linkId: number; position: number; picks: number }>();
  const visitors = new Map<string, { linkId: number; day: string; visitor: string }>();
  const bots = new Map<string, { linkId: number; day: string; bots: number }>();
  // A click like the one before it (a popular link's clicks come in runs) joins that click's
  // group without building the key: comparing a dozen fields is cheaper than a 13-part string.
  let lastGroup: { event: ClickEvent; day: string; clicks: number } | undefined;
  let lastVisitor = '';
  for (const event of events) {
    if (event.bot) {
      const day = event.at.slice(0, 10);
      const key = linkDay(event.linkId, day);
      const found = bots.get(key);
      if (found) found.bots += 1;
      else bots.set(key, { linkId: event.linkId, day, bots: 1 });
      continue;
    }
    if (event.optionIndex !== null) {
      const key = `${event.linkId}:${event.optionIndex}`;
      const pick = picks.get(key);
      if (pick) pick.picks += 1;
      else picks.set(key, { linkId: event.linkId, position: event.optionIndex, picks: 1 });
      continue;
    }
    const sameDay = lastGroup !== undefined && event.at.startsWith(lastGroup.day);
    if (lastGroup && sameDay && sameDimensions(lastGroup.event, event)) {
      lastGroup.clicks += 1;
      if (event.visitor !== lastVisitor) addVisitor(visitors, event.linkId, lastGroup.day, event.visitor);
      lastVisitor = event.visitor;
      continue;
    }
    const day = lastGroup && sameDay ? lastGroup.day : event.at.slice(0, 10);
    addVisitor(visitors, event.linkId, day, event.visitor);
    // A template, not an array joined: this runs for every click of every batch.
    const key = `${event.linkId}\n${day}\n${event.country}\n${event.device}\n${event.browser}\n${event.os}\n${event.referrerHost}\n${event.language}\n${event.utmSource}\n${event.utmMedium}\n${event.utmCampaign}\n${event.variantIndex}\n${event.storefront}`;
    let group = groups.get(key);
    if (group) group.clicks += 1;
    else groups.set(key, (group = { event, day, clicks: 1 }));
    lastGroup = group;
    lastVisitor = event.visitor;
  }

  const links = new Map<number, number>();
  const daily = new Map<string, { linkId: number; day: string; clicks: number }>();
  const dailyDimension = new Map<
    string,
    { linkId: number; day: string; dimension: RollupDimension; value: string; clicks: number }
  >();
  const dimension = new Map<string, { linkId: number; dimension: RollupDimension; value: string; clicks: number }>();
  for (const { event, day, clicks } of groups.values()) {
    const { linkId } = event;
    links.set(linkId, (links.get(linkId) ?? 0) + clicks);
    addTo(daily, `${linkId}\n${day}`, { linkId, day, clicks });
    for (const [name, value] of dimensionValues(event)) {
      addTo(dailyDimension, `${linkId}\n${day}\n${name}\n${value}`, { linkId, day, dimension: name, value, clicks });
      addTo(dimension, `${linkId}\n${name}\n${value}`, { linkId, dimension: name, value, clicks });
    }
  }
  return {
    links,
    daily: [...daily.values()],
    dailyDimension: [...dailyDimension.values()],
    dimension: [...dimension.values()],
    picks: [...picks.values()],
    visitors: [...visitors.values()],
    bots: [...bots.values()],
  };
}

/**
 * The account rollup of a batch: each owner's clicks and new unique visitors per day, from the
 * batch's per-link rows (`ownerOf` maps the links the writer found to their owners).
 */
export function ownerDays(
  daily: ReadonlyArray<{ linkId: number; day: string; clicks: number }>,
  freshVisitors: ReadonlyArray<{ linkId: number; day: string; count: number }>,
  ownerOf: (linkId: number) => number | undefined,
): Array<{ userId: number; day: string; clicks: number; unique: number }> {
  const days = new Map<string, { userId: number; day: string; clicks: number; unique: number }>();
  const entry = (linkId: number, day: string) => {
    const userId = ownerOf(linkId);
    if (userId === undefined) return undefined;
    const key = `${userId}\n${day}`;
    let found = days.get(key);
    if (!found) days.set(key, (found = { userId, day, clicks: 0, unique: 0 }));
    return found;
  };
  for (const d of daily) {
    const found = entry(d.linkId, d.day);
    if (found) found.clicks += d.clicks;
  }
  for (const v of freshVisitors) {
    const found = entry(v.linkId, v.day);
    if (found) found.unique += v.count;
  }
  return [...days.values()];
}

/** Whether two clicks of one day fall in the same rollup group: same link and dimension values. */
export function sameDimensions(a: ClickEvent, b: ClickEvent): boolean {
  return (
    a.linkId === b.linkId &&
    a.country === b.country &&
    a.device === b.device &&
    a.browser === b.browser &&
    a.os === b.os &&
    a.referrerHost === b.referrerHost &&
    a.language === b.language &&
    a.utmSource === b.utmSource &&
    a.utmMedium === b.utmMedium &&
    a.utmCampaign === b.utmCampaign &&
    a.variantIndex === b.variantIndex &&
    a.storefront === b.storefront
  );
}

function addVisitor(
  visitors: Map<string, { linkId: number; day: string; visitor: string }>,
  linkId: number,
  day: string,
  visitor: string,
): void {
  const key = `${linkId}\n${day}\n${visitor}`;
  if (!visitors.has(key)) visitors.set(key, { linkId, day, visitor });
}

function addTo<T extends { clicks: number }>(map: Map<string, T>, key: string, entry: T): void {
  const existing = map.get(key);
  if (existing) existing.clicks += entry.clicks;
  else map.set(key, entry);
}
