// A batch of visits, all of it: the columns visits are packed into as they arrive (the SQLite
// buffer's batches, the Redis sink's stream entries), the one text form an entry holds, and the
// enrichment that turns a batch into click rows.
import { primaryLanguage } from '../core/accept-language.ts';
import { campaignOf, NO_CAMPAIGN, type Campaign } from '../core/campaign.ts';
import type { ClickEvent, VisitFacts } from '../core/clicks.ts';
import { visitorKey } from '../core/visitors.ts';
import { UNKNOWN_COUNTRY, type GeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';
import { parseUserAgent, type ParsedAgent } from './user-agent.ts';

/** Marks an absent header or option in the index columns. */
const NONE = -1;

/**
 * A batch of visits in columns, each distinct address, user agent and referrer stored once: the
 * form in which visits wait in the buffer and cross to the writer thread. postMessage copied each
 * visit object key by key, about a microsecond per visit on the redirect thread; a few typed
 * arrays and the batch's distinct strings copy in one go. Enrichment then looks up each distinct
 * address and user agent once per batch, not once per visit.
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
  /** Indexes into `clickIds` (links with pass_click_id, counted visits); -1 for none. */
  clickId: Int32Array;
  ips: string[];
  userAgents: string[];
  referers: string[];
  countries: string[];
  storefronts: string[];
  acceptLanguages: string[];
  queries: string[];
  clickIds: string[];
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
 * Packs visits into a batch as they arrive, so a batch waiting for the writer holds numbers and
 * each distinct string once, not an object per visit: a visit kept until its batch was written
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
  readonly #clickId: Int32Array;
  readonly #ips = new StringTable();
  readonly #userAgents = new StringTable();
  readonly #referers = new StringTable();
  readonly #countries = new StringTable();
  readonly #storefronts = new StringTable();
  readonly #acceptLanguages = new StringTable();
  readonly #queries = new StringTable();
  /** Each visit's own: a click id never repeats, so none is looked up in a table. */
  readonly #clickIds: string[] = [];

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
    this.#clickId = new Int32Array(capacity);
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
    this.#clickId[i] = visit.clickId === undefined ? NONE : this.#clickIds.push(visit.clickId) - 1;
  }

  /** Adds every visit of another batch, each of its distinct strings looked up here once. */
  addBatch(batch: PackedVisits): void {
    const at = this.#count;
    if (at + batch.count > this.capacity) throw new RangeError(`a packed batch holds ${this.capacity} visits`);
    this.#linkIds.set(batch.linkIds, at);
    this.#at.set(batch.at, at);
    this.#optionIndex.set(batch.optionIndex, at);
    this.#variantIndex.set(batch.variantIndex, at);
    const strings = (into: Int32Array, table: StringTable, indexes: Int32Array, values: string[]) => {
      const here = values.map((value) => table.indexOf(value));
      into.set(
        indexes.map((i) => (i === NONE ? NONE : here[i]!)),
        at,
      );
    };
    strings(this.#ip, this.#ips, batch.ip, batch.ips);
    strings(this.#userAgent, this.#userAgents, batch.userAgent, batch.userAgents);
    strings(this.#referer, this.#referers, batch.referer, batch.referers);
    strings(this.#country, this.#countries, batch.country, batch.countries);
    strings(this.#storefront, this.#storefronts, batch.storefront, batch.storefronts);
    strings(this.#acceptLanguage, this.#acceptLanguages, batch.acceptLanguage, batch.acceptLanguages);
    strings(this.#query, this.#queries, batch.query, batch.queries);
    const clickIdsBefore = this.#clickIds.length;
    for (const clickId of batch.clickIds) this.#clickIds.push(clickId);
    this.#clickId.set(
      batch.clickId.map((i) => (i === NONE ? NONE : clickIdsBefore + i)),
      at,
    );
    this.#count += batch.count;
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
    this.#clickIds.length = 0;
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
      clickId: this.#clickId.subarray(0, count),
      ips: this.#ips.values,
      userAgents: this.#userAgents.values,
      referers: this.#referers.values,
      countries: this.#countries.values,
      storefronts: this.#storefronts.values,
      acceptLanguages: this.#acceptLanguages.values,
      queries: this.#queries.values,
      clickIds: this.#clickIds,
    };
  }
}

export function packVisits(visits: readonly VisitFacts[]): PackedVisits {
  const packer = new VisitPacker(visits.length);
  for (const visit of visits) packer.add(visit);
  return packer.finish();
}

/**
 * Several batches as one (the stream entries a consumer writes in one transaction), so that
 * enrichment looks up each distinct string once for all of them, not once an entry.
 */
export function joinVisitBatches(batches: readonly PackedVisits[]): PackedVisits {
  if (batches.length === 1) return batches[0]!;
  const packer = new VisitPacker(batches.reduce((count, batch) => count + batch.count, 0));
  for (const batch of batches) packer.addBatch(batch);
  return packer.finish();
}

/** The links a batch has visits of, each once. */
export function linkIdsOf(packed: PackedVisits): Set<number> {
  const linkIds = new Set<number>();
  for (let i = 0; i < packed.count; i++) linkIds.add(packed.linkIds[i]!);
  return linkIds;
}

// The text form of a batch (a Redis stream entry's value): one JSON array of the index columns
// then the string tables, in the order below. 42 - 61 bytes a visit, against 194 - 241 for a JSON
// array of visit objects, which repeated every header of every visit: Redis holds the entries
// until they are written, all of them while the database is unreachable.
const COLUMNS = [
  'linkIds',
  'at',
  'optionIndex',
  'variantIndex',
  'ip',
  'userAgent',
  'referer',
  'country',
  'storefront',
  'acceptLanguage',
  'query',
  'clickId',
] as const;
const TABLES = [
  'ips',
  'userAgents',
  'referers',
  'countries',
  'storefronts',
  'acceptLanguages',
  'queries',
  'clickIds',
] as const;
/** Entries written before click ids had neither their column nor their table: decoded with none. */
const BEFORE_CLICK_IDS = COLUMNS.length + TABLES.length - 2;

export function encodeVisitBatch(packed: PackedVisits): string {
  // A typed array has no JSON form of its own (JSON.stringify makes an object of it); join is
  // the shortest way to its numbers.
  const columns = COLUMNS.map((column) => `[${packed[column].join(',')}]`);
  const tables = TABLES.map((table) => JSON.stringify(packed[table]));
  return `[${columns.join(',')},${tables.join(',')}]`;
}

/** The batch `encodeVisitBatch` wrote; throws on anything else. */
export function decodeVisitBatch(value: string): PackedVisits {
  const arrays = withClickIds(JSON.parse(value));
  const count = Array.isArray(arrays) && Array.isArray(arrays[0]) ? arrays[0].length : -1;
  const wellFormed =
    Array.isArray(arrays) &&
    arrays.length === COLUMNS.length + TABLES.length &&
    arrays.every((array, i) => Array.isArray(array) && (i >= COLUMNS.length || array.length === count));
  if (!wellFormed) throw new Error('not a batch of visits');
  const numbers = (name: (typeof COLUMNS)[number]) => arrays[COLUMNS.indexOf(name)] as number[];
  const strings = (name: (typeof TABLES)[number]) => arrays[COLUMNS.length + TABLES.indexOf(name)] as string[];
  const indexes = (name: (typeof COLUMNS)[number]) => Int32Array.from(numbers(name));
  return {
    count,
    linkIds: Float64Array.from(numbers('linkIds')),
    at: Float64Array.from(numbers('at')),
    optionIndex: indexes('optionIndex'),
    variantIndex: indexes('variantIndex'),
    ip: indexes('ip'),
    userAgent: indexes('userAgent'),
    referer: indexes('referer'),
    country: indexes('country'),
    storefront: indexes('storefront'),
    acceptLanguage: indexes('acceptLanguage'),
    query: indexes('query'),
    clickId: indexes('clickId'),
    ips: strings('ips'),
    userAgents: strings('userAgents'),
    referers: strings('referers'),
    countries: strings('countries'),
    storefronts: strings('storefronts'),
    acceptLanguages: strings('acceptLanguages'),
    queries: strings('queries'),
    clickIds: strings('clickIds'),
  };
}

/** An entry as `encodeVisitBatch` writes it, given the click id column and table if it had none. */
function withClickIds(arrays: unknown): unknown {
  if (!Array.isArray(arrays) || arrays.length !== BEFORE_CLICK_IDS || !Array.isArray(arrays[0])) return arrays;
  const none = Array<number>(arrays[0].length).fill(NONE);
  return [...arrays.slice(0, COLUMNS.length - 1), none, ...arrays.slice(COLUMNS.length - 1), []];
}

/** What a click row is made of: the visit's own facts and what enrichment found for it. */
interface ClickRowParts {
  linkId: number;
  optionIndex: number | null;
  variantIndex: number | null;
  storefront: string | null;
  at: string;
  country: string;
  agent: ParsedAgent;
  referrerHost: string | null;
  language: string | null;
  campaign: Campaign;
  clickId: string | null;
  visitor: string;
}

function clickRow(parts: ClickRowParts): ClickEvent {
  return {
    linkId: parts.linkId,
    at: parts.at,
    country: parts.country,
    device: parts.agent.device,
    browser: parts.agent.browser,
    os: parts.agent.os,
    referrerHost: parts.referrerHost,
    bot: parts.agent.bot,
    optionIndex: parts.optionIndex,
    variantIndex: parts.variantIndex,
    storefront: parts.storefront,
    language: parts.language,
    ...parts.campaign,
    clickId: parts.clickId,
    visitor: parts.visitor,
  };
}

/**
 * One visit enriched on its own: the definition that enrichVisitBatch is held to in tests. A
 * country the redirect already looked up is used as it is.
 */
export function createEnricher(geo: GeoLookup): (facts: VisitFacts) => ClickEvent {
  return (facts) =>
    clickRow({
      linkId: facts.linkId,
      optionIndex: facts.optionIndex ?? null,
      variantIndex: facts.variantIndex ?? null,
      storefront: facts.storefront ?? null,
      at: new Date(facts.at).toISOString(),
      country: facts.country ?? geo.country(facts.ip),
      agent: parseUserAgent(facts.userAgent),
      referrerHost: referrerHost(facts.referer),
      language: primaryLanguage(facts.acceptLanguage),
      campaign: campaignOf(facts.query),
      clickId: facts.clickId ?? null,
      visitor: visitorKey(facts.ip, facts.userAgent),
    });
}

/**
 * The clicks createEnricher makes of each visit, with each distinct address, user agent and
 * referrer looked up once (an address not at all when the redirect sent its country), and each
 * distinct millisecond formatted once.
 */
export function enrichVisitBatch(packed: PackedVisits, geo: GeoLookup): ClickEvent[] {
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
        clickId: packed.clickIds[packed.clickId[i]!] ?? null,
        visitor: visitorOf(ip, packed.userAgent[i]!),
      }),
    );
  }
  return events;
}
