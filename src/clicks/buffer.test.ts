import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickEvent } from '../../test/helpers/clicks.ts';
import { ClickBuffer, type BatchBuilder } from './buffer.ts';
import type { ClickEvent } from '../core/clicks.ts';

const event = (linkId: number): ClickEvent => clickEvent(linkId);

/** Batches as plain arrays (the service packs visits into columns instead: VisitPacker). */
function arrayBatch(): BatchBuilder<ClickEvent, ClickEvent[]> {
  const events: ClickEvent[] = [];
  return {
    add: (e) => void events.push(e),
    get count() {
      return events.length;
    },
    finish: () => events,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the click buffer', () => {
  it('returns from record at once and writes on the next interval', async () => {
    vi.useFakeTimers();
    const batches: ClickEvent[][] = [];
    const buffer = new ClickBuffer<ClickEvent, ClickEvent[]>({
      startBatch: arrayBatch,
      write: async (events) => {
        batches.push(events);
      },
      flushIntervalMs: 250,
    });
    buffer.record(event(1));
    buffer.record(event(2));
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(batches.map((b) => b.map((e) => e.linkId))).toEqual([[1, 2]]);
    await buffer.close();
  });

  it('writes in batches of at most maxBatch, one batch at a time', async () => {
    const batches: number[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const buffer = new ClickBuffer<ClickEvent, ClickEvent[]>({
      startBatch: arrayBatch,
      write: async (events) => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 1));
        batches.push(events.length);
        concurrent -= 1;
      },
      maxBatch: 100,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 250; i++) buffer.record(event(i));
    await buffer.flush();
    expect(batches).toEqual([100, 100, 50]);
    expect(maxConcurrent).toBe(1);
    expect(buffer.stats()).toMatchObject({ buffered: 0, written: 250, dropped: 0 });
    await buffer.close();
  });

  it('keeps the events of a failed write and writes them on the next try', async () => {
    let fail = true;
    const written: number[] = [];
    const errors: unknown[] = [];
    const buffer = new ClickBuffer<ClickEvent, ClickEvent[]>({
      startBatch: arrayBatch,
      write: async (events) => {
        if (fail) throw new Error('database is down');
        written.push(...events.map((e) => e.linkId));
      },
      flushIntervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    buffer.record(event(1));
    await expect(buffer.flush()).rejects.toThrow(/could not write 1 buffered clicks/);
    expect(buffer.stats()).toMatchObject({ buffered: 1, failedWrites: 3 });
    fail = false;
    await buffer.flush();
    expect(written).toEqual([1]);
    expect(errors).toHaveLength(3);
    await buffer.close();
  });

  it('drops and counts new clicks past its bound instead of growing without limit', async () => {
    const buffer = new ClickBuffer<ClickEvent, ClickEvent[]>({
      startBatch: arrayBatch,
      write: async () => {},
      maxBuffered: 3,
      maxBatch: 1000,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 5; i++) buffer.record(event(i));
    expect(buffer.stats()).toMatchObject({ buffered: 3, dropped: 2 });
    await buffer.close();
    expect(buffer.stats()).toMatchObject({ buffered: 0, written: 3 });
  });

  it('puts each event into its batch as it is recorded', () => {
    const added: number[] = [];
    const buffer = new ClickBuffer<ClickEvent, number>({
      startBatch: (capacity) => ({
        add: (e) => void added.push(e.linkId),
        get count() {
          return added.length;
        },
        finish: () => capacity,
      }),
      write: async () => {},
      flushIntervalMs: 60_000,
    });
    buffer.record(event(1));
    buffer.record(event(2));
    expect(added).toEqual([1, 2]);
    expect(buffer.stats()).toMatchObject({ buffered: 2 });
  });

  it('writes the batches that filled up during a write right after it, not on the next interval', async () => {
    const written: number[] = [];
    const buffer = new ClickBuffer<ClickEvent, ClickEvent[]>({
      startBatch: arrayBatch,
      write: async (events) => {
        await new Promise((r) => setTimeout(r, 5));
        written.push(events.length);
      },
      maxBatch: 100,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 300; i++) buffer.record(event(i));
    await vi.waitFor(() => expect(written).toEqual([100, 100, 100]), { timeout: 2000 });
    await buffer.close();
  });
});
