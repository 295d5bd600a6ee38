// The click writer's thread, both of its sides in this one module: ClickWriterThread on the main
// thread starts a Worker on this very file, and the code at the bottom runs in that Worker. Off
// the redirect thread, because enriching and writing a batch held every redirect for its time:
// better-sqlite3 is synchronous (each 250 ms batch held redirects for its ~10 ms, p99 22-26 ms
// under load; 8-11 ms with the thread), and the Redis stream's parsing, enrichment and writes cost
// about 10 µs a visit (docs/benchmarks.md). Two modes:
//   batches  a SQLite file: the buffer (buffer.ts) posts each batch, the thread enriches and writes
//            it on its own connection and answers with the counted clicks; it also checkpoints
//            the WAL every second.
//   stream   PostgreSQL + Redis: the thread runs this instance's member of the click stream's
//            consumer group (click-stream.ts), with its own database pool and Redis connections.
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { countsAsClick, firstCountedPerLink, type ClickEvent } from '../core/clicks.ts';
import { messageOf } from '../core/errors.ts';
import { sqliteClickWriter } from '../storage/click-writes.ts';
import { CHECKPOINT_INTERVAL_MS, openClickWriterConnection, sqlitePath } from '../storage/sqlite-connection.ts';
import { geoDatabase, openGeoLookup, type GeoLookup } from './geo.ts';
import { clickThreadLimits } from './thread-limits.ts';
import { enrichVisitBatch, type PackedVisits } from './visit-batch.ts';

/** What the thread is to do. */
export type WriterTask = { mode: 'batches'; databaseUrl: string } | StreamTask;

export interface StreamTask {
  mode: 'stream';
  databaseUrl: string;
  /** Config.databasePreparedStatements. */
  preparedStatements: boolean;
  redisUrl: string;
  stream: string;
  group: string;
  claimIdleMs: number;
  /** At most this many counted clicks of a link are sent back per batch (what a delivery carries). */
  maxCountedPerLink: number;
}

export interface WriterThreadOptions {
  /** Stream mode: after each batch the consumer committed, its counted clicks and how long it took. */
  onWritten?: (counted: ClickEvent[], seconds: number) => void;
  /** The thread's own failures: a lost connection, a batch of the stream's that failed, a crash. */
  onError?: (context: string, message: string) => void;
  /** Stream mode: an entry that could not be decoded, acknowledged and dropped (its id, and why). */
  onUnreadableEntry?: (entryId: string, message: string) => void;
  /** Replaces the real thread in tests (one that dies, say). */
  startWorker?: () => Worker;
}

/** Marks a Worker started on this module as the click writer (other threads may load it too). */
const ROLE = 'click-writer';

interface ThreadData {
  role: typeof ROLE;
  task: WriterTask;
  geoDatabase?: SharedArrayBuffer;
}

type ToThread =
  | { kind: 'write'; id: number; visits: PackedVisits; room: ReadonlyMap<number, number> | undefined }
  | { kind: 'close' };

type FromThread =
  | { kind: 'started' }
  /** Batches: a posted batch committed, or failed. */
  | { kind: 'written'; id: number; counted: ClickEvent[] }
  | { kind: 'failed'; id: number; message: string }
  /** Stream: the consumer committed a batch of its own. */
  | { kind: 'consumed'; counted: ClickEvent[]; seconds: number }
  | { kind: 'unreadable'; entryId: string; message: string }
  | { kind: 'error'; context: string; message: string };

interface PendingBatch {
  worker: Worker;
  resolve: (counted: ClickEvent[]) => void;
  reject: (error: Error) => void;
}

/** A thread that died is replaced after this long (the stream's pending entries are claimed when idle). */
const RESTART_DELAY_MS = 1_000;
/** A batch commits within the database's statement timeout; a thread still there after this is stuck. */
const CLOSE_TIMEOUT_MS = 30_000;

/** A Worker on this module (writer-thread.ts from the sources, .js from build/: its own URL). */
export function startClickWriterWorker(task: WriterTask): Worker {
  return new Worker(new URL(import.meta.url), {
    workerData: { role: ROLE, task, geoDatabase: geoDatabase() } satisfies ThreadData,
    resourceLimits: clickThreadLimits(), // docs/deployment.md, "Memory"
  });
}

/**
 * The main thread's handle on the click writer's thread. `start` resolves once the thread is
 * ready (in stream mode: a member of the consumer group). In batches mode `write` resolves with
 * the counted clicks (at most `room` of each link when given) once the batch has committed, and
 * rejects if it failed or the thread died, so the buffer keeps the batch and tries again. A thread
 * that dies after it started is replaced after RESTART_DELAY_MS, or at once by the next write.
 */
