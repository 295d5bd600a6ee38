import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisRateLimiters } from '../../src/redis/rate-limiters.ts';
import {
  memoryRateLimiters,
  releaseAttempt,
  reserveAttempt,
  type Limits,
  type RateLimiters,
} from '../../src/services/rate-limits.ts';

// The password lock-outs' counters, in memory and in Redis (CI sets TEST_REDIS_URL; without it the
// Redis half is skipped): an attempt is taken atomically, so simultaneous ones never overshoot.
const redisUrl = process.env.TEST_REDIS_URL;
const LIMITS: Limits = {
  pro: 60,
  business: 600,
  domains: 10,
  anonymous: 120,
  session: 600,
  sessionDomains: 120,
  postbacks: 600,
  pageMetadata: 30,
};

let redis: Redis | undefined;
afterAll(async () => {
  await redis?.quit();
});

const stores: Array<[string, () => RateLimiters]> = [['memory', () => memoryRateLimiters(LIMITS)]];
if (redisUrl)
  stores.push([
    'Redis',
    () => {
      redis ??= new Redis(redisUrl);
      return redisRateLimiters(redis, LIMITS, `test-${randomBytes(4).toString('hex')}:`);
    },
  ]);

describe.each(stores)('password attempt counters (%s)', (_name, make) => {
  it('take exactly 5 of 30 simultaneous attempts on one link and address, tell the rest how long to wait', async () => {
    const counter = make().linkPasswordFailures;
    const waits = await Promise.all(Array.from({ length: 30 }, () => counter.reserve('7:192.0.2.1')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(waits.filter((wait) => wait > 0 && wait <= 15 * 60)).toHaveLength(25);
    expect(await counter.reserve('7:192.0.2.2')).toBe(0);
  });

  it('give an attempt back on release, and all of them on clear', async () => {
    const counter = make().linkPasswordFailures;
    for (let i = 0; i < 5; i++) expect(await counter.reserve('k')).toBe(0);
    expect(await counter.reserve('k')).toBeGreaterThan(0);
    // The refused attempt took nothing, so one release opens exactly one more.
    await counter.release('k');
    expect(await counter.reserve('k')).toBe(0);
    expect(await counter.reserve('k')).toBeGreaterThan(0);
    await counter.clear('k');
    const again = await Promise.all(Array.from({ length: 10 }, () => counter.reserve('k')));
    expect(again.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('never give back more than was taken', async () => {
    const counter = make().signInFailures;
    await counter.release('never-tried');
    await counter.release('never-tried');
    const waits = await Promise.all(Array.from({ length: 10 }, () => counter.reserve('never-tried')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('take a sign-in attempt on the account and the address together, or on neither', async () => {
    const limits = make();
    const slots = (email: string) => [
      { counter: limits.signInFailures, key: `${email}|192.0.2.9` },
      { counter: limits.signInFailuresByAddress, key: 'ip:192.0.2.9' },
    ];
    // 30 emails at once from one address: the address allows 20.
    const waits = await Promise.all(Array.from({ length: 30 }, (_, i) => reserveAttempt(slots(`p${i}@example.com`))));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(20);
    // The refused ones took nothing on their account: a release of the address lets one through.
    await releaseAttempt([slots('p29@example.com')[1]!]);
    expect(await reserveAttempt(slots('p29@example.com'))).toBe(0);
    expect(await reserveAttempt(slots('p28@example.com'))).toBeGreaterThan(0);
  });
});
