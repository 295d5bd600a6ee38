import type { VisitFacts } from '../core/clicks.ts';
import type { PackedVisits } from '../clicks/packed-visits.ts';

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

/** Marks an absent value in the index columns (as packed-visits.ts does). */
const NONE = -1;

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
  const [linkIds, at, option, variant, ip, agent, referer, country, storefront, language, query] = arrays as number[][];
  const [ips, agents, referers, countries, storefronts, languages, queries] = arrays.slice(
    COLUMNS.length,
  ) as string[][];
  const text = (table: string[], index: number) => (index === NONE ? undefined : table[index]);
  return linkIds!.map((linkId, i) => ({
    linkId,
    at: at![i]!,
    ip: text(ips!, ip![i]!) ?? '',
    userAgent: text(agents!, agent![i]!),
    referer: text(referers!, referer![i]!),
    optionIndex: option![i] === NONE ? null : option![i],
    variantIndex: variant![i] === NONE ? null : variant![i],
    storefront: text(storefronts!, storefront![i]!) ?? null,
    country: text(countries!, country![i]!),
    acceptLanguage: text(languages!, language![i]!),
    query: text(queries!, query![i]!),
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
