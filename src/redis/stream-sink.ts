import type { Redis } from 'ioredis';
import type { VisitFacts } from '../core/clicks.ts';
import type { ClickSink } from '../clicks/sink.ts';

/**
 * Appends each visit to a Redis Stream. XADD is issued without waiting for its reply, and before
 * the redirect's own response is written, so by the time a visitor has the 302 the entry is
 * already in the Redis connection's socket: a crash of this instance cannot lose it.
 */
export class RedisStreamClickSink implements ClickSink {
  readonly #redis: Redis;
  readonly #stream: string;
  readonly #pending = new Set<Promise<unknown>>();
  #failed = 0;
  #appended = 0;

  constructor(redis: Redis, stream: string) {
    this.#redis = redis;
    this.#stream = stream;
  }

  record(visit: VisitFacts): void {
    const sent = this.#redis
      .xadd(this.#stream, '*', 'v', JSON.stringify(visit))
      .then(() => {
        this.#appended += 1;
      })
      .catch(() => {
        this.#failed += 1;
      })
      .finally(() => this.#pending.delete(sent));
    this.#pending.add(sent);
  }

  /** Waits until every appended visit has been acknowledged by Redis. */
  async flush(): Promise<void> {
    await Promise.all(this.#pending);
  }

  stats() {
    return { buffered: this.#pending.size, written: this.#appended, dropped: this.#failed, failedWrites: this.#failed };
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
