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

/**
 * Counts password attempts per key; a key whose attempts are used up waits until its window passes.
 * An attempt is taken BEFORE the password is hashed, in one atomic step, so simultaneous guesses
 * cannot all pass a check made before any of them failed; it stays taken when the password was
 * wrong, and is given back when the check came to no verdict.
 */
export interface FailureCounter {
  /** Takes one attempt: 0 when taken, else the seconds until the key may try again. */
  reserve(key: string): Promise<number>;
  /** Gives back an attempt that came to no verdict (the hashing queue was full, an error). */
  release(key: string): Promise<void>;
  /** Forgets the key's attempts (the right password). */
  clear(key: string): Promise<void>;
}

/** One attempt on one counter. */
export interface AttemptSlot {
  counter: FailureCounter;
  key: string;
}

/**
 * Takes an attempt on every slot, or on none: the seconds to wait when one of them is used up (the
 * attempts taken before it are given back), else 0.
 */
export async function reserveAttempt(slots: readonly AttemptSlot[]): Promise<number> {
  for (const [i, { counter, key }] of slots.entries()) {
    const wait = await counter.reserve(key);
    if (wait > 0) {
      await releaseAttempt(slots.slice(0, i));
      return wait;
    }
  }
  return 0;
}

export async function releaseAttempt(slots: readonly AttemptSlot[]): Promise<void> {
  await Promise.all(slots.map(({ counter, key }) => counter.release(key)));
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
  /** Wrong passwords on a protected link, per link and client address: 5 in 15 minutes, then 429. */
  linkPasswordFailures: FailureCounter;
  /** Password reset emails asked for per client address, whatever the address asked for. */
  passwordResetsByAddress: RateLimiter;
  /** Password reset emails asked for per email address, whether an account has it or not. */
  passwordResetsByEmail: RateLimiter;
  /** Verification emails asked for again, per account. */
  verificationEmails: RateLimiter;
  /** Network postbacks (GET|POST /postback/{secret}) per client address, right secret or wrong. */
  postbacks: RateLimiter;
  /** The create form's page look-ups and their card images, per user: each is a request to another site. */
  pageMetadata: RateLimiter;
}

/** Requests per minute: the plans' API limits per user (spec), and the dashboard's own per session. */
export interface Limits {
  pro: number;
  business: number;
  domains: number;
  anonymous: number;
  session: number;
  sessionDomains: number;
  postbacks: number;
  pageMetadata: number;
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
    passwordResetsByAddress: fromFlexible(make({ points: 10, duration: 3600, name: 'reset-ip' })),
    passwordResetsByEmail: fromFlexible(make({ points: 3, duration: 3600, name: 'reset-email' })),
    verificationEmails: fromFlexible(make({ points: 3, duration: 3600, name: 'verify-email' })),
    postbacks: perMinute(limits.postbacks, 'postbacks'),
    pageMetadata: perMinute(limits.pageMetadata, 'page-metadata'),
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

/** consume, reward and delete are each one atomic step, in memory and in Redis (one script). */
function failureCounter(limiter: RateLimiterAbstract): FailureCounter {
  return {
    async reserve(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // A refused attempt took a point all the same: it goes back, so that only attempts taken
        // count (a burst of refusals leaves nothing behind once the taken ones are given back).
        // Not when the window is about to pass: the point goes with it.
        if (rejection.msBeforeNext > 1000) await limiter.reward(key, 1);
        return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      }
    },
    async release(key) {
      // Only within the window that took the attempt: a reward once it has passed would open the
      // next window with one attempt more.
      const state = await limiter.get(key);
      if (state && state.consumedPoints > 0) await limiter.reward(key, 1);
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}
