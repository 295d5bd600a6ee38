import { Redis } from 'ioredis';

/** One Redis connection; `keyPrefix` keeps several deployments (or test runs) apart on one server. */
export function connectRedis(url: string, onError: (error: Error) => void = () => {}): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: false });
  redis.on('error', onError);
  return redis;
}
