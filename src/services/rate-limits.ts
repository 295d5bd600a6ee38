import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  retryAfterSeconds: number;
}

/** A fixed window of `limit` requests per key; Redis implements the same port. */
export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
}

/** Counts failures (wrong passwords) per key; a key with too many is blocked until its window passes. */
export interface FailureCounter {
  /** Seconds until the key may try again, or 0. */
  blockedFor(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface RateLimiters {
  pro: RateLimiter;
  business: RateLimiter;
  domains: RateLimiter;
  anonymous: RateLimiter;
  /**
   * The dashboard's own requests, per session: a person typing a search or opening pages is not a
   * script, so the plan's API limits (spec) stay for tokens and the dashboard gets its own budget.
   */
  session: RateLimiter;
  /** The dashboard's domains requests (list, check now), per session, apart from the tokens' domains limit. */
  sessionDomains: RateLimiter;
  /** New dashboard accounts per client address. */
  signUps: RateLimiter;
  /** Failed sign-ins per email and address (guessing one account's password). */
  signInFailures: FailureCounter;
  /** Failed sign-ins per address, whatever the email (trying many accounts from one place). */
  signInFailuresByAddress: FailureCounter;
  /** Wrong passwords on a protected link, per link and client address (extensions §1: 5 in 15 minutes). */
  linkPasswordFailures: FailureCounter;
}

/** Requests per minute: the plans' API limits per user (spec), and the dashboard's own per session. */
export interface Limits {
  pro: number;
  business: number;
  domains: number;
  anonymous: number;
  session: number;
  sessionDomains: number;
}

/** Makes one limiter of the store at hand (memory, or Redis shared by every instance). */
export type LimiterFactory = (options: { points: number; duration: number; name: string }) => RateLimiterAbstract;

const QUARTER_HOUR = 15 * 60;

/** Every limit the service applies, in one place, on the store the factory makes. */
export function buildRateLimiters(limits: Limits, make: LimiterFactory): RateLimiters {
  const perMinute = (points: number, name: string) => fromFlexible(make({ points, duration: 60, name }));
  return {
    pro: perMinute(limits.pro, 'pro'),
    business: perMinute(limits.business, 'business'),
    domains: perMinute(limits.domains, 'domains'),
    anonymous: perMinute(limits.anonymous, 'anon'),
    session: perMinute(limits.session, 'session'),
    sessionDomains: perMinute(limits.sessionDomains, 'session-domains'),
    signUps: fromFlexible(make({ points: 10, duration: 3600, name: 'signup' })),
    signInFailures: failureCounter(make({ points: 5, duration: QUARTER_HOUR, name: 'signin' })),
    signInFailuresByAddress: failureCounter(make({ points: 20, duration: QUARTER_HOUR, name: 'signin-ip' })),
    linkPasswordFailures: failureCounter(make({ points: 5, duration: QUARTER_HOUR, name: 'link-password' })),
  };
}

export function memoryRateLimiters(limits: Limits): RateLimiters {
  return buildRateLimiters(
    limits,
    ({ points, duration, name }) => new RateLimiterMemory({ points, duration, keyPrefix: name }),
  );
}

/** Adapts any rate-limiter-flexible limiter (memory, Redis) to the port. */
export function fromFlexible(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, limit: limiter.points, remaining: res.remainingPoints, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return {
          allowed: false,
          limit: limiter.points,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
    },
  };
}

function failureCounter(limiter: RateLimiterAbstract): FailureCounter {
  return {
    async blockedFor(key) {
      const state = await limiter.get(key);
      return state && state.consumedPoints >= limiter.points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
    },
    async fail(key) {
      await limiter.penalty(key, 1);
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}
