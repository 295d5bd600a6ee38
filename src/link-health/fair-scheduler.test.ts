import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairScheduler } from './fair-scheduler.ts';

/**
 * Requests that run until the test finishes them: `started` lists them in the order the
 * scheduler started them, `finish(name)` ends one (and frees its slot).
 */
function harness(options: ConstructorParameters<typeof FairScheduler>[0]) {
  const scheduler = new FairScheduler(options);
  const started: string[] = [];
  const running = new Map<string, () => void>();
  const request = (account: string, name: string, host = name) => {
    const result = scheduler.run(account, host, () => {
      started.push(name);
      return new Promise<string>((resolve) => running.set(name, () => resolve(name)));
    });
    return result;
  };
  const finish = async (name: string) => {
    const end = running.get(name);
    if (!end) throw new Error(`${name} is not running`);
    running.delete(name);
    end();
    // A few turns of the microtask queue: the slot is given back and the next request started.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { scheduler, started, request, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FairScheduler: accounts take turns', () => {
  it('serves the accounts round robin, each in its own order', async () => {
    const { started, request, finish } = harness({ slots: 1, intervalMs: 0 });
    for (const name of ['a1', 'a2', 'a3', 'a4']) void request('a', name);
    void request('b', 'b1');
    void request('c', 'c1');
    void request('c', 'c2');
    expect(started).toEqual(['a1']);
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3', 'c2']) await finish(name);
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'c2', 'a4']);
  });

  it('an account that arrives during a flood waits for at most one request of the flooding account', async () => {
    const { started, request, finish } = harness({ slots: 1, intervalMs: 0 });
    for (let i = 1; i <= 8; i++) void request('flood', `f${i}`);
    await finish('f1');
    // f2 runs; o1 joins the round after the flood's line.
    void request('one', 'o1');
    await finish('f2');
    await finish('f3');
    expect(started).toEqual(['f1', 'f2', 'f3', 'o1']);
  });

  it('one account holds at most half the slots, rounded up, even alone; another account starts at once', async () => {
    const { scheduler, started, request } = harness({ slots: 4, intervalMs: 0 });
    for (let i = 1; i <= 10; i++) void request('a', `a${i}`);
    expect(started).toEqual(['a1', 'a2']);
    void request('b', 'b1');
    void request('b', 'b2');
    void request('b', 'b3');
    expect(started).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(scheduler.running).toBe(4);
  });

  it('the share rounds up (3 of 5), and freed slots go round the accounts in turn', async () => {
    const { started, request, finish } = harness({ slots: 5, intervalMs: 0 });
    for (let i = 1; i <= 6; i++) void request('a', `a${i}`);
    for (let i = 1; i <= 6; i++) void request('b', `b${i}`);
    void request('c', 'c1');
    // a: 3 (its share), b: the 2 slots left; a's line formed first, then b's, then c's.
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    await finish('a1');
    await finish('a2');
    await finish('b1');
    // c waited for one request of a and one of b, not for their queues.
    expect(started.slice(5)).toEqual(['a4', 'b3', 'c1']);
    await finish('c1');
    expect(started.slice(8)).toEqual(['a5']);
  });

  it('a task that throws or fails gives its slot back', async () => {
    const scheduler = new FairScheduler({ slots: 1, intervalMs: 0 });
    await expect(
      scheduler.run('a', 'h', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(scheduler.run('a', 'h', () => Promise.reject(new Error('async')))).rejects.toThrow('async');
    await expect(scheduler.run('b', 'h2', () => Promise.resolve(42))).resolves.toBe(42);
    expect(scheduler.running).toBe(0);
  });
});

describe('FairScheduler: the pace of each host', () => {
  it('requests to one host start intervalMs apart whatever their account; accounts take turns', async () => {
    vi.useFakeTimers();
    const { started, request, finish } = harness({ slots: 4, perAccount: 4, intervalMs: 1000, now: () => Date.now() });
    const at = new Map<string, number>();
    const t0 = Date.now();
    const record = () => {
      for (const name of started) if (!at.has(name)) at.set(name, Date.now() - t0);
    };
    for (let i = 1; i <= 4; i++) void request('a', `a${i}`, 'shop.test');
    void request('b', 'b1', 'SHOP.test');
    void request('b', 'b2', 'other.test');
    record();
    // Only the first request to shop.test starts; b's request to another host is not held back.
    expect(started).toEqual(['a1', 'b2']);
    await finish('a1');
    await vi.advanceTimersByTimeAsync(999);
    record();
    expect(started).toEqual(['a1', 'b2']);
    // Each request on shop.test ends as soon as it starts: only the host's pace holds the next.
    const finished = new Set(['a1', 'b2']);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(i === 0 ? 1 : 1000);
      record();
      for (const name of started.filter((name) => !finished.has(name))) {
        finished.add(name);
        await finish(name);
      }
    }
    // b's request to the host comes after one of a's, not after a's whole queue.
    expect([...at.entries()]).toEqual([
      ['a1', 0],
      ['b2', 0],
      ['a2', 1000],
      ['b1', 2000],
      ['a3', 3000],
      ['a4', 4000],
    ]);
  });

  it('a request waiting for its host holds no slot: the account’s requests to other hosts go first', async () => {
    vi.useFakeTimers();
    const { started, request, finish } = harness({ slots: 2, perAccount: 2, intervalMs: 1000, now: () => Date.now() });
    void request('a', 'a1', 'slow.test');
    void request('a', 'a2', 'slow.test');
    void request('a', 'a3', 'fast.test');
    expect(started).toEqual(['a1', 'a3']);
    await vi.advanceTimersByTimeAsync(1000);
    // Both slots are taken (a1 and a3 still run): a2's host is ready, it waits for a slot.
    expect(started).toEqual(['a1', 'a3']);
    await finish('a3');
    expect(started).toEqual(['a1', 'a3', 'a2']);
  });
});
