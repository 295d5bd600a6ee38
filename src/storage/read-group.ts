import { CompiledQuery } from 'kysely';
import type { Executor } from './stores.ts';
import { TurnQueue, type Queued } from './turn-queue.ts';

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * Read grouping for SQLite: the reads that arrive in one turn of the event loop run one after
 * another in a single read transaction. Outside a transaction, SQLite takes and drops the WAL's
 * read lock for every statement (file-lock system calls on the shared-memory file): a one-row
 * lookup took 8 - 15 µs on its own against 1.7 µs inside a transaction. Every API request reads
 * its token, and every change reads its webhook subscribers; a group pays for the lock once.
 *
 * A read transaction is deferred: it takes no write lock, so neither the click writer thread
 * nor another process waits for it. Its snapshot is taken at its first read, so the reads of a
 * group see the database as it was then; a group takes no further read once it has run for
 * `maxGroupMs`. A read that throws fails alone. Reads only: a write in a group would run
 * outside any unit of work's transaction.
 */
export class ReadGroup {
  readonly #db: Executor;
  readonly #maxGroupMs: number;
  readonly #onGrouped: ((reads: number) => void) | undefined;
  readonly #queue = new TurnQueue(() => this.#group());

  /** `onGrouped`: told how many reads each transaction carried (tests). */
  constructor(db: Executor, options: { maxGroupMs?: number; onGrouped?: (reads: number) => void } = {}) {
    this.#db = db;
    this.#maxGroupMs = options.maxGroupMs ?? 10;
    this.#onGrouped = options.onGrouped;
  }

  run<T>(read: (connection: Executor) => Promise<T>): Promise<T> {
    return this.#queue.add(read);
  }

  async #group(): Promise<void> {
    const settled: Array<() => void> = [];
    try {
      await this.#db.connection().execute(async (connection) => {
        await connection.executeQuery(BEGIN);
        const started = performance.now();
        try {
          while (this.#queue.waiting.length > 0) {
            if (settled.length > 0 && performance.now() - started > this.#maxGroupMs) break;
            const read = this.#queue.waiting.shift()!;
            settled.push(
              await runRead(read, connection).then(
                (value) => () => read.resolve(value),
                (error: unknown) => () => read.reject(error),
              ),
            );
          }
        } finally {
          await endReadTransaction(connection);
        }
      });
    } catch (error) {
      // The connection or BEGIN failed before any read ran: the waiting reads fail as each would
      // have on its own, instead of waiting for the next try.
      if (settled.length === 0) for (const read of this.#queue.waiting.splice(0)) read.reject(error);
    }
    // Answered once the transaction has ended and the connection is free for the next group.
    if (settled.length > 0) this.#onGrouped?.(settled.length);
    for (const settle of settled) settle();
  }
}

/**
 * The read's promise; a use case that throws before returning one (a check at its top, in a
 * function that is not async) fails as a rejected read would, instead of leaving its caller waiting.
 */
function runRead(read: Queued, connection: Executor): Promise<unknown> {
  try {
    return read.run(connection);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** COMMIT, or ROLLBACK when an error inside SQLite already ended the transaction's use. */
async function endReadTransaction(connection: Executor): Promise<void> {
  try {
    await connection.executeQuery(COMMIT);
  } catch {
    await connection.executeQuery(ROLLBACK).catch(() => {}); // already ended: nothing is open
  }
}
