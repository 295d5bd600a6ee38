import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

const drain = <T>(queue: FairQueue<T>): T[] => {
  const items: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) items.push(item);
  return items;
};

describe('FairQueue', () => {
  it('serves the keys round robin, each key in its own order', () => {
    const queue = new FairQueue<string>({ perKey: 10, total: 100 });
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('c', 'c2');
    expect(drain(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
    expect(queue.size).toBe(0);
  });

  it('serves a key that arrives during a flood after at most one item of the flooding key', () => {
    const queue = new FairQueue<string>({ perKey: 10, total: 100 });
    for (let i = 1; i <= 8; i++) queue.push('flood', `f${i}`);
    expect(queue.shift()).toBe('f1');
    queue.push('one', 'o1');
    expect([queue.shift(), queue.shift()]).toEqual(['f2', 'o1']);
  });

  it('refuses a key past its own bound, and other keys still get in', () => {
    const queue = new FairQueue<number>({ perKey: 3, total: 100 });
    const admitted = Array.from({ length: 5 }, (_, i) => queue.push('a', i).admitted);
    expect(admitted).toEqual([true, true, true, false, false]);
    expect(queue.push('b', 9).admitted).toBe(true);
    expect(queue.size).toBe(4);
  });

  it('makes room for a short line when full, by pushing out the newest item of the longest one', () => {
    const queue = new FairQueue<string>({ perKey: 4, total: 6 });
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('b', 'b2');
    expect(queue.push('c', 'c1')).toEqual({ admitted: true, evicted: 'a4' });
    expect(queue.push('d', 'd1')).toEqual({ admitted: true, evicted: 'a3' });
    expect(queue.size).toBe(6);
    expect(drain(queue)).toEqual(['a1', 'b1', 'c1', 'd1', 'a2', 'b2']);
  });

  it('refuses a newcomer when every line is already as short as it would be', () => {
    const queue = new FairQueue<string>({ perKey: 4, total: 3 });
    for (const key of ['a', 'b', 'c']) expect(queue.push(key, key).admitted).toBe(true);
    expect(queue.push('d', 'd')).toEqual({ admitted: false });
    // A key never pushes out its own items.
    expect(queue.push('a', 'a2')).toEqual({ admitted: false });
    expect(drain(queue)).toEqual(['a', 'b', 'c']);
  });
});
