import type { VisitFacts } from '../core/clicks.ts';
import { NONE, type PackedVisits } from '../clicks/packed-visits.ts';

/**
 * The field of a stream entry written by this version: a turn's visits in columns (packed-visits.ts),
 * each distinct address, user agent and referrer once: 42 - 61 bytes a visit. The JSON array of
 * visit objects that field `b` held repeated every header of every visit (194 - 241 bytes), which
 * Redis kept until the consumer had written them, all of them while the database was unreachable.
 */
export const PACKED_FIELD = 'c';

/**
 * Starts every packed value and is not JSON: a consumer of an earlier version, which parses any
 * field as JSON, fails on the entry and leaves it pending instead of misreading it, and an
 * instance of this version claims it later (docs/deployment.md, "Upgrading").
 */
const PACKED_PREFIX = '1|';

/** Index columns of a packed batch, in the order of the value's arrays. */
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
] as const;
/** String tables of a packed batch, in the order of the value's arrays. */
const TABLES = ['ips', 'userAgents', 'referers', 'countries', 'storefronts', 'acceptLanguages', 'queries'] as const;

/** The value of a PACKED_FIELD entry: the prefix, then one JSON array of the columns and tables. */
export function encodePackedVisits(packed: PackedVisits): string {
  // A typed array has no JSON form of its own (JSON.stringify makes an object of it); join is
  // the shortest way to its numbers.
  const columns = COLUMNS.map((column) => `[${packed[column].join(',')}]`);
  const tables = TABLES.map((table) => JSON.stringify(packed[table]));
  return `${PACKED_PREFIX}[${columns.join(',')},${tables.join(',')}]`;
}

/** The visits of a PACKED_FIELD value, as the edge recorded them. */
export function decodePackedVisits(value: string): VisitFacts[] {
  if (!value.startsWith(PACKED_PREFIX)) throw new Error('not a packed visits entry');
  const arrays = JSON.parse(value.slice(PACKED_PREFIX.length)) as unknown[][];
  // Read by name, so that COLUMNS and TABLES alone say where each array is.
  const column = (name: (typeof COLUMNS)[number]) => arrays[COLUMNS.indexOf(name)] as number[];
  const table = (name: (typeof TABLES)[number]) => arrays[COLUMNS.length + TABLES.indexOf(name)] as string[];
  const index = (name: (typeof COLUMNS)[number]) => {
    const values = column(name);
    return (i: number) => values[i]!;
  };
  const text = (name: (typeof COLUMNS)[number], of: (typeof TABLES)[number]) => {
    const at = column(name);
    const values = table(of);
    return (i: number) => (at[i] === NONE ? undefined : values[at[i]!]);
  };
  const time = index('at');
  const option = index('optionIndex');
  const variant = index('variantIndex');
  const ip = text('ip', 'ips');
  const userAgent = text('userAgent', 'userAgents');
  const referer = text('referer', 'referers');
  const country = text('country', 'countries');
  const storefront = text('storefront', 'storefronts');
  const language = text('acceptLanguage', 'acceptLanguages');
  const query = text('query', 'queries');
  return column('linkIds').map((linkId, i) => ({
    linkId,
    at: time(i),
    ip: ip(i) ?? '',
    userAgent: userAgent(i),
    referer: referer(i),
    optionIndex: option(i) === NONE ? null : option(i),
    variantIndex: variant(i) === NONE ? null : variant(i),
    storefront: storefront(i) ?? null,
    country: country(i),
    acceptLanguage: language(i),
    query: query(i),
  }));
}

/**
 * The visits of one entry: field `c` holds them packed (this version), `b` a JSON array of
 * visit objects (one XADD per event-loop turn, before packing), `v` one visit (before batching).
 */
export function visitsOf(fields: readonly string[]): VisitFacts[] {
  if (fields[0] === PACKED_FIELD) return decodePackedVisits(fields[1]!);
  const parsed = JSON.parse(fields[1]!) as VisitFacts | VisitFacts[];
  return fields[0] === 'b' ? (parsed as VisitFacts[]) : [parsed as VisitFacts];
}
