import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Statements that start with this comment run as named statements on PostgreSQL.
 *
 * Kysely's driver sends every query unnamed, and PostgreSQL parses and plans its text anew each
 * time: planning was most of PostgreSQL's time on `POST /links` (docs/benchmarks.md). A named
 * statement is parsed once per connection, and after five runs PostgreSQL may keep a generic plan,
 * one made without the values. That is right for a statement whose best plan never depends on its
 * values (a lookup by a unique key, an insert) and can be wrong for others: a generic plan made
 * while a table was nearly empty scanned it whole once it had grown (the click consumer's check of
 * its entry ids took ten times as long). So a statement is named only when its author marks it.
 */
export const PREPARED = '/* prepared */';

/**
 * Names for the statements marked PREPARED. Bounded, as every connection keeps what it prepared
 * until it closes: at most `max` names in a process, and none for a text longer than `maxLength`
 * or with more than `maxParameters` parameters. Past the bound, statements go unnamed.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #max: number;
  readonly #maxLength: number;
  readonly #maxParameters: number;
  #made = 0;

  constructor({ max = 200, maxLength = 10_000, maxParameters = 100 } = {}) {
    this.#max = max;
    this.#maxLength = maxLength;
    this.#maxParameters = maxParameters;
  }

  /** The statement's name, made on first use; undefined for a text that stays unnamed. */
  nameOf(text: string, parameters: number): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (this.#names.size >= this.#max || text.length > this.#maxLength || parameters > this.#maxParameters) {
      return undefined;
    }
    if (!text.trimStart().startsWith(PREPARED)) return undefined;
    const name = `hoplink_${this.#made++}`;
    this.#names.set(text, name);
    return name;
  }

  /**
   * The statement gets a new name: PostgreSQL refuses to run a prepared statement whose result
   * columns changed (`select *` after a migration added a column, run by another instance), and
   * a new name prepares it again on every connection.
   */
  rename(text: string): void {
    if (this.#names.delete(text)) this.nameOf(text, 0);
  }
}

/** PostgreSQL's refusal to run a prepared statement whose result columns have changed. */
export function isChangedResultType(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result');
}

/** What a PostgreSQL database is opened with (Config.databasePreparedStatements). */
export interface PostgresOptions {
  /** false: every statement goes unnamed, the marked ones too (a transaction-mode pooler). */
  preparedStatements?: boolean;
}

/**
 * pg's pool as Kysely's PostgreSQL dialect takes it, with each client running the statements
 * marked PREPARED by name.
 */
export function namingStatements(pool: pg.Pool, { preparedStatements = true }: PostgresOptions = {}): PostgresPool {
  const names = new StatementNames(preparedStatements ? {} : { max: 0 });
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let named = clients.get(client);
      if (!named) clients.set(client, (named = namingClient(client, names)));
      return named;
    },
    end: () => pool.end(),
  };
}

function namingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  // Kysely sends a transaction's BEGIN, COMMIT and ROLLBACK as queries of their own.
  let inTransaction = false;
  const run = (text: string, values: unknown[]) => {
    const name = names.nameOf(text, values.length);
    // pg's `command` is any string; Kysely compares it with the four that affect rows.
    return client.query(name === undefined ? { text, values } : { name, text, values }) as Promise<
      PostgresQueryResult<unknown>
    >;
  };
  const query = async (text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<unknown>> => {
    if (text === 'begin' || text.startsWith('start transaction')) inTransaction = true;
    else if (text === 'commit' || text === 'rollback') inTransaction = false;
    const values = [...parameters];
    try {
      return await run(text, values);
    } catch (error) {
      if (!isChangedResultType(error)) throw error;
      names.rename(text);
      // Outside a transaction the statement runs again at once, prepared anew. Inside one the
      // transaction is lost, and its unit of work fails as the database being unavailable would
      // (a 503, isDatabaseUnavailable); the next one prepares the new name.
      if (inTransaction) throw error;
      return await run(text, values);
    }
  };
  return {
    query: query as PostgresPoolClient['query'],
    release() {
      inTransaction = false;
      client.release();
    },
  };
}
