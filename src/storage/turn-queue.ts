import type { Executor } from './stores.ts';

/** A queued unit: the work, and the settlers of the promise its caller holds. */
export interface Queued {
  run(executor: Executor): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The queue of SQLite's commit and read groups: the units that arrive in one turn of the event
 * loop wait for `group`, which runs after the poll phase (every request read in this turn has
 * queued its unit by then) and again while units wait. `group` takes the units it runs off
 * `waiting` itself, and must settle each and never throw.
 */
export class TurnQueue {
  readonly waiting: Queued[] = [];
  readonly #group: () => Promise<void>;
  #draining = false;

  constructor(group: () => Promise<void>) {
    this.#group = group;
  }

  add<T>(unit: (executor: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ run: unit, resolve: resolve as (value: unknown) => void, reject });
      if (this.#draining) return;
      this.#draining = true;
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    while (this.waiting.length > 0) await this.#group();
    this.#draining = false;
  }
}
