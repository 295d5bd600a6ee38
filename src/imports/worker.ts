import { randomUUID } from 'node:crypto';
import { sweepUploads } from '../services/import-uploads.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { runImport, type RunOptions, type RunOutcome } from './runner.ts';

export interface ImportWorkerOptions {
  pollIntervalMs: number;
  leaseMs: number;
  /** A run that failed on something other than the file (the database gone): logged, retried later. */
  onError: (error: unknown) => void;
  chunkRows?: number;
  maxAttempts?: number;
  /** How long a job keeps the worker before it gives way to another account's waiting job (DEFAULT_SLICE_MS). */
  sliceMs?: number;
}

/**
 * A job's turn: past it, between two chunks, a job that another account's job is waiting behind
 * is released and the worker takes that one. Resuming re-reads the file up to its position
 * (parsing, not importing: a few seconds for 50 MB), so turns are long enough for that to stay
 * a small part of them.
 */
export const DEFAULT_SLICE_MS = 10_000;

/** How often an instance deletes what stopped instances left behind (see sweepUploads). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Runs queued imports in the background, one at a time per instance, accounts in turn: the job
 * claimed next is the oldest of the account whose last claim is the oldest (claimImport), so an
 * account's big files never queue another's small one behind all of them. A job is claimed with a
 * lease (like webhook deliveries: a conditional update only one instance wins), the lease is
 * renewed with every committed chunk, and a job whose instance died is claimed again once its
 * lease has expired and resumed from its last committed chunk. On shutdown the job in hand is
 * released after its current chunk, so a restart picks it up at once. Once a minute the worker
 * also deletes uploads abandoned half-way and files left behind by jobs that ended.
 */
export class ImportWorker {
  readonly #uow: UnitOfWork;
  readonly #options: ImportWorkerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RunOutcome | undefined> | undefined;
  #closed = false;
  #nextSweep = 0;

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
    if (Date.now() >= this.#nextSweep) {
      this.#nextSweep = Date.now() + SWEEP_INTERVAL_MS;
      await sweepUploads(this.#uow);
    }
    // A job that gave way to another account's: that one is claimed at once.
    let outcome: RunOutcome | undefined;
    do outcome = await this.#claimAndRunOne();
    while (outcome === 'yielded' && !this.#closed);
    return outcome;
  }

  async #claimAndRunOne(): Promise<RunOutcome | undefined> {
    // Most polls find nothing: ask with a read first (on SQLite a transaction takes the write lock).
    if (!(await this.#uow.read(({ imports }) => imports.hasClaimable(new Date())))) return undefined;
    const lease = randomUUID();
    const job = await this.#uow.transact(({ stores }) =>
      stores.imports.claim(new Date(), this.#options.leaseMs, lease),
    );
    if (!job) return undefined;
    const started = Date.now();
    const sliceMs = this.#options.sliceMs ?? DEFAULT_SLICE_MS;
    const options: RunOptions = {
      leaseMs: this.#options.leaseMs,
      stopping: () => this.#closed,
      yielding: async () =>
        Date.now() - started >= sliceMs &&
        (await this.#uow.read(({ imports }) => imports.otherAccountWaiting(job.workspaceId, new Date()))),
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
