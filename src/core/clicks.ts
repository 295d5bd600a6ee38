// The visit and click vocabulary every layer shares: the edge captures VisitFacts, the click
// pipeline enriches them into ClickEvents, storage counts them and webhooks report them.

/** What the redirect knows about a visit: cheap to capture, enriched later, off the request path. */
export interface VisitFacts {
  linkId: number;
  /** Epoch milliseconds. */
  at: number;
  ip: string;
  userAgent: string | undefined;
  referer: string | undefined;
  /** Set for a choice-page pick (0-based): recorded per option, not counted as a click. */
  optionIndex?: number | null;
  /** The A/B variant the visitor was sent to (0-based), for a link with variants. */
  variantIndex?: number | null;
  /** The storefront a localised visit was sent to (`amazon.de`, `apple:de`). */
  storefront?: string | null;
  /** The visitor's country, when the redirect already looked it up (targeting, localisation). */
  country?: string;
  /** The Accept-Language header, when sent: its primary language is recorded. */
  acceptLanguage?: string;
  /** The visited short URL's query, when it carries utm_* parameters (`/abc?utm_source=x`). */
  query?: string;
  /** The click id the redirect put in the destination (links with pass_click_id; counted visits only). */
  clickId?: string;
}

/** One flat, enriched row per visit: what the batch writer stores and the rollups count. */
export interface ClickEvent {
  linkId: number;
  at: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  referrerHost: string | null;
  bot: boolean;
  optionIndex: number | null;
  variantIndex: number | null;
  storefront: string | null;
  /** Primary subtag of the preferred language (ISO 639-1), or null. */
  language: string | null;
  /** utm_source, utm_medium and utm_campaign of the visited short URL. */
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The visit's click id, stored with the raw click; null for most clicks. */
  clickId: string | null;
  /** visitorKey of the visit: in memory only, salted by the writer for unique visitors. */
  visitor: string;
}

/**
 * How many bot visits of a link each UTC day are kept as raw clicks (is_bot true), the day's
 * first: enough to show which crawlers fetched the link, while a script visiting it a million
 * times a day adds no more rows than that. Every bot visit, kept or not, is counted in its
 * link's daily bot count (`bot_visits` of the stats).
 */
export const RAW_BOTS_PER_DAY = 100;

/** A click that counts: not a bot, and not a choice-page pick (the page view was the click). */
export function countsAsClick(event: ClickEvent): boolean {
  return !event.bot && event.optionIndex === null;
}

/** The first `room.get(linkId)` counted clicks of each link, in order (none for a link not in `room`). */
export function firstCountedPerLink(events: readonly ClickEvent[], room: ReadonlyMap<number, number>): ClickEvent[] {
  const left = new Map(room);
  const kept: ClickEvent[] = [];
  for (const event of events) {
    const n = left.get(event.linkId) ?? 0;
    if (n <= 0 || !countsAsClick(event)) continue;
    left.set(event.linkId, n - 1);
    kept.push(event);
  }
  return kept;
}

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

/** What statistics can be filtered by (click to filter), in the order the dashboard's chips show. */
export const FILTER_DIMENSIONS = [
  'country',
  'referrer',
  'device',
  'browser',
  'os',
  'language',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const satisfies readonly Dimension[];

/**
 * The A/B variant a click was sent to is kept in the dimension rollups too, as `variant` with the
 * 0-based index as its value: stats answer `variants` from them, never from raw clicks.
 */
export const VARIANT_DIMENSION = 'variant';
/** Likewise the storefront a localised click was sent to (`amazon.de`, `apple:de`): `with=storefront`. */
export const STOREFRONT_DIMENSION = 'storefront';
/**
 * And the affiliate program of the link's destination (its catalog id) with the tracking id the
 * link chose, as `1` or `1 mytracking-20` (no tag format allows a space): the account's clicks per
 * program and tracking id, for earnings per click. The click writer adds it from the link's row.
 */
export const PROGRAM_DIMENSION = 'program';
export type RollupDimension =
  Dimension | typeof VARIANT_DIMENSION | typeof STOREFRONT_DIMENSION | typeof PROGRAM_DIMENSION;

/** The `program` rollup value of a program and the link's tracking id (null: the program's tag). */
export function programValue(programId: number, trackingId: string | null): string {
  return trackingId ? `${programId} ${trackingId}` : String(programId);
}

/** The program and tracking id a `program` rollup value names. */
export function parseProgramValue(value: string): { programId: number; trackingId: string | null } {
  const space = value.indexOf(' ');
  if (space === -1) return { programId: Number(value), trackingId: null };
  return { programId: Number(value.slice(0, space)), trackingId: value.slice(space + 1) };
}

/** A click without a referrer came straight in; one without a language sent none. */
export const DIRECT = 'direct';
export const UNKNOWN_LANGUAGE = 'unknown';

/** Each rollup value of a click (a missing UTM value is no value: such clicks are not in that breakdown). */
export function dimensionValues(event: ClickEvent): Array<[RollupDimension, string]> {
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
