import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  retryAfterSeconds: number;
}

/** A fixed window of `limit` requests per minute per key; Redis implements the same port. */
export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
}

export interface RateLimiters {
  pro: RateLimiter;
  business: RateLimiter;
  domains: RateLimiter;
  anonymous: RateLimiter;
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

export function memoryRateLimiters(limits: {
  pro: number;
  business: number;
  domains: number;
  anonymous: number;
}): RateLimiters {
  const make = (points: number, keyPrefix: string) =>
    fromFlexible(new RateLimiterMemory({ points, duration: 60, keyPrefix }));
  return {
    pro: make(limits.pro, 'pro'),
    business: make(limits.business, 'business'),
    domains: make(limits.domains, 'domains'),
    anonymous: make(limits.anonymous, 'anon'),
  };
}
