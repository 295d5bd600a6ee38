import { primaryLanguage } from '../core/accept-language.ts';
import { campaignOf, NO_CAMPAIGN } from '../core/campaign.ts';
import { visitorKey } from '../core/visitors.ts';
import { clickRow } from './enrich.ts';
import { type ClickEvent, type VisitFacts } from '../core/clicks.ts';
import { UNKNOWN_COUNTRY, type GeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';
import { parseUserAgent } from './user-agent.ts';

/** Marks an absent header or option in the index columns. */
const NONE = -1;

/**
 * A batch of visits in columns, each distinct address, user agent and referrer stored once: the
 * form in which the redirect thread hands a batch to the writer thread. postMessage copied
 * every visit object key by key, about a microsecond per visit on the redirect thread; typed
 * arrays are moved instead, and only the few distinct strings of a batch are copied. The writer
 * then looks up each distinct address and user agent once per batch, not once per visit.
 */
export interface PackedVisits {
  count: number;
  linkIds: Float64Array;
  /** Epoch milliseconds. */
  at: Float64Array;
  /** The choice-page option picked (0-based), or -1. */
  optionIndex: Int32Array;
  /** The A/B variant the visitor was sent to (0-based), or -1. */
  variantIndex: Int32Array;
  /** Indexes into `ips`, `userAgents` and `referers`; -1 where the request had no such header. */
  ip: Int32Array;
  userAgent: Int32Array;
  referer: Int32Array;
  /** Indexes into `countries` (looked up by the redirect already) and `storefronts`; -1 for none. */
  country: Int32Array;
  storefront: Int32Array;
  /** Indexes into `acceptLanguages` and `queries` (only queries with utm_* parameters); -1 for none. */
  acceptLanguage: Int32Array;
  query: Int32Array;
  ips: string[];
  userAgents: string[];
  referers: string[];
  countries: string[];
  storefronts: string[];
  acceptLanguages: string[];
  queries: string[];
}

/** Gives each distinct string of one column its index in that column's table. */
class StringTable {
  readonly values: string[] = [];
  readonly #index = new Map<string, number>();

  indexOf(value: string | undefined): number {
    if (value === undefined) return NONE;
    let index = this.#index.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.#index.set(value, index);
    }
    return index;
  }
}

export function packVisits(visits: readonly VisitFacts[]): PackedVisits {
  const count = visits.length;
  const packed = {
    count,
    linkIds: new Float64Array(count),
    at: new Float64Array(count),
    optionIndex: new Int32Array(count),
    variantIndex: new Int32Array(count),
    ip: new Int32Array(count),
    userAgent: new Int32Array(count),
    referer: new Int32Array(count),
    country: new Int32Array(count),
    storefront: new Int32Array(count),
    acceptLanguage: new Int32Array(count),
    query: new Int32Array(count),
  };
  const ips = new StringTable();
  const userAgents = new StringTable();
  const referers = new StringTable();
  const countries = new StringTable();
  const storefronts = new StringTable();
  const acceptLanguages = new StringTable();
  const queries = new StringTable();
  for (let i = 0; i < count; i++) {
    const visit = visits[i]!;
    packed.linkIds[i] = visit.linkId;
    packed.at[i] = visit.at;
    packed.optionIndex[i] = visit.optionIndex ?? NONE;
    packed.variantIndex[i] = visit.variantIndex ?? NONE;
    packed.ip[i] = ips.indexOf(visit.ip);
    packed.userAgent[i] = userAgents.indexOf(visit.userAgent);
    packed.referer[i] = referers.indexOf(visit.referer);
    packed.country[i] = countries.indexOf(visit.country);
    packed.storefront[i] = storefronts.indexOf(visit.storefront ?? undefined);
    packed.acceptLanguage[i] = acceptLanguages.indexOf(visit.acceptLanguage);
    packed.query[i] = queries.indexOf(visit.query);
  }
  return {
    ...packed,
    ips: ips.values,
    userAgents: userAgents.values,
    referers: referers.values,
    countries: countries.values,
    storefronts: storefronts.values,
    acceptLanguages: acceptLanguages.values,
    queries: queries.values,
  };
}

/** The buffers postMessage can move to the other thread instead of copying. */
export function transferList(packed: PackedVisits): ArrayBuffer[] {
  return [
    packed.linkIds,
    packed.at,
    packed.optionIndex,
    packed.variantIndex,
    packed.ip,
    packed.userAgent,
    packed.referer,
    packed.country,
    packed.storefront,
    packed.acceptLanguage,
    packed.query,
  ].map((column) => column.buffer as ArrayBuffer);
}

/**
 * The same clicks createEnricher makes of each visit, with every distinct address, user agent
 * and referrer looked up once (an address not at all when the redirect sent its country), and
 * each distinct millisecond formatted once.
 */
export function enrichPackedVisits(packed: PackedVisits, geo: GeoLookup): ClickEvent[] {
  // An address is looked up only when some visit of it came without the redirect's country.
  const countryOfIp: Array<string | undefined> = [];
  const countryOf = (ip: number) => (countryOfIp[ip] ??= geo.country(packed.ips[ip]!));
  const agents = packed.userAgents.map((userAgent) => parseUserAgent(userAgent));
  const noAgent = parseUserAgent(undefined);
  const hosts = packed.referers.map((referer) => referrerHost(referer));
  const languages = packed.acceptLanguages.map((header) => primaryLanguage(header));
  const campaigns = packed.queries.map((query) => campaignOf(query));
  // One hash per distinct address and user agent pair.
  const visitors = new Map<string, string>();
  const visitorOf = (ip: number, agent: number) => {
    const pair = `${ip}:${agent}`;
    let key = visitors.get(pair);
    if (key === undefined) {
      key = visitorKey(packed.ips[ip] ?? '', packed.userAgents[agent]);
      visitors.set(pair, key);
    }
    return key;
  };
  const events: ClickEvent[] = [];
  let lastAt = Number.NaN;
  let lastIso = '';
  for (let i = 0; i < packed.count; i++) {
    const at = packed.at[i]!;
    if (at !== lastAt) {
      lastAt = at;
      lastIso = new Date(at).toISOString();
    }
    const option = packed.optionIndex[i]!;
    const variant = packed.variantIndex[i]!;
    const country = packed.country[i]!;
    const ip = packed.ip[i]!;
    events.push(
      clickRow({
        linkId: packed.linkIds[i]!,
        optionIndex: option === NONE ? null : option,
        variantIndex: variant === NONE ? null : variant,
        storefront: packed.storefronts[packed.storefront[i]!] ?? null,
        at: lastIso,
        country: country !== NONE ? packed.countries[country]! : ip !== NONE ? countryOf(ip) : UNKNOWN_COUNTRY,
        agent: agents[packed.userAgent[i]!] ?? noAgent,
        referrerHost: hosts[packed.referer[i]!] ?? null,
        language: languages[packed.acceptLanguage[i]!] ?? null,
        campaign: campaigns[packed.query[i]!] ?? NO_CAMPAIGN,
        visitor: visitorOf(ip, packed.userAgent[i]!),
      }),
    );
  }
  return events;
}
