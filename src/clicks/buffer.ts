export interface ClickBufferOptions<T> {
  write: (events: T[]) => Promise<void>;
  flushIntervalMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
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
  dropped: number;
  failedWrites: number;
}

/**
 * The in-process click pipeline: the redirect appends and returns at once; a writer drains the
 * buffer in batches (every 250 ms, or as soon as 1,000 are waiting), one batch at a time.
 * A failed write keeps its events for the next try. Past `maxBuffered` (the database has been
 * unreachable for a while) new clicks are dropped and counted rather than growing memory until
 * the process dies: dropping the newest keeps the older, already-waiting clicks in time order.
 */
export class ClickBuffer<T> {
  readonly #write: (events: T[]) => Promise<void>;
  readonly #maxBatch: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown, batch: FailedBatch) => void;
  readonly #timer: NodeJS.Timeout;
  #events: T[] = [];
  #flushing: Promise<void> | undefined;
  #soon = false;
  #stats = { written: 0, dropped: 0, failedWrites: 0 };

  constructor(options: ClickBufferOptions<T>) {
    this.#write = options.write;
    this.#maxBatch = options.maxBatch ?? 1000;
    this.#maxBuffered = options.maxBuffered ?? 100_000;
    this.#onError = options.onError ?? (() => {});
    this.#timer = setInterval(() => void this.#drainOnce(), options.flushIntervalMs ?? 250);
    this.#timer.unref();
  }

  record(event: T): void {
    if (this.#events.length >= this.#maxBuffered) {
      this.#stats.dropped += 1;
      return;
    }
    this.#events.push(event);
    if (this.#events.length >= this.#maxBatch && !this.#soon) {
      this.#soon = true;
      setImmediate(() => {
        this.#soon = false;
        void this.#drainOnce();
      });
    }
  }

  stats(): ClickBufferStats {
    return { buffered: this.#events.length, ...this.#stats };
  }

  /** Writes one batch unless a write is already running; never throws. */
  #drainOnce(): Promise<void> {
    if (this.#flushing || this.#events.length === 0) return this.#flushing ?? Promise.resolve();
    const batch = this.#events.splice(0, this.#maxBatch);
    this.#flushing = this.#write(batch)
      .then(() => {
        this.#stats.written += batch.length;
      })
      .catch((error: unknown) => {
        this.#stats.failedWrites += 1;
        this.#events.unshift(...batch);
        this.#onError(error, { visits: batch.length, keptForRetry: this.#events.length });
      })
      .finally(() => {
        this.#flushing = undefined;
      });
    return this.#flushing;
  }

  /** Writes everything recorded so far; rejects if the store keeps failing. */
  async flush(): Promise<void> {
    let failuresInARow = 0;
    while (this.#flushing || this.#events.length > 0) {
      const before = this.#stats.failedWrites;
      await (this.#flushing ?? this.#drainOnce());
      failuresInARow = this.#stats.failedWrites > before ? failuresInARow + 1 : 0;
      if (failuresInARow >= 3) throw new Error(`could not write ${this.#events.length} buffered clicks`);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
