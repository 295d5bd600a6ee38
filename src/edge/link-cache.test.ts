import { describe, expect, it } from 'vitest';
import { EventBus } from '../services/events.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { LinkCache } from './link-cache.ts';

/** A unit of work whose store knows every code except those starting with "gone", and counts loads. */
function fakeUnitOfWork() {
  const loads: string[] = [];
  const redirect = {
    load: async (_domainId: number | null, code: string) => {
      loads.push(code);
      if (code.startsWith('gone')) return undefined;
      return {
        id: loads.length,
        userId: 1,
        shortCode: code,
        isActive: true,
        redirectUrl: `https://example.com/${code}`,
        options: [],
        conditions: [],
        title: null,
        expiresAt: null,
        maxClicks: null,
        clickCount: 0,
        expiredUrl: null,
        passwordHash: null,
        utm: null,
        variants: null,
        preview: null,
        localize: false,
      };
    },
  };
  const uow = { read: async (work: (stores: unknown) => unknown) => work({ redirect }) } as unknown as UnitOfWork;
  return { uow, loads };
}

describe('the link cache', () => {
  it('keeps at most maxEntries links and unknown codes, dropping the least recently used', async () => {
    const { uow, loads } = fakeUnitOfWork();
    const cache = new LinkCache(uow, new EventBus(), { maxEntries: 2, maxBytes: 1_000_000, negativeTtlMs: 60_000 });
    await cache.load(null, 'a');
    await cache.load(null, 'b');
    expect(cache.peek(null, 'a')?.shortCode).toBe('a'); // a is now more recent than b
    expect(await cache.load(null, 'gone-c')).toBeNull();

    expect(cache.stats().entries).toBe(2);
    expect(cache.peek(null, 'b')).toBeUndefined();
    expect(cache.peek(null, 'a')?.shortCode).toBe('a');
    expect(cache.peek(null, 'gone-c')).toBeNull();
    expect(loads).toEqual(['a', 'b', 'gone-c']);
  });

  it('forgets an unknown code once its negative TTL has passed', async () => {
    const { uow, loads } = fakeUnitOfWork();
    const cache = new LinkCache(uow, new EventBus(), { maxEntries: 100, maxBytes: 1_000_000, negativeTtlMs: 10 });
    expect(await cache.load(null, 'gone-soon')).toBeNull();
    expect(cache.peek(null, 'gone-soon')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.peek(null, 'gone-soon')).toBeUndefined(); // to be loaded again
    expect(loads).toEqual(['gone-soon']);
  });

  it('reserves no room for its entries up front', () => {
    const { uow } = fakeUnitOfWork();
    const before = process.memoryUsage().arrayBuffers;
    new LinkCache(uow, new EventBus(), { maxEntries: 100_000, maxBytes: 64 * 2 ** 20, negativeTtlMs: 60_000 });
    // With lru-cache's `max`, the owner and host caches (10,000 each) took 120 kB, and the links
    // (`max: 100_000`) three Uint32Arrays of 100,000 more (1.2 MB), besides plain arrays as large.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20_000);
  });
});