export class ClickWriterThread {
  readonly #startWorker: () => Worker;
  readonly #onWritten: NonNullable<WriterThreadOptions['onWritten']>;
  readonly #onError: NonNullable<WriterThreadOptions['onError']>;
  readonly #onUnreadableEntry: NonNullable<WriterThreadOptions['onUnreadableEntry']>;
  #worker: Worker | undefined;
  #started: Promise<void> | undefined;
  #nextId = 0;
  /** Batches posted and not yet answered, with the thread each went to. */
  readonly #pending = new Map<number, PendingBatch>();
  #closing = false;
  #restart: NodeJS.Timeout | undefined;

  constructor(task: WriterTask, options: WriterThreadOptions = {}) {
    this.#startWorker = options.startWorker ?? (() => startClickWriterWorker(task));
    this.#onWritten = options.onWritten ?? (() => {});
    this.#onError = options.onError ?? (() => {});
    this.#onUnreadableEntry = options.onUnreadableEntry ?? (() => {});
  }

  /** Starts the thread (if it is not running) and resolves once it is ready. */
  start(): Promise<void> {
    if (!this.#worker) this.#launch();
    return this.#started!;
  }

  /**
   * Batches mode. The batch is copied to the thread, not moved: the buffer keeps it to try again
   * if the write fails (a copy of its columns is a few tens of kilobytes a thousand visits).
   */
  write(visits: PackedVisits, room?: ReadonlyMap<number, number>): Promise<ClickEvent[]> {
    const worker = this.#worker ?? this.#launch();
    const id = this.#nextId++;
    // Referenced while a batch is out, so a shutdown flush is not cut short by the process
    // finding nothing else to wait for.
    worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { worker, resolve, reject });
      worker.postMessage({ kind: 'write', id, visits, room } satisfies ToThread);
    });
  }

  /** Lets the batch under way commit, then stops the thread (the buffer flushes before this). */
  async close(): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#restart);
    const worker = this.#worker;
    if (!worker) return;
    worker.ref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' } satisfies ToThread);
    // What a stuck stream consumer had read is claimed by another consumer once idle.
    const stuck = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(stuck);
  }

  #launch(): Worker {
    const worker = this.#startWorker();
    this.#worker = worker;
    // The buffer's timer or the consumer's loop keeps the process's work going; an idle thread
    // must not keep a stopping process alive.
    worker.unref();
    let started = false;
    this.#started = new Promise<void>((resolve, reject) => {
      worker.on('message', (note: FromThread) => {
        if (note.kind === 'started') {
          started = true;
          resolve();
        } else if (note.kind === 'written' || note.kind === 'failed') this.#answer(worker, note);
        else if (note.kind === 'consumed') this.#onWritten(note.counted, note.seconds);
        else if (note.kind === 'unreadable') this.#onUnreadableEntry(note.entryId, note.message);
        else this.#onError(note.context, note.message);
      });
      // Fails this thread's batches only: a write may have started the next thread already.
      const fail = (error: Error) => {
        if (this.#worker === worker) this.#worker = undefined;
        for (const [id, pending] of this.#pending) {
          if (pending.worker !== worker) continue;
          this.#pending.delete(id);
          pending.reject(error);
        }
        reject(error);
      };
      worker.on('error', (error) => {
        this.#onError('click writer thread failed', error.message);
        fail(error);
      });
      worker.on('exit', (code) => {
        fail(new Error(`click writer thread exited (code ${code})`));
        if (!started || this.#closing) return;
        this.#onError('click writer thread exited', `code ${code}; restarting`);
        this.#restartSoon();
      });
    });
    // Nobody need wait for the start (batches mode does not): a failed one fails its writes.
    this.#started.catch(() => {});
    return worker;
  }

  #answer(worker: Worker, note: Extract<FromThread, { id: number }>): void {
    const pending = this.#pending.get(note.id);
    this.#pending.delete(note.id);
    if (this.#pending.size === 0) worker.unref();
    if (note.kind === 'written') pending?.resolve(note.counted);
    else pending?.reject(new Error(note.message));
  }

  #restartSoon(): void {
    if (this.#closing) return;
    this.#restart = setTimeout(() => {
      if (this.#closing || this.#worker) return;
      this.start().catch((error: unknown) => {
        this.#onError('click writer thread did not start', messageOf(error));
        this.#restartSoon();
      });
    }, RESTART_DELAY_MS);
    this.#restart.unref();
  }
}

