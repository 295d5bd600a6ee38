/** Collects up to a batch's worth of events; `finish` gives the batch to write. */
export interface BatchBuilder<T, B> {
  add(event: T): void;
  readonly count: number;
  finish(): B;
}

export interface ClickBufferOptions<T, B> {
  /** A builder for a batch of at most `capacity` events (the visits packed as they come, say). */
  startBatch: (capacity: number) => BatchBuilder<T, B>;
  write: (batch: B) => Promise<void>;
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
 * Events go into their batch as they are recorded (startBatch), so what waits is the batch, not
 * each event. A failed write keeps its batch for the next try. Past `maxBuffered` (the database
 * has been unreachable for a while) new clicks are dropped and counted rather than growing
 * memory until the process dies: dropping the newest keeps the older, already-waiting clicks in
 * time order.
 */
export class ClickBuffer<T, B> {
  readonly #startBatch: (capacity: number) => BatchBuilder<T, B>;
  readonly #write: (batch: B) => Promise<void>;
  readonly #maxBatch: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown, batch: FailedBatch) => void;
  readonly #timer: NodeJS.Timeout;
  /** Full batches, oldest first (a failed one goes back to the front). */
  readonly #ready: Array<{ batch: B; count: number }> = [];
  #filling: BatchBuilder<T, B> | undefined;
  #buffered = 0;
  #flushing: Promise<void> | undefined;
  #soon = false;
  #stats = { written: 0, dropped: 0, failedWrites: 0 };

  constructor(options: ClickBufferOptions<T, B>) {
    this.#startBatch = options.startBatch;
    this.#write = options.write;
    this.#maxBatch = options.maxBatch ?? 1000;
    this.#maxBuffered = options.maxBuffered ?? 100_000;
    this.#onError = options.onError ?? (() => {});
    this.#timer = setInterval(() => void this.#drainOnce(), options.flushIntervalMs ?? 250);
    this.#timer.unref();
  }

  record(event: T): void {
    if (this.#buffered >= this.#maxBuffered) {
      this.#stats.dropped += 1;
      return;
    }
    const filling = (this.#filling ??= this.#startBatch(this.#maxBatch));
    filling.add(event);
    this.#buffered += 1;
    if (filling.count < this.#maxBatch) return;
    this.#ready.push({ batch: filling.finish(), count: filling.count });
    this.#filling = undefined;
    if (!this.#soon) {
      this.#soon = true;
      setImmediate(() => {
        this.#soon = false;
        void this.#drainOnce();
      });
    }
  }

  stats(): ClickBufferStats {
    return { buffered: this.#buffered, ...this.#stats };
  }

  /** The oldest full batch, else the one being filled; undefined when nothing waits. */
  #nextBatch(): { batch: B; count: number } | undefined {
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
    this.#flushing = this.#write(next.batch)
      .then(() => {
        this.#buffered -= next.count;
        this.#stats.written += next.count;
        // More may have filled up meanwhile: a busy service does not wait for the interval.
        if (this.#ready.length > 0) setImmediate(() => void this.#drainOnce());
      })
      .catch((error: unknown) => {
        this.#stats.failedWrites += 1;
        this.#ready.unshift(next);
        this.#onError(error, { visits: next.count, keptForRetry: this.#buffered });
      })
      .finally(() => {
        this.#flushing = undefined;
      });
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

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
