import { Redis } from 'ioredis';

/** One Redis connection; `keyPrefix` keeps several deployments (or test runs) apart on one server. */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: false });
  redis.on('error', (error) => console.error(`Redis: ${error.message}`));
  return redis;
}
