import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../core/errors.ts';
import { isDatabaseUnavailable } from '../storage/errors.ts';
import { storesFor, type Executor, type Stores } from '../storage/stores.ts';
import type { AppEvent, EventBus } from './events.ts';
import type { CommitGroup } from '../storage/commit-group.ts';
import type { ReadGroup } from '../storage/read-group.ts';

/** What a use case works with: stores on one executor, and where to put the events it causes. */
export interface Work {
  stores: Stores;
  /** Collected, and published only once the work has committed (never when it rolls back). */
  emit(event: AppEvent): void;
}

const openWork = new AsyncLocalStorage<true>();

/**
 * The one way to the database for use cases. `transact` runs a use case on stores bound to a
 * transaction and publishes its events after the commit; `read` runs one on stores bound to the
 * database, for reads that need no transaction. Opening either while one is open in the same
 * async context throws at once: on SQLite's single connection that would wait forever for the
 * outer transaction, and on PostgreSQL it would read outside it.
 */
export class UnitOfWork {
  readonly #db: Executor;
  readonly #events: EventBus;
  readonly #rootStores: Stores;
  readonly #group: CommitGroup | undefined;
  readonly #readGroup: ReadGroup | undefined;
  /** The stores of each read group's connection, made once for all of its reads. */
  readonly #groupStores = new WeakMap<Executor, Stores>();

  /**
   * `groupCommit` (SQLite): the units of one event-loop turn share a transaction and its commit,
   * each in a savepoint of its own (storage/commit-group.ts). `groupReads` (SQLite): the reads of
   * one turn share a read transaction (storage/read-group.ts).
   */
  constructor(db: Executor, events: EventBus, options: { groupCommit?: CommitGroup; groupReads?: ReadGroup } = {}) {
    this.#db = db;
    this.#events = events;
    this.#rootStores = storesFor(db);
    this.#group = options.groupCommit;
    this.#readGroup = options.groupReads;
  }

  async transact<T>(useCase: (work: Work) => Promise<T>): Promise<T> {
    assertNoOpenWork();
    const events: AppEvent[] = [];
    const unit = (trx: Executor) =>
      openWork.run(true, () => useCase({ stores: storesFor(trx), emit: (event) => events.push(event) }));
    const result = await (this.#group ? this.#group.run(unit) : this.#db.transaction().execute(unit)).catch(
      translateUnavailable,
    );
    for (const event of events) this.#events.emit(event);
    return result;
  }

  async read<T>(useCase: (stores: Stores) => Promise<T>): Promise<T> {
    assertNoOpenWork();
    if (!this.#readGroup) return openWork.run(true, () => useCase(this.#rootStores)).catch(translateUnavailable);
    return this.#readGroup
      .run((connection) => openWork.run(true, () => useCase(this.#storesOf(connection))))
      .catch(translateUnavailable);
  }

  #storesOf(connection: Executor): Stores {
    let stores = this.#groupStores.get(connection);
    if (!stores) this.#groupStores.set(connection, (stores = storesFor(connection)));
    return stores;
  }
}

/** A database that cannot be reached is the caller's 503 with a reason, not a 500. */
function translateUnavailable(error: unknown): never {
  if (isDatabaseUnavailable(error))
    throw new AppError('unavailable', 'The database is unavailable. Try again shortly.');
  throw error;
}

function assertNoOpenWork(): void {
  if (openWork.getStore()) {
    throw new Error('A unit of work is already open here: use the stores it gave you, not a second one');
  }
}
