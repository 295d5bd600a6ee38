import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { buildRateLimiters, type Limits, type RateLimiters } from '../services/rate-limits.ts';

/** The same limits as in memory, counted in Redis so every instance shares them. */
export function redisRateLimiters(redis: Redis, limits: Limits, prefix: string): RateLimiters {
  return buildRateLimiters(
    limits,
    ({ points, duration, name }) =>
      new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix: `${prefix}rl:${name}` }),
  );
}
