import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ClickEvent } from '../core/clicks.ts';
import { geoDatabase } from './geo.ts';
import { clickThreadLimits } from './thread-limits.ts';

/** What the thread is started with. */
export interface StreamWriterData {
  databaseUrl: string;
  /** Config.databasePreparedStatements. */
  preparedStatements: boolean;
  redisUrl: string;
  stream: string;
  group: string;
  claimIdleMs: number;
  geoDatabase: SharedArrayBuffer;
  /** At most this many counted clicks of a link are sent back per batch. */
  maxCountedPerLink: number;
}

/** What the thread tells the main thread. */
export type StreamWriterNote =
  | { kind: 'started' }
  | { kind: 'written'; seconds: number; counted: ClickEvent[] }
  | { kind: 'error'; context: string; message: string };

export interface ThreadedConsumerOptions extends Omit<StreamWriterData, 'geoDatabase'> {
  /** After each committed batch: its counted clicks (capped per link) and how long it took. */
  onWritten: (counted: ClickEvent[], seconds: number) => void;
  onError: (context: string, message: string) => void;
}

/** A thread that died is replaced after this long; its pending entries are claimed when idle. */
const RESTART_DELAY_MS = 1_000;
const CLOSE_TIMEOUT_MS = 30_000;

/**
 * The Redis click stream's consumer group member, run on a worker thread (stream-writer-thread.ts):
 * on the redirect thread, parsing, enriching and writing the stream cost about 10 µs a visit and
 * left the redirects waiting (docs/benchmarks.md). The thread keeps the consumer's guarantees
 * (each batch written with its entry ids in one transaction, acknowledged after the commit); a
 * thread that dies is restarted, and the entries it had read are claimed once idle.
 */
export class ThreadedStreamConsumer {
  readonly #options: ThreadedConsumerOptions;
  #worker: Worker | undefined;
  #closing = false;
  #restart: NodeJS.Timeout | undefined;

  constructor(options: ThreadedConsumerOptions) {
    this.#options = options;
  }

  /** Resolves once the thread has joined the consumer group. */
  start(): Promise<void> {
    const { onWritten, onError, ...data } = this.#options;
    // .ts from the sources, .js from build/ (bin/compiled.js): this module's own extension.
    const worker = new Worker(new URL(`./stream-writer-thread${extname(import.meta.url)}`, import.meta.url), {
      workerData: { ...data, geoDatabase: geoDatabase() } satisfies StreamWriterData,
      resourceLimits: clickThreadLimits(), // as the SQLite writer's (docs/deployment.md)
    });
    this.#worker = worker;
    // The consumer's own loop keeps it busy; it must not keep a stopping process alive.
    worker.unref();
    return new Promise((resolve, reject) => {
      let started = false;
      worker.on('message', (note: StreamWriterNote) => {
        if (note.kind === 'started') {
          started = true;
          resolve();
        } else if (note.kind === 'written') onWritten(note.counted, note.seconds);
        else onError(note.context, note.message);
      });
      worker.on('error', (error) => onError('click stream thread failed', error.message));
      worker.on('exit', (code) => {
        if (this.#worker === worker) this.#worker = undefined;
        if (!started) return reject(new Error(`click stream thread exited before it started (code ${code})`));
        if (this.#closing) return;
        onError('click stream thread exited', `code ${code}; restarting`);
        this.#restart = setTimeout(() => void this.start().catch(() => {}), RESTART_DELAY_MS);
        this.#restart.unref();
      });
    });
  }

  /** Lets the batch under way commit, then stops the thread. */
  async close(): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#restart);
    const worker = this.#worker;
    if (!worker) return;
    worker.ref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' });
    // A batch commits within the database's statement timeout; a thread still there after that
    // is stuck, and what it had read is claimed by another consumer once idle.
    const stuck = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(stuck);
  }
}