/**
 * Enriches a batch of visits and writes it in one transaction (`writeClicks`); resolves with the
 * clicks that count (no bots, no choice-page picks) for link.clicked webhooks, at most `room` of
 * each link when given. The thread's work in batches mode, and the main thread's where there is
 * no thread (an in-memory database, PostgreSQL without Redis: pipeline.ts).
 */
export async function writeVisitBatch(
  visits: PackedVisits,
  geo: GeoLookup,
  writeClicks: (events: readonly ClickEvent[]) => Promise<void>,
  room?: ReadonlyMap<number, number>,
): Promise<ClickEvent[]> {
  const events = enrichVisitBatch(visits, geo);
  await writeClicks(events);
  return room ? firstCountedPerLink(events, room) : events.filter(countsAsClick);
}

// The thread itself, from here on.

if (!isMainThread && (workerData as Partial<ThreadData> | null)?.role === ROLE) {
  const { task, geoDatabase: shared } = workerData as ThreadData;
  const port = parentPort!;
  const geo = openGeoLookup(shared); // the main thread's copy, shared
  if (task.mode === 'batches') writeBatches(port, task.databaseUrl, geo);
  else await consumeStream(port, task, geo);
  port.postMessage({ kind: 'started' } satisfies FromThread);
}

function writeBatches(port: MessagePort, databaseUrl: string, geo: GeoLookup): void {
  const sqlite = openClickWriterConnection(sqlitePath(databaseUrl));
  const writeClicks = sqliteClickWriter(sqlite);
  // This thread copies the WAL back into the database file for every connection of the process:
  // a passive checkpoint a second waits for nobody and blocks nobody. The request thread's
  // connection then checkpoints only as a safety net (WAL_SAFETY_NET_PAGES, sqlite-connection.ts):
  // inside its commits, checkpoints took a third of `POST /links`' commit time.
  const checkpoints = setInterval(() => {
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // busy or closing: the next second tries again
    }
  }, CHECKPOINT_INTERVAL_MS);
  // One request at a time, in order: a close waits for the batch under way.
  let previous = Promise.resolve();
  port.on('message', (request: ToThread) => {
    previous = previous.then(async () => {
      if (request.kind === 'close') {
        clearInterval(checkpoints);
        sqlite.close();
        port.close();
        return;
      }
      let reply: FromThread;
      try {
        const counted = await writeVisitBatch(request.visits, geo, writeClicks, request.room);
        reply = { kind: 'written', id: request.id, counted };
      } catch (error) {
        reply = { kind: 'failed', id: request.id, message: messageOf(error) };
      }
      port.postMessage(reply);
    });
  });
}

async function consumeStream(port: MessagePort, task: StreamTask, geo: GeoLookup): Promise<void> {
  // Loaded here: the SQLite file's thread has no use for ioredis, pg or the unit of work, and
  // every module a thread loads stays in its heap.
  const [{ StreamClickConsumer }, { connectRedis }, { EventBus }, { UnitOfWork }, { openDatabase }] = await Promise.all(
    [
      import('./click-stream.ts'),
      import('../redis/redis.ts'),
      import('../services/events.ts'),
      import('../services/unit-of-work.ts'),
      import('../storage/database.ts'),
    ],
  );
  const tell = (note: FromThread) => port.postMessage(note);
  const failure = (context: string) => (error: unknown) => tell({ kind: 'error', context, message: messageOf(error) });
  const handle = openDatabase(task.databaseUrl, failure('PostgreSQL connection lost'), {
    preparedStatements: task.preparedStatements,
  });
  const redis = connectRedis(task.redisUrl, failure('Redis connection error'));
  // Click batches publish no domain events: the bus is the unit of work's, and stays empty.
  const uow = new UnitOfWork(handle.db, new EventBus());
  const consumer = new StreamClickConsumer(uow, redis, geo, {
    stream: task.stream,
    group: task.group,
    claimIdleMs: task.claimIdleMs,
    onError: failure('click stream batch failed'),
    onUnreadable: (entryId, error) => tell({ kind: 'unreadable', entryId, message: messageOf(error) }),
    // The counted clicks the main thread needs (link.clicked deliveries, live statistics): at most
    // what a delivery carries of each link, so a viral batch is not copied across whole.
    onWritten: (counted, seconds) => {
      const room = new Map(counted.map((click) => [click.linkId, task.maxCountedPerLink]));
      tell({ kind: 'consumed', seconds, counted: firstCountedPerLink(counted, room) });
    },
  });
  port.on('message', async (request: ToThread) => {
    if (request.kind !== 'close') return;
    try {
      await consumer.close();
    } finally {
      redis.disconnect();
      await handle.close();
      port.close();
    }
  });
  await consumer.start();
}
