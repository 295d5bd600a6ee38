import { programForHost, type TagsByProgram } from './affiliate.ts';

// Link health (docs/api.md): what a check of a link's destinations concluded, as data. The
// fetching lives in src/link-health/; the rules deciding what an answer means live here.

export const HEALTH_STATUSES = ['ok', 'broken', 'unknown'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** The last check of a link, as every link record shows it. */
export interface LinkHealth {
  status: HealthStatus;
  checkedAt: string | null;
  /** The status code that decided: the first broken destination's, else the main destination's final one. */
  httpStatus: number | null;
  /** Why the link is broken or unknown, naming the destination when it is not `redirect_url`; null when ok. */
  error: string | null;
  /** The owner's affiliate tag was on the first request but not on the final URL; null when no answer came. */
  affiliateTagLost: boolean | null;
}

export const UNCHECKED_HEALTH: LinkHealth = {
  status: 'unknown',
  checkedAt: null,
  httpStatus: null,
  error: null,
  affiliateTagLost: null,
};

/**
 * What one destination's check found:
 * - `ok`: the chain ended in a 2xx (or a 3xx we cannot follow further, such as 304);
 * - `broken`: a final 4xx/5xx, a name that does not resolve, no answer within the deadline,
 *   more redirects than allowed, a redirect loop, or an address the guard refuses;
 * - `transient`: a final 429 or 503. The destination exists and asks us to come back later: one
 *   such answer says nothing about the link (Amazon answers 503 to many automated requests), so
 *   it never makes a link broken; the link shows `unknown` with the reason and is checked again sooner.
 */
export type Verdict = 'ok' | 'broken' | 'transient';

export interface DestinationOutcome {
  url: string;
  verdict: Verdict;
  httpStatus: number | null;
  error: string | null;
  affiliateTagLost: boolean | null;
  /** Seconds a 429/503 asked us to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null;
}

/** The statuses that mean "come back later" rather than "this is gone". */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** The verdict of a final (not followed) status code. */
export function verdictOfStatus(status: number): Verdict {
  if (TRANSIENT_STATUSES.has(status)) return 'transient';
  return status >= 400 ? 'broken' : 'ok';
}

/** The link's destinations to check, each once, `redirect_url` first. */
export function linkDestinations(link: {
  redirectUrl: string;
  conditions: ReadonlyArray<{ redirect_url: string }>;
  variants?: ReadonlyArray<{ url: string }> | null;
  options: readonly string[];
}): string[] {
  const all = [
    link.redirectUrl,
    ...link.conditions.map((condition) => condition.redirect_url),
    ...link.options,
    ...(link.variants ?? []).map((variant) => variant.url),
  ];
  return [...new Set(all)];
}

/** The owner's tag the redirect sets on this URL (src/core/affiliate.ts), if any. */
export function expectedTag(url: string, tags: TagsByProgram): { param: string; tag: string } | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const program = programForHost(host);
  const tag = program && tags.get(program.id);
  return program && tag !== undefined ? { param: program.param, tag } : null;
}

/** Whether the tag that was on the first request is missing from the final URL of the chain. */
export function tagLost(expected: { param: string; tag: string } | null, finalUrl: string): boolean {
  if (!expected) return false;
  try {
    return !new URL(finalUrl).searchParams.getAll(expected.param).includes(expected.tag);
  } catch {
    return true;
  }
}

/** How long until a link is checked again after a 429/503: what it asked for, within bounds. */
export function retryDelayMs(outcomes: readonly DestinationOutcome[], intervalMs: number): number {
  const asked = outcomes
    .filter((outcome) => outcome.verdict === 'transient')
    .map((outcome) => (outcome.retryAfterSeconds ?? 3600) * 1000);
  const wanted = Math.max(5 * 60_000, ...asked);
  return Math.min(wanted, intervalMs);
}

/**
 * The link's health from its destinations' outcomes: broken when any destination is broken,
 * else unknown when any answered 429/503, else ok. The error names the destination when it is not
 * the first (`redirect_url`).
 */
export function summarizeHealth(outcomes: readonly DestinationOutcome[], checkedAt: string): LinkHealth {
  const main = outcomes[0];
  const lost = outcomes.some((outcome) => outcome.affiliateTagLost === true);
  const anyAnswer = outcomes.some((outcome) => outcome.affiliateTagLost !== null);
  const affiliateTagLost = lost ? true : anyAnswer ? false : null;
  const describe = (outcome: DestinationOutcome) =>
    outcome === main ? outcome.error : `${outcome.url}: ${outcome.error ?? 'failed'}`;
  const broken = outcomes.find((outcome) => outcome.verdict === 'broken');
  if (broken)
    return { status: 'broken', checkedAt, httpStatus: broken.httpStatus, error: describe(broken), affiliateTagLost };
  const transient = outcomes.find((outcome) => outcome.verdict === 'transient');
  if (transient)
    return {
      status: 'unknown',
      checkedAt,
      httpStatus: transient.httpStatus,
      error: describe(transient),
      affiliateTagLost,
    };
  return { status: 'ok', checkedAt, httpStatus: main?.httpStatus ?? null, error: null, affiliateTagLost };
}

/** A link turned broken: the one moment `link.broken` is sent (not on every failing check). */
export function turnedBroken(previous: HealthStatus, next: HealthStatus): boolean {
  return next === 'broken' && previous !== 'broken';
}
