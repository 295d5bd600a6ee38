import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ClickEvent } from '../core/clicks.ts';
import type { PackedVisits } from './packed-visits.ts';
import { geoDatabase } from './geo.ts';
import { clickThreadLimits } from './thread-limits.ts';

export type WriterRequest =
  | { kind: 'write'; id: number; visits: PackedVisits; room: ReadonlyMap<number, number> | undefined }
  | { kind: 'close' };
export type WriterReply = { id: number; ok: true; counted: ClickEvent[] } | { id: number; ok: false; message: string };

/**
 * Enriches and writes click batches on a worker thread with its own connection to the SQLite
 * file. better-sqlite3 is synchronous: on the main thread each 250 ms batch held every redirect
 * for its ~10 ms (p99 22-26 ms under load); on its own thread it holds none (p99 8-11 ms).
 * `write` resolves with the counted clicks (for link.clicked webhooks; at most `room` of each
 * link when given) once the batch has committed, and rejects if it failed or the thread died,
 * so the buffer keeps the batch and tries again; a dead thread is replaced on the next write.
 * Batches cross to the thread packed into columns (packed-visits.ts).
 */
export class ThreadClickWriter {
  readonly #startWorker: () => Worker;
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<number, { resolve: (counted: ClickEvent[]) => void; reject: (error: Error) => void }>();

  /** `startWorker` replaces the real thread in tests (one that dies, say). */
  constructor(databaseUrl: string, startWorker?: () => Worker) {
    this.#startWorker =
      startWorker ??
      (() =>
        // writer-thread.ts from the sources, .js from build/ (bin/compiled.js): this module's own extension.
        new Worker(new URL(`./writer-thread${extname(import.meta.url)}`, import.meta.url), {
          workerData: { databaseUrl, geoDatabase: geoDatabase() },
          resourceLimits: clickThreadLimits(), // docs/deployment.md, "Memory"
        }));
  }

  /**
   * Starts the thread before the first batch: it also checkpoints the database's WAL every second
   * (writer-thread.ts), work the request thread would otherwise do inside its commits.
   */
  start(): void {
    this.#worker ??= this.#start();
  }

  /**
   * The batch is copied to the thread, not moved: the buffer keeps it to try again if the write
   * fails (a copy of its columns is a few tens of kilobytes a thousand visits).
   */
  write(visits: PackedVisits, room?: ReadonlyMap<number, number>): Promise<ClickEvent[]> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    // Referenced while a batch is out, so a shutdown flush is not cut short by the process
    // finding nothing else to wait for.
    worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ kind: 'write', id, visits, room } satisfies WriterRequest);
    });
  }

  /** Stops the thread after the batches already sent (the buffer flushes before this). */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = undefined;
    worker.ref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' } satisfies WriterRequest);
    await exited;
  }

  #start(): Worker {
    const worker = this.#startWorker();
    // The buffer's own timer keeps the process's work going; an idle writer must not.
    worker.unref();
    worker.on('message', (reply: WriterReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending?.resolve(reply.counted);
      else pending?.reject(new Error(reply.message));
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`click writer thread exited (code ${code})`)));
    this.#worker = worker;
    return worker;
  }
}
