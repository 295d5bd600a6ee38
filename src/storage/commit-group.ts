import { CompiledQuery } from 'kysely';
import type { Executor } from './stores.ts';

// Where a group's savepoint copies go (see below), set between its transactions.
const JOURNAL_IN_MEMORY = CompiledQuery.raw('pragma temp_store = memory');
const JOURNAL_ON_DISK = CompiledQuery.raw('pragma temp_store = default');
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit');

/** A queued unit: the work, and the settlers of the promise its caller holds. */
interface Queued {
  run(executor: Executor): Promise<unknown>;
  /** Its caller's word that it changes a handful of pages (CommitGroup.run). */
  small: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

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
 *
 * A savepoint copies each page before its first change into SQLite's sub-journal, which SQLite
 * keeps in memory up to 64 KiB and then moves to a temporary file for the rest of the
 * transaction: two `pwrite` calls a page from then on. A link's creation changes 12 - 15 pages,
 * so a group of them went to the file almost at once, 15 calls a link and a seventh of
 * `POST /links`' time (docs/benchmarks.md). Units whose callers say they are small (one link)
 * therefore run in groups of their own with the sub-journal in memory (`temp_store = MEMORY`,
 * set between transactions, where SQLite allows it). Other units keep the file: an import's
 * chunk changes thousands of pages, and in memory its copies took 90 MB more.
 */
export class CommitGroup {
  readonly #db: Executor;
  readonly #maxUnits: number;
  readonly #maxGroupMs: number;
  readonly #onCommitted: ((units: number) => void) | undefined;
  /** The units that arrived in this turn of the event loop, and later ones while a group runs. */
  readonly #waiting: Queued[] = [];
  #draining = false;

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

  /**
   * `small`: the unit changes a handful of pages (one link, say; never a batch), so its savepoint's
   * page copies may be kept in memory.
   */
  run<T>(unit: (trx: Executor) => Promise<T>, options: { small?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({
        run: unit,
        small: options.small ?? false,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (this.#draining) return;
      this.#draining = true;
      // After the poll phase: every request read in this turn has queued its unit by then.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) await this.#commit();
    this.#draining = false;
  }

  /**
   * Runs queued units in one transaction until the queue, `maxUnits` or `maxGroupMs` runs out, or
   * the next unit is not of the same size as the first.
   */
  async #commit(): Promise<void> {
    const group: Queued[] = [];
    const succeeded: Array<{ unit: Queued; value: unknown }> = [];
    const failed = new Set<Queued>();
    const small = this.#waiting[0]?.small ?? false;
    try {
      if (small) await this.#db.executeQuery(JOURNAL_IN_MEMORY);
      await this.#db.transaction().execute(async (trx) => {
        const started = performance.now();
        while (this.#waiting.length > 0 && group.length < this.#maxUnits) {
          const next = this.#waiting[0]!;
          if (group.length > 0 && (next.small !== small || performance.now() - started > this.#maxGroupMs)) break;
          const unit = this.#waiting.shift()!;
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
      const waiting = group.length === 0 ? this.#waiting.splice(0) : [];
      for (const unit of [...group, ...waiting]) if (!failed.has(unit)) unit.reject(error);
      return;
    } finally {
      // Back to the file for everything else on the connection. This cannot fail outside a
      // transaction with no temporary tables (Hoplink makes none); if it did, the next large
      // unit would only keep its copies in memory.
      if (small) await this.#db.executeQuery(JOURNAL_ON_DISK).catch(() => {});
    }
    this.#onCommitted?.(succeeded.length);
    for (const { unit, value } of succeeded) unit.resolve(value);
  }
}
