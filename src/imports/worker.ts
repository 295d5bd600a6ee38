import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { runImport, type RunOptions, type RunOutcome } from './runner.ts';

export interface ImportWorkerOptions {
  pollIntervalMs: number;
  leaseMs: number;
  /** A run that failed on something other than the file (the database gone): logged, retried later. */
  onError: (error: unknown) => void;
  chunkRows?: number;
  maxAttempts?: number;
}

/**
 * Runs queued imports in the background, one at a time per instance. A job is claimed with a
 * lease (like webhook deliveries: a conditional update only one instance wins), the lease is
 * renewed with every committed chunk, and a job whose instance died is claimed again once its
 * lease has expired and resumed from its last committed chunk. On shutdown the job in hand is
 * released after its current chunk, so a restart picks it up at once.
 */
export class ImportWorker {
  readonly #uow: UnitOfWork;
  readonly #options: ImportWorkerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RunOutcome | undefined> | undefined;
  #closed = false;

  constructor(uow: UnitOfWork, options: ImportWorkerOptions) {
    this.#uow = uow;
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => this.poke(), this.#options.pollIntervalMs);
    this.#timer.unref();
  }

  /** Looks for a job now instead of at the next poll (a new upload); errors go to onError. */
  poke(): void {
    if (!this.#running) void this.runOnce().catch(this.#options.onError);
  }

  /** Claims one due job, if any, and runs it to its end; concurrent calls share the run in progress. */
  runOnce(): Promise<RunOutcome | undefined> {
    if (this.#closed) return Promise.resolve(undefined);
    this.#running ??= this.#claimAndRun().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #claimAndRun(): Promise<RunOutcome | undefined> {
    // Most polls find nothing: ask with a read first (on SQLite a transaction takes the write lock).
    if (!(await this.#uow.read(({ imports }) => imports.hasClaimable(new Date())))) return undefined;
    const lease = randomUUID();
    const job = await this.#uow.transact(({ stores }) =>
      stores.imports.claim(new Date(), this.#options.leaseMs, lease),
    );
    if (!job) return undefined;
    const options: RunOptions = {
      leaseMs: this.#options.leaseMs,
      stopping: () => this.#closed,
      ...(this.#options.chunkRows === undefined ? {} : { chunkSize: this.#options.chunkRows }),
      ...(this.#options.maxAttempts === undefined ? {} : { maxAttempts: this.#options.maxAttempts }),
    };
    return runImport(this.#uow, job, lease, options);
  }

  /** Stops polling; the job in hand stops after its current chunk and is released. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#running?.catch(() => {});
  }
}
