import type { VisitFacts } from '../core/clicks.ts';
import { RoomWaiters, type WaitBounds } from './room-waiters.ts';
import type { Recorded } from './sink.ts';
import { VisitPacker, type PackedVisits } from './visit-batch.ts';

export interface ClickBufferOptions {
  /** Writes one batch; the buffer keeps it to try again if this rejects. */
  write: (batch: PackedVisits) => Promise<void>;
  flushIntervalMs?: number;
  maxBatch?: number;
  /** Visits held at most, not yet written; past it visits wait for room (`waits`). */
  maxBuffered?: number;
  /** How long a visit may wait for room, and how many may wait, before visits are refused. */
  waits?: WaitBounds;
  /** Told of a failed write: how many visits the batch had, and how many now wait for the retry. */
  onError?: (error: unknown, batch: FailedBatch) => void;
}

export interface FailedBatch {
  visits: number;
  keptForRetry: number;
}

export interface ClickBufferStats {
  buffered: number;
  written: number;
  /** Accepted and then lost (the Redis sink's failed XADDs); the in-process buffer never drops. */
  dropped: number;
  failedWrites: number;
  /** Visits that found the buffer full, waited for room, and were recorded. */
  waited: number;
  /** Visits refused: the buffer stayed full past the wait bound (or too many were waiting). */
  refused: number;
  /** Visits waiting for room now. */
  waiting: number;
}

/**
 * The in-process click pipeline: the redirect appends and returns at once; a writer drains the
 * buffer in batches (every 250 ms, or as soon as 1,000 are waiting), one batch at a time.
 * Visits are packed into their batch as they are recorded (VisitPacker, visit-batch.ts), so what
 * waits is the batch, not an object per visit. A failed write keeps its batch for the next try.
 * At `maxBuffered` (visits arrive faster than the writer writes, or the database is unreachable)
 * memory stops growing: a new visit waits, in arrival order, until a written batch frees room,
 * and the edge answers it only then (back-pressure). One that waits past `waits.maxWaitMs`, or
 * finds `waits.maxWaiting` already waiting, is refused: never recorded, never answered with a
 * redirect. No visit is dropped after it was accepted.
 */
export class ClickBuffer {
  readonly #write: (batch: PackedVisits) => Promise<void>;
  readonly #maxBatch: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown, batch: FailedBatch) => void;
  readonly #timer: NodeJS.Timeout;
  /** Full batches, oldest first (a failed one goes back to the front). */
  readonly #ready: Array<{ batch: PackedVisits; count: number }> = [];
  #filling: VisitPacker | undefined;
  #buffered = 0;
  #flushing: Promise<void> | undefined;
  #soon = false;
  #stats = { written: 0, failedWrites: 0 };
  readonly #waiters: RoomWaiters<VisitFacts>;

  constructor(options: ClickBufferOptions) {
    this.#write = options.write;
    this.#maxBatch = options.maxBatch ?? 1000;
    this.#maxBuffered = options.maxBuffered ?? 100_000;
    this.#onError = options.onError ?? (() => {});
    this.#waiters = new RoomWaiters(options.waits ?? {}, () => this.#buffered);
    this.#timer = setInterval(() => void this.#drainOnce(), options.flushIntervalMs ?? 250);
    this.#timer.unref();
  }

  /** Records the visit now if there is room and nobody waits before it; else it waits (see Recorded). */
  record(visit: VisitFacts): Recorded {
    if (this.#buffered < this.#maxBuffered && this.#waiters.size === 0) {
      this.#add(visit);
      return true;
    }
    // Full: the writer need not wait for its interval (a small buffer's batch never fills up).
    this.#drainSoon();
    return this.#waiters.wait(visit);
  }

  #add(visit: VisitFacts): void {
    const filling = (this.#filling ??= new VisitPacker(this.#maxBatch));
    filling.add(visit);
    this.#buffered += 1;
    if (filling.count < this.#maxBatch) return;
    this.#ready.push({ batch: filling.finish(), count: filling.count });
    this.#filling = undefined;
    this.#drainSoon();
  }

  #drainSoon(): void {
    if (this.#soon) return;
    this.#soon = true;
    setImmediate(() => {
      this.#soon = false;
      void this.#drainOnce();
    });
  }

  stats(): ClickBufferStats {
    return {
      buffered: this.#buffered,
      ...this.#stats,
      dropped: 0,
      waited: this.#waiters.waited,
      refused: this.#waiters.refused,
      waiting: this.#waiters.size,
    };
  }

  /** The oldest full batch, else the one being filled; undefined when nothing waits. */
  #nextBatch(): { batch: PackedVisits; count: number } | undefined {
    const ready = this.#ready.shift();
    if (ready) return ready;
    const filling = this.#filling;
    if (!filling || filling.count === 0) return undefined;
    this.#filling = undefined;
    return { batch: filling.finish(), count: filling.count };
  }

  /** Writes one batch unless a write is already running; never throws. */
  #drainOnce(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    const next = this.#nextBatch();
    if (!next) return Promise.resolve();
    this.#flushing = this.#write(next.batch).then(
      () => {
        this.#flushing = undefined;
        this.#buffered -= next.count;
        this.#stats.written += next.count;
        // The room just freed goes to the visits waiting for it, oldest first.
        this.#waiters.release(this.#maxBuffered - this.#buffered, this.#addWaiting);
        // More filled up meanwhile, or visits wait: the next batch goes to the writer now, not
        // after the rest of this turn's I/O (under load a turn serves a thousand requests or more).
        if (this.#ready.length > 0 || this.#buffered >= this.#maxBuffered) void this.#drainOnce();
      },
      (error: unknown) => {
        this.#flushing = undefined;
        this.#stats.failedWrites += 1;
        this.#ready.unshift(next);
        this.#onError(error, { visits: next.count, keptForRetry: this.#buffered });
      },
    );
    return this.#flushing;
  }

  /** Writes everything recorded so far; rejects if the store keeps failing. */
  async flush(): Promise<void> {
    let failuresInARow = 0;
    while (this.#flushing || this.#buffered > 0) {
      const before = this.#stats.failedWrites;
      await (this.#flushing ?? this.#drainOnce());
      failuresInARow = this.#stats.failedWrites > before ? failuresInARow + 1 : 0;
      if (failuresInARow >= 3) throw new Error(`could not write ${this.#buffered} buffered clicks`);
    }
  }

  readonly #addWaiting = (visit: VisitFacts) => this.#add(visit);

  /** Writes everything accepted (visits still waiting get room as batches are written), then refuses the rest. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    try {
      await this.flush();
    } finally {
      this.#waiters.close();
    }
  }
}
