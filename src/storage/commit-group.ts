import { CompiledQuery } from 'kysely';
import type { Executor } from './stores.ts';
import { TurnQueue, type Queued } from './turn-queue.ts';

const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit');

/**
 * Group commit for SQLite: the units of work that arrive in one turn of the event loop run one
 * after another in a single transaction, each inside a savepoint of its own, and share one
 * COMMIT. SQLite runs one write transaction at a time anyway; what a group saves is the commit,
 * which writes every page the transaction touched to the WAL (about twenty for a link: the row,
 * nine indexes and the search index's new segment) and was half of `POST /links`' database time.
 *
 * Each unit stays on its own: one that throws is rolled back to its savepoint and fails alone,
 * its neighbours commit. A unit's promise settles only after the COMMIT, so nothing is answered
 * (and no event published) before it is stored. If the transaction itself fails (BEGIN waited
 * past busy_timeout, COMMIT failed, an I/O error rolled everything back), every unit of the group
 * that had not failed already fails with that error.
 *
 * A group takes no further unit once it has run for `maxGroupMs`: the units already in it wait
 * for the commit, so a slow one (an import's batch) delays the fast ones before it by about as
 * long as it delayed the ones queued behind it before there were groups, and no longer.
 */
export class CommitGroup {
  readonly #db: Executor;
  readonly #maxUnits: number;
  readonly #maxGroupMs: number;
  readonly #onCommitted: ((units: number) => void) | undefined;
  readonly #queue = new TurnQueue(() => this.#commit());

  /** `onCommitted`: told the number of units each committed transaction carried (tests, metrics). */
  constructor(
    db: Executor,
    options: { maxUnits?: number; maxGroupMs?: number; onCommitted?: (units: number) => void } = {},
  ) {
    this.#db = db;
    this.#maxUnits = options.maxUnits ?? 64;
    this.#maxGroupMs = options.maxGroupMs ?? 10;
    this.#onCommitted = options.onCommitted;
  }

  run<T>(unit: (trx: Executor) => Promise<T>): Promise<T> {
    return this.#queue.add(unit);
  }

  /** Runs queued units in one transaction until the queue, `maxUnits` or `maxGroupMs` runs out. */
  async #commit(): Promise<void> {
    const group: Queued[] = [];
    const succeeded: Array<{ unit: Queued; value: unknown }> = [];
    const failed = new Set<Queued>();
    try {
      await this.#db.transaction().execute(async (trx) => {
        const started = performance.now();
        while (this.#queue.waiting.length > 0 && group.length < this.#maxUnits) {
          if (group.length > 0 && performance.now() - started > this.#maxGroupMs) break;
          const unit = this.#queue.waiting.shift()!;
          group.push(unit);
          await trx.executeQuery(SAVEPOINT);
          let value: unknown;
          try {
            value = await unit.run(trx);
          } catch (error) {
            failed.add(unit);
            unit.reject(error);
            // Throws when the error ended the whole transaction: the group fails below.
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            continue;
          }
          await trx.executeQuery(RELEASE);
          succeeded.push({ unit, value });
        }
      });
    } catch (error) {
      // BEGIN itself failed (the write lock held elsewhere past busy_timeout): the units waiting
      // now fail as each would have on its own, instead of waiting for the next try.
      const waiting = group.length === 0 ? this.#queue.waiting.splice(0) : [];
      for (const unit of [...group, ...waiting]) if (!failed.has(unit)) unit.reject(error);
      return;
    }
    this.#onCommitted?.(succeeded.length);
    for (const { unit, value } of succeeded) unit.resolve(value);
  }
}
