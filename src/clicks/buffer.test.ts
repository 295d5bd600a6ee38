import { afterEach, describe, expect, it, vi } from 'vitest';
import { visitFacts } from '../../test/helpers/clicks.ts';
import { ClickBuffer } from './buffer.ts';
import type { OverloadReport } from './room-waiters.ts';
import type { PackedVisits } from './visit-batch.ts';

const visit = (linkId: number) => visitFacts(linkId);
/** The links of a batch's visits, in order: which visits it held. */
const linksOf = (batch: PackedVisits) => [...batch.linkIds];

afterEach(() => {
  vi.useRealTimers();
});

describe('the click buffer', () => {
  it('returns from record at once and writes on the next interval', async () => {
    vi.useFakeTimers();
    const batches: PackedVisits[] = [];
    const buffer = new ClickBuffer({
      write: async (batch) => {
        batches.push(batch);
      },
      flushIntervalMs: 250,
    });
    buffer.record(visit(1));
    buffer.record(visit(2));
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(batches.map(linksOf)).toEqual([[1, 2]]);
    await buffer.close();
  });

  it('writes in batches of at most maxBatch, one batch at a time', async () => {
    const batches: number[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const buffer = new ClickBuffer({
      write: async (batch) => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 1));
        batches.push(batch.count);
        concurrent -= 1;
      },
      maxBatch: 100,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 250; i++) buffer.record(visit(i));
    await buffer.flush();
    expect(batches).toEqual([100, 100, 50]);
    expect(maxConcurrent).toBe(1);
    expect(buffer.stats()).toMatchObject({ buffered: 0, written: 250, dropped: 0 });
    await buffer.close();
  });

  it('keeps the visits of a failed write and writes them on the next try', async () => {
    let fail = true;
    const written: number[] = [];
    const errors: unknown[] = [];
    const buffer = new ClickBuffer({
      write: async (batch) => {
        if (fail) throw new Error('database is down');
        written.push(...linksOf(batch));
      },
      flushIntervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    buffer.record(visit(1));
    await expect(buffer.flush()).rejects.toThrow(/could not write 1 buffered clicks/);
    expect(buffer.stats()).toMatchObject({ buffered: 1, failedWrites: 3 });
    fail = false;
    await buffer.flush();
    expect(written).toEqual([1]);
    expect(errors).toHaveLength(3);
    await buffer.close();
  });

  it('writes the batches that filled up during a write right after it, not on the next interval', async () => {
    const written: number[] = [];
    const buffer = new ClickBuffer({
      write: async (batch) => {
        await new Promise((r) => setTimeout(r, 5));
        written.push(batch.count);
      },
      maxBatch: 100,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 300; i++) buffer.record(visit(i));
    await vi.waitFor(() => expect(written).toEqual([100, 100, 100]), { timeout: 2000 });
    await buffer.close();
  });
});

/** A writer whose writes finish only when the test lets them: a database that is slow or locked. */
function heldWriter() {
  const written: number[][] = [];
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  return {
    written,
    write: async (batch: PackedVisits) => {
      await held;
      written.push(linksOf(batch));
    },
    /** Lets every write through from now on. */
    letThrough: () => release(),
    /** Holds the writes that start from now on. */
    hold: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

describe('the click buffer when full: back-pressure', () => {
  it('records at once while it has room: `true`, no promise', async () => {
    const buffer = new ClickBuffer({
      write: async () => {},
      maxBuffered: 2,
      flushIntervalMs: 60_000,
    });
    expect(buffer.record(visit(1))).toBe(true);
    expect(buffer.record(visit(2))).toBe(true);
    expect(buffer.record(visit(3))).toBeInstanceOf(Promise);
    await buffer.close();
  });

  it('holds a visit past its bound until a written batch frees room, then records it: nothing dropped', async () => {
    const writer = heldWriter();
    const buffer = new ClickBuffer({
      write: writer.write,
      maxBuffered: 3,
      maxBatch: 3,
      flushIntervalMs: 60_000,
    });
    for (let i = 1; i <= 3; i++) expect(buffer.record(visit(i))).toBe(true);
    const outcomes: Array<[number, boolean]> = [];
    for (let i = 4; i <= 8; i++) {
      const recorded = buffer.record(visit(i));
      expect(recorded).toBeInstanceOf(Promise);
      void (recorded as Promise<boolean>).then((ok) => outcomes.push([i, ok]));
    }
    await new Promise((r) => setTimeout(r, 20));
    // The writer holds the first batch: nobody got room, nothing was dropped.
    expect(outcomes).toEqual([]);
    expect(buffer.stats()).toMatchObject({ buffered: 3, waiting: 5, dropped: 0, refused: 0 });
    writer.letThrough();
    await buffer.flush();
    // Room went to the waiting visits oldest first, and each was told once it was recorded.
    expect(outcomes).toEqual([4, 5, 6, 7, 8].map((i) => [i, true]));
    expect(writer.written).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    expect(buffer.stats()).toMatchObject({ buffered: 0, written: 8, waited: 5, waiting: 0, refused: 0, dropped: 0 });
    await buffer.close();
  });

  it('keeps the order: a visit arriving while others wait waits behind them, even once room frees', async () => {
    const writer = heldWriter();
    const buffer = new ClickBuffer({
      write: writer.write,
      maxBuffered: 2,
      maxBatch: 2,
      flushIntervalMs: 60_000,
    });
    buffer.record(visit(1));
    buffer.record(visit(2));
    const first = buffer.record(visit(3));
    const second = buffer.record(visit(4));
    const third = buffer.record(visit(5));
    writer.letThrough();
    expect(await first).toBe(true);
    // Room for two came back: 3 and 4 took it. 5 still waits, and so does a newcomer, behind it.
    expect(await second).toBe(true);
    expect(buffer.record(visit(6))).toBeInstanceOf(Promise);
    await buffer.flush();
    expect(await third).toBe(true);
    expect(writer.written.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    await buffer.close();
  });

  it('refuses a visit waiting past maxWaitMs (database unreachable): never written, counted as refused', async () => {
    vi.useFakeTimers();
    let reachable = false;
    const written: number[] = [];
    const buffer = new ClickBuffer({
      write: async (batch) => {
        if (!reachable) throw new Error('database is down');
        written.push(...linksOf(batch));
      },
      maxBuffered: 2,
      flushIntervalMs: 250,
      waits: { maxWaitMs: 3_000 },
    });
    buffer.record(visit(1));
    buffer.record(visit(2));
    const waiting = buffer.record(visit(3)) as Promise<boolean>;
    let outcome: boolean | undefined;
    void waiting.then((ok) => (outcome = ok));
    await vi.advanceTimersByTimeAsync(2_900);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome).toBe(false);
    expect(buffer.stats()).toMatchObject({ buffered: 2, waiting: 0, refused: 1, waited: 0, dropped: 0 });
    reachable = true;
    await buffer.close();
    expect(written).toEqual([1, 2]);
  });

  it('refuses at once a visit that finds maxWaiting visits already waiting', async () => {
    const writer = heldWriter();
    const buffer = new ClickBuffer({
      write: writer.write,
      maxBuffered: 1,
      flushIntervalMs: 60_000,
      waits: { maxWaiting: 2 },
    });
    buffer.record(visit(1));
    const waiting = [buffer.record(visit(2)), buffer.record(visit(3))];
    expect(await buffer.record(visit(4))).toBe(false);
    expect(buffer.stats()).toMatchObject({ waiting: 2, refused: 1 });
    writer.letThrough();
    expect(await Promise.all(waiting)).toEqual([true, true]);
    await buffer.close();
    expect(writer.written.flat()).toEqual([1, 2, 3]);
  });

  it('reports what it did at most once a second while visits wait or are refused', async () => {
    vi.useFakeTimers();
    const reports: OverloadReport[] = [];
    const writer = heldWriter();
    const buffer = new ClickBuffer({
      write: writer.write,
      maxBuffered: 2,
      maxBatch: 2,
      flushIntervalMs: 60_000,
      waits: { maxWaitMs: 1_500, onOverload: (report) => reports.push(report) },
    });
    buffer.record(visit(1));
    buffer.record(visit(2));
    for (let i = 3; i <= 12; i++) void buffer.record(visit(i));
    await vi.advanceTimersByTimeAsync(999);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports).toEqual([{ waited: 0, refused: 0, depth: 2, waiting: 10 }]);
    // At 1.5 s the ten are refused; the next report says so, a second after the first.
    await vi.advanceTimersByTimeAsync(999);
    expect(reports).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports[1]).toEqual({ waited: 0, refused: 10, depth: 2, waiting: 0 });
    // Two more wait and get room: reported once, with what they did.
    void buffer.record(visit(13));
    void buffer.record(visit(14));
    writer.letThrough();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reports.slice(2)).toEqual([{ waited: 2, refused: 0, depth: 0, waiting: 0 }]);
    await buffer.close();
    expect(reports).toHaveLength(3);
  });

  it('gives the visits still waiting room as close() writes the buffer, so a shutdown answers them all', async () => {
    const writer = heldWriter();
    const buffer = new ClickBuffer({
      write: writer.write,
      maxBuffered: 2,
      flushIntervalMs: 60_000,
    });
    for (let i = 1; i <= 2; i++) buffer.record(visit(i));
    const waiting = [3, 4, 5].map((i) => buffer.record(visit(i)));
    const closed = buffer.close();
    writer.letThrough();
    await closed;
    expect(await Promise.all(waiting)).toEqual([true, true, true]);
    expect(writer.written.flat()).toEqual([1, 2, 3, 4, 5]);
  });
});
