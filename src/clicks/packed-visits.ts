import { primaryLanguage } from '../core/accept-language.ts';
import { campaignOf, NO_CAMPAIGN } from '../core/campaign.ts';
import { visitorKey } from '../core/visitors.ts';
import { clickRow } from './enrich.ts';
import type { ClickEvent, VisitFacts } from '../core/clicks.ts';
import { UNKNOWN_COUNTRY, type GeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';
import { parseUserAgent } from './user-agent.ts';

/** Marks an absent header or option in the index columns. */
export const NONE = -1;

/**
 * A batch of visits in columns, each distinct address, user agent and referrer stored once: the
 * form in which visits wait in the buffer and cross to the writer thread. postMessage copied
 * every visit object key by key, about a microsecond per visit on the redirect thread; a few
 * typed arrays and the batch's distinct strings copy in one go. The writer then looks up each
 * distinct address and user agent once per batch, not once per visit.
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

  clear(): void {
    this.values.length = 0;
    this.#index.clear();
  }
}

/**
 * Packs visits into a batch as they arrive, so the batch waiting for the writer holds numbers and
 * each distinct string once, not an object per visit: a visit kept until its batch is written
 * lived through a young-generation collection or two and was copied into the old generation,
 * which then needed a full collection about once a second under load. Holds `capacity` visits.
 */
export class VisitPacker {
  readonly capacity: number;
  #count = 0;
  readonly #linkIds: Float64Array;
  readonly #at: Float64Array;
  readonly #optionIndex: Int32Array;
  readonly #variantIndex: Int32Array;
  readonly #ip: Int32Array;
  readonly #userAgent: Int32Array;
  readonly #referer: Int32Array;
  readonly #country: Int32Array;
  readonly #storefront: Int32Array;
  readonly #acceptLanguage: Int32Array;
  readonly #query: Int32Array;
  readonly #ips = new StringTable();
  readonly #userAgents = new StringTable();
  readonly #referers = new StringTable();
  readonly #countries = new StringTable();
  readonly #storefronts = new StringTable();
  readonly #acceptLanguages = new StringTable();
  readonly #queries = new StringTable();

  constructor(capacity: number) {
    this.capacity = capacity;
    this.#linkIds = new Float64Array(capacity);
    this.#at = new Float64Array(capacity);
    this.#optionIndex = new Int32Array(capacity);
    this.#variantIndex = new Int32Array(capacity);
    this.#ip = new Int32Array(capacity);
    this.#userAgent = new Int32Array(capacity);
    this.#referer = new Int32Array(capacity);
    this.#country = new Int32Array(capacity);
    this.#storefront = new Int32Array(capacity);
    this.#acceptLanguage = new Int32Array(capacity);
    this.#query = new Int32Array(capacity);
  }

  get count(): number {
    return this.#count;
  }

  add(visit: VisitFacts): void {
    if (this.#count === this.capacity) throw new RangeError(`a packed batch holds ${this.capacity} visits`);
    const i = this.#count++;
    this.#linkIds[i] = visit.linkId;
    this.#at[i] = visit.at;
    this.#optionIndex[i] = visit.optionIndex ?? NONE;
    this.#variantIndex[i] = visit.variantIndex ?? NONE;
    this.#ip[i] = this.#ips.indexOf(visit.ip);
    this.#userAgent[i] = this.#userAgents.indexOf(visit.userAgent);
    this.#referer[i] = this.#referers.indexOf(visit.referer);
    this.#country[i] = this.#countries.indexOf(visit.country);
    this.#storefront[i] = this.#storefronts.indexOf(visit.storefront ?? undefined);
    this.#acceptLanguage[i] = this.#acceptLanguages.indexOf(visit.acceptLanguage);
    this.#query[i] = this.#queries.indexOf(visit.query);
  }

  /** Starts again empty, reusing the columns: what `finish` gave is overwritten from now on. */
  clear(): void {
    this.#count = 0;
    for (const table of [
      this.#ips,
      this.#userAgents,
      this.#referers,
      this.#countries,
      this.#storefronts,
      this.#acceptLanguages,
      this.#queries,
    ])
      table.clear();
  }

  /** The visits added so far; add no more once called (but `clear`). */
  finish(): PackedVisits {
    const count = this.#count;
    return {
      count,
      linkIds: this.#linkIds.subarray(0, count),
      at: this.#at.subarray(0, count),
      optionIndex: this.#optionIndex.subarray(0, count),
      variantIndex: this.#variantIndex.subarray(0, count),
      ip: this.#ip.subarray(0, count),
      userAgent: this.#userAgent.subarray(0, count),
      referer: this.#referer.subarray(0, count),
      country: this.#country.subarray(0, count),
      storefront: this.#storefront.subarray(0, count),
      acceptLanguage: this.#acceptLanguage.subarray(0, count),
      query: this.#query.subarray(0, count),
      ips: this.#ips.values,
      userAgents: this.#userAgents.values,
      referers: this.#referers.values,
      countries: this.#countries.values,
      storefronts: this.#storefronts.values,
      acceptLanguages: this.#acceptLanguages.values,
      queries: this.#queries.values,
    };
  }
}

export function packVisits(visits: readonly VisitFacts[]): PackedVisits {
  const packer = new VisitPacker(visits.length);
  for (const visit of visits) packer.add(visit);
  return packer.finish();
}

/** The links a batch has visits of, each once. */
export function linkIdsOf(packed: PackedVisits): Set<number> {
  const linkIds = new Set<number>();
  for (let i = 0; i < packed.count; i++) linkIds.add(packed.linkIds[i]!);
  return linkIds;
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
