import type { Redis } from 'ioredis';
import type { VisitFacts } from '../core/clicks.ts';
import { VisitPacker } from '../clicks/packed-visits.ts';
import type { ClickBufferStats } from '../clicks/buffer.ts';
import { RoomWaiters, type WaitBounds } from '../clicks/room-waiters.ts';
import type { ClickSink, Recorded } from '../clicks/sink.ts';
import { encodePackedVisits, PACKED_FIELD } from './stream-entries.ts';

/** One stream entry carries at most this many visits (the consumer's transactions stay bounded). */
export const MAX_VISITS_PER_ENTRY = 256;

/**
 * Appends visits to a Redis Stream, one XADD per event-loop turn instead of one a visit: under
 * load a turn answers dozens of redirects, and each command costs the edge its own serialisation,
 * promise and reply. The turn's visits are packed as they come, each distinct header value once
 * (field `c`, stream-entries.ts).
 *
 * No answered visit can be lost to a crash of this instance: the edge writes a recorded visit's
 * response through `afterHandOff`, which holds it until the turn's XADD has been written to the
 * Redis connection's socket (ioredis writes a command synchronously once connected). The wait is
 * the rest of the turn: the answers go out in the same turn's check phase (setImmediate).
 * While Redis is unreachable, ioredis queues commands in memory (not yet in the socket): a crash
 * then loses what that queue held, as it did with one XADD a visit.
 *
 * What this instance holds is bounded: at `maxVisits` visits gathered or in XADDs not yet
 * acknowledged (Redis slower than the visits, or unreachable), a new visit waits, in arrival
 * order, until acknowledgements free room, and is answered only once it is gathered; one that
 * waits past the bound is refused (the edge answers 503), as in the SQLite buffer (buffer.ts).
 */
export class RedisStreamClickSink implements ClickSink {
  readonly #redis: Redis;
  readonly #stream: string;
  readonly #pending = new Set<Promise<unknown>>();
  /** Visits in XADDs not yet acknowledged. */
  #inFlight = 0;
  /** The turn's visits, packed as they come; reused from one entry to the next. */
  readonly #packer = new VisitPacker(MAX_VISITS_PER_ENTRY);
  #answers: Array<() => void> = [];
  #scheduled = false;
  #failed = 0;
  #appended = 0;
  readonly #maxVisits: number;
  readonly #waiters: RoomWaiters<VisitFacts>;

  constructor(redis: Redis, stream: string, bounds: WaitBounds & { maxVisits?: number } = {}) {
    this.#redis = redis;
    this.#stream = stream;
    this.#maxVisits = bounds.maxVisits ?? 100_000;
    this.#waiters = new RoomWaiters(bounds, () => this.#held());
  }

  record(visit: VisitFacts): Recorded {
    if (this.#held() < this.#maxVisits && this.#waiters.size === 0) {
      this.#gather(visit);
      return true;
    }
    return this.#waiters.wait(visit);
  }

  #held(): number {
    return this.#packer.count + this.#inFlight;
  }

  readonly #gather = (visit: VisitFacts): void => {
    this.#packer.add(visit);
    if (this.#packer.count >= MAX_VISITS_PER_ENTRY) this.#append();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#appendScheduled);
    }
  };

  afterHandOff(answer: () => void): void {
    if (this.#packer.count === 0) answer();
    else this.#answers.push(answer);
  }

  readonly #appendScheduled = () => {
    this.#scheduled = false;
    this.#append();
  };

  /** One XADD for the visits gathered so far, then the answers that waited for it. */
  #append(): void {
    const count = this.#packer.count;
    const answers = this.#answers;
    if (count === 0) return;
    const value = encodePackedVisits(this.#packer.finish());
    this.#packer.clear();
    this.#answers = [];
    this.#inFlight += count;
    const sent = this.#redis
      .xadd(this.#stream, '*', PACKED_FIELD, value)
      .then(() => {
        this.#appended += count;
      })
      .catch(() => {
        this.#failed += count;
      })
      .finally(() => {
        this.#inFlight -= count;
        this.#pending.delete(sent);
        this.#waiters.release(this.#maxVisits - this.#held(), this.#gather);
      });
    this.#pending.add(sent);
    for (const answer of answers) answer();
  }

  /**
   * Appends what is gathered, then waits until every appended visit has been acknowledged by
   * Redis (and the visits that were waiting for room, gathered as acknowledgements free it).
   */
  async flush(): Promise<void> {
    do {
      this.#append();
      await Promise.all(this.#pending);
    } while (this.#packer.count > 0);
  }

  stats(): ClickBufferStats {
    return {
      buffered: this.#held(),
      written: this.#appended,
      dropped: this.#failed,
      failedWrites: this.#failed,
      waited: this.#waiters.waited,
      refused: this.#waiters.refused,
      waiting: this.#waiters.size,
    };
  }

  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      this.#waiters.close();
    }
  }
}
