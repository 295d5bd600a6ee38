// The Redis click stream, both ends: each instance's sink appends its visits to the stream, and a
// consumer group (one member per instance, on the click writer's thread: writer-thread.ts) writes
// them to the database.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { countsAsClick, type ClickEvent, type VisitFacts } from '../core/clicks.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { ClickBufferStats } from './buffer.ts';
import type { GeoLookup } from './geo.ts';
import { RoomWaiters, type WaitBounds } from './room-waiters.ts';
import type { ClickSink, Recorded } from './sink.ts';
import {
  decodeVisitBatch,
  encodeVisitBatch,
  enrichVisitBatch,
  joinVisitBatches,
  type PackedVisits,
  VisitPacker,
} from './visit-batch.ts';

/** The one field of an entry: a batch of visits as encodeVisitBatch writes it. */
const VISITS_FIELD = 'c';

/** One stream entry carries at most this many visits (the consumer's transactions stay bounded). */
export const MAX_VISITS_PER_ENTRY = 256;

/**
 * Appends visits to a Redis Stream, one XADD per event-loop turn instead of one a visit: under
 * load a turn answers dozens of redirects, and each command costs the edge its own serialisation,
 * promise and reply. The turn's visits are packed as they come, each distinct header value once.
 *
 * No answered visit can be lost to a crash of this instance: the edge writes a recorded visit's
 * response through `afterHandOff`, which holds it until the turn's XADD has been written to the
 * Redis connection's socket (ioredis writes a command synchronously once connected). The wait is
 * the rest of the turn: the answers go out in the same turn's check phase (setImmediate).
 * While Redis is unreachable, ioredis queues commands in memory (not yet in the socket): a crash
 * then loses what that queue held.
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
    const value = encodeVisitBatch(this.#packer.finish());
    this.#packer.clear();
    this.#answers = [];
    this.#inFlight += count;
    const sent = this.#redis
      .xadd(this.#stream, '*', VISITS_FIELD, value)
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

type Entry = [id: string, fields: string[]];

/** The visits of one entry; throws on an entry that holds none (see StreamClickConsumer). */
function visitsOf([id, fields]: Entry) {
  if (fields[0] !== VISITS_FIELD || fields[1] === undefined) throw new Error(`stream entry ${id} holds no visits`);
  return decodeVisitBatch(fields[1]);
}

interface DecodedEntry {
  id: string;
  visits: PackedVisits;
}

/** The entries' visits, each entry's apart, and the entries that cannot be decoded with why. */
function decodeEntries(entries: Entry[]) {
  const readable: DecodedEntry[] = [];
  const unreadable: Array<{ id: string; error: unknown }> = [];
  for (const entry of entries) {
    try {
      readable.push({ id: entry[0], visits: visitsOf(entry) });
    } catch (error) {
      unreadable.push({ id: entry[0], error });
    }
  }
  return { readable, unreadable };
}

/**
 * How a consumer reads the stream unless told otherwise. An entry holds up to MAX_VISITS_PER_ENTRY
 * visits: 64 of them, at most 16,384 in one transaction.
 */
export const STREAM_READ_DEFAULTS = { batchSize: 64, blockMs: 250, gatherMs: 100 } as const;

export interface StreamConsumerOptions {
  stream: string;
  group: string;
  batchSize?: number;
  blockMs?: number;
  /**
   * After a batch that did not fill up, the next read waits until this long after that batch was
   * taken, so it gathers what arrived meanwhile instead of one event-loop turn's visits. Each
   * batch costs a dozen statements whatever its size: at 35,000 visits a second, batches taken as
   * they came cost the consumer 10.4 µs and PostgreSQL 12.0 µs a visit, gathered 7.4 and 8.2.
   */
  gatherMs?: number;
  /** Entries pending this long on any consumer are taken over (their consumer is presumed dead). */
  claimIdleMs?: number;
  onError?: (error: unknown) => void;
  /** An entry that could not be decoded, once it has been acknowledged and dropped: its id and why. */
  onUnreadable?: (entryId: string, error: unknown) => void;
  /** After each committed batch: its counted clicks and how long the write took. */
  onWritten?: (events: ClickEvent[], seconds: number) => void;
}

/**
 * One member of the consumer group that writes clicks from the stream to the database. Each
 * batch is written in one transaction together with its entry ids; entries are acknowledged only
 * after the commit, and ids already recorded are skipped, so a crash anywhere never loses a click
 * nor counts one twice. Entries left pending by a dead consumer are claimed after `claimIdleMs`.
 *
 * An entry that cannot be decoded (a writer of another version, a hand-made XADD) is acknowledged
 * and dropped with the batch, and reported once (`onUnreadable`); the batch's other entries are
 * written. Failing the whole batch instead would hold its good visits back forever: claimed again
 * after `claimIdleMs`, it would fail again while the entry is there.
 */
