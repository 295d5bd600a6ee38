import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Runs the checker's requests: at most `concurrency` at once in all, and requests to one host
 * started at least `intervalMs` apart (one per second per host, in this process).
 *
 * The requests of a host form a queue: each waits until the one before it has started, then
 * until `intervalMs` after that start, and only then for a free slot. The slot is taken last, so
 * requests waiting for their host's turn hold no slot and other hosts go on meanwhile; and since
 * the start that is measured is the real one (after the slot), two starts can never come closer
 * than `intervalMs`, however long a slot took to free up.
 */
export class HostScheduler {
  readonly #intervalMs: number;
  readonly #limit: LimitFunction;
  /** The last request queued per host: resolves once it has started. */
  readonly #tail = new Map<string, Promise<void>>();
  readonly #lastStart = new Map<string, number>();

  constructor(options: { intervalMs: number; concurrency: number }) {
    this.#intervalMs = options.intervalMs;
    this.#limit = pLimit(Math.max(1, options.concurrency));
  }

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const key = host.toLowerCase();
    const previous = this.#tail.get(key) ?? Promise.resolve();
    let started!: () => void;
    const mine = new Promise<void>((resolve) => {
      started = resolve;
    });
    this.#tail.set(key, mine);
    try {
      await previous;
      const last = this.#lastStart.get(key);
      const wait = last === undefined ? 0 : last + this.#intervalMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return await this.#limit(() => {
        this.#lastStart.set(key, performance.now());
        started();
        return task();
      });
    } finally {
      started(); // never leave the host's queue stuck
      if (this.#tail.get(key) === mine) this.#tail.delete(key);
      this.#forgetIdle();
    }
  }

  #forgetIdle(): void {
    if (this.#lastStart.size < 1000) return;
    const now = performance.now();
    for (const [host, at] of this.#lastStart)
      if (at < now - this.#intervalMs && !this.#tail.has(host)) this.#lastStart.delete(host);
  }
}
