/** The link's campaign fields (its `utm`); null or empty ones are not set. */
export interface Utm {
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  term?: string | null;
  content?: string | null;
}

// In the order they are appended when the destination does not carry them yet.
const FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * Sets the link's utm_* parameters on the destination, replacing every occurrence of those it
 * sets; a field left null keeps whatever the destination carries for it. Names are matched
 * exactly, in lower case: analytics tools read `utm_source` case-sensitively, so `UTM_SOURCE`
 * is some other parameter and stays. As in applyAffiliateTag, the raw query is edited in place so
 * every other byte (parameter order and encoding, path, fragment) stays as it was: a round trip
 * through URLSearchParams would re-encode them.
 */
export function applyUtm(url: string, utm: Utm | null): string {
  const wanted = new Map<string, string>();
  for (const field of FIELDS) {
    const value = utm?.[field];
    if (value) wanted.set(`utm_${field}`, `utm_${field}=${encodeURIComponent(value)}`);
  }
  if (wanted.size === 0) return url;

  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);

  // The first occurrence of a parameter is replaced where it stands, later ones are dropped.
  const placed = new Set<string>();
  const kept: string[] = [];
  for (const part of query === '' ? [] : query.split('&')) {
    const name = parameterName(part);
    const pair = wanted.get(name);
    if (pair === undefined) kept.push(part);
    else if (!placed.has(name)) {
      kept.push(pair);
      placed.add(name);
    }
  }
  for (const [name, pair] of wanted) if (!placed.has(name)) kept.push(pair);
  return `${base}?${kept.join('&')}${hash}`;
}

/** The decoded name of a `name=value` part (so `utm%5Fsource` is utm_source); raw when malformed. */
function parameterName(part: string): string {
  const name = part.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