export class StreamClickConsumer {
  readonly #uow: UnitOfWork;
  readonly #reader: Redis;
  readonly #redis: Redis;
  readonly #options: Required<Omit<StreamConsumerOptions, 'onWritten' | 'onUnreadable'>> &
    Pick<StreamConsumerOptions, 'onWritten' | 'onUnreadable'>;
  readonly #geo: GeoLookup;
  readonly #name = `consumer-${randomUUID()}`;
  #running = true;
  #loop: Promise<void> | undefined;
  #stopGathering = () => {};

  constructor(uow: UnitOfWork, redis: Redis, geo: GeoLookup, options: StreamConsumerOptions) {
    this.#uow = uow;
    this.#redis = redis;
    this.#reader = redis.duplicate(); // XREADGROUP BLOCK holds its connection
    this.#geo = geo;
    this.#options = { ...STREAM_READ_DEFAULTS, claimIdleMs: 30_000, onError: () => {}, ...options };
  }

  async start(): Promise<void> {
    try {
      await this.#redis.xgroup('CREATE', this.#options.stream, this.#options.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
    this.#loop = this.#run();
  }

  async #run(): Promise<void> {
    let lastClaim = 0;
    while (this.#running) {
      try {
        if (Date.now() - lastClaim >= Math.min(this.#options.claimIdleMs, 5_000)) {
          lastClaim = Date.now();
          await this.#claimAbandoned();
          await this.#forgetOldEntries();
        }
        const reply = (await this.#reader.xreadgroup(
          'GROUP',
          this.#options.group,
          this.#name,
          'COUNT',
          this.#options.batchSize,
          'BLOCK',
          this.#options.blockMs,
          'STREAMS',
          this.#options.stream,
          '>',
        )) as Array<[string, Entry[]]> | null;
        const takenAt = Date.now();
        const entries = reply?.[0]?.[1] ?? [];
        if (entries.length > 0) await this.#process(entries);
        if (entries.length > 0 && entries.length < this.#options.batchSize) await this.#gather(takenAt);
      } catch (error) {
        if (!this.#running) return;
        this.#options.onError(error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  async #gather(takenAt: number): Promise<void> {
    const wait = takenAt + this.#options.gatherMs - Date.now();
    if (wait <= 0 || !this.#running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.#stopGathering = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async #claimAbandoned(): Promise<void> {
    let cursor = '0-0';
    do {
      const [next, entries] = (await this.#redis.xautoclaim(
        this.#options.stream,
        this.#options.group,
        this.#name,
        this.#options.claimIdleMs,
        cursor,
        'COUNT',
        this.#options.batchSize,
      )) as [string, Entry[], string[]?];
      const live = entries.filter((entry) => entry?.[1]);
      if (live.length > 0) await this.#process(live);
      cursor = next;
    } while (cursor !== '0-0' && this.#running);
  }

  /** Entry ids only matter while a redelivery is possible; a day is far beyond any claim delay. */
  async #forgetOldEntries(): Promise<void> {
    const before = new Date(Date.now() - 86_400_000).toISOString();
    await this.#uow.transact(({ stores }) => stores.clicks.forgetEntriesBefore(before));
  }

  async #process(entries: Entry[]): Promise<void> {
    const started = performance.now();
    const ids = entries.map(([id]) => id);
    const { readable, unreadable } = decodeEntries(entries);
    const counted = readable.length > 0 ? await this.#write(readable) : [];
    // Only after the commit: acknowledge, and drop the entries so the stream stays small.
    await this.#redis.xack(this.#options.stream, this.#options.group, ...ids);
    await this.#redis.xdel(this.#options.stream, ...ids);
    for (const { id, error } of unreadable) this.#options.onUnreadable?.(id, error);
    this.#options.onWritten?.(counted, (performance.now() - started) / 1000);
  }

  /** Writes the entries not written yet, with their ids, in one transaction; answers the counted clicks. */
  async #write(entries: DecodedEntry[]): Promise<ClickEvent[]> {
    return this.#uow.transact(async ({ stores }) => {
      const done = await stores.clicks.processedEntries(entries.map(({ id }) => id));
      const fresh = entries.filter(({ id }) => !done.has(id));
      if (fresh.length === 0) return [];
      // Enriched as one batch: each distinct address, user agent, referrer, visitor and
      // millisecond of all the entries once, not once a visit (nor once an entry).
      const events = enrichVisitBatch(joinVisitBatches(fresh.map(({ visits }) => visits)), this.#geo);
      await stores.clicks.writeBatch(events);
      await stores.clicks.markEntriesProcessed(
        fresh.map(({ id }) => id),
        new Date().toISOString(),
      );
      return events.filter(countsAsClick);
    });
  }

  async close(): Promise<void> {
    this.#running = false;
    this.#stopGathering();
    await this.#loop;
    this.#reader.disconnect();
  }
}
