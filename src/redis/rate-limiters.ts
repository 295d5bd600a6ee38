import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { fromFlexible, type RateLimiters } from '../services/rate-limits.ts';

/** The same limits as in memory, counted in Redis so every instance shares them. */
export function redisRateLimiters(
  redis: Redis,
  limits: { pro: number; business: number; domains: number; anonymous: number },
  prefix: string,
): RateLimiters {
  const make = (points: number, name: string) =>
    fromFlexible(new RateLimiterRedis({ storeClient: redis, points, duration: 60, keyPrefix: `${prefix}rl:${name}` }));
  return {
    pro: make(limits.pro, 'pro'),
    business: make(limits.business, 'business'),
    domains: make(limits.domains, 'domains'),
    anonymous: make(limits.anonymous, 'anon'),
  };
}
