import type pg from 'pg';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { isChangedResultType, StatementNames } from './postgres-statements.ts';

/**
 * Kysely's PostgreSQL driver, except that a transaction's BEGIN is not sent on its own: it waits
 * for the transaction's first statement and goes out in the same write, and the two are answered
 * in one round trip. The pool's clients run in pg's pipeline mode, which writes a query without
 * waiting for the one before it to be answered. A unit of work is BEGIN, its statements and
 * COMMIT, so a one-statement unit (creating a link) takes two round trips instead of three; on
 * a machine where each one costs the event loop a system call on either side, that is most of
 * what the unit costs. A transaction that ran no statement sends nothing at all.
 *
 * Statements marked prepared run by name (postgres-statements.ts), so each connection parses and
 * plans them once instead of at every run.
 *
 * Savepoints and streaming are left out: no unit of work on PostgreSQL uses them (Kysely says
 * so if one ever does).
 */
/** What a PostgreSQL database is opened with (Config.databasePreparedStatements). */
export interface PostgresOptions {
  /** false: every statement goes unnamed, the marked ones too (a transaction-mode pooler). */
  preparedStatements?: boolean;
}

export class PostgresPipelinedDriver implements Driver {
  readonly #pool: pg.Pool;
  readonly #connections = new WeakMap<pg.PoolClient, PipelinedConnection>();
  readonly #names: StatementNames;
  #destroyed = false;

  /** `pool`: made with `pipeline: true`. */
  constructor(pool: pg.Pool, { preparedStatements = true }: PostgresOptions = {}) {
    this.#pool = pool;
    this.#names = new StatementNames(preparedStatements ? {} : { max: 0 });
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.#pool.connect();
    if (this.#destroyed) {
      client.release();
      throw new Error('driver has already been destroyed');
    }
    let connection = this.#connections.get(client);
    if (!connection) this.#connections.set(client, (connection = new PipelinedConnection(client, this.#names)));
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as PipelinedConnection).beginWithNextStatement(beginStatement(settings));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).end('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PipelinedConnection).release();
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    await this.#pool.end();
  }
}

function beginStatement(settings: TransactionSettings): string {
  if (!settings.isolationLevel && !settings.accessMode) return 'begin';
  let statement = 'start transaction';
  if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
  if (settings.accessMode) statement += ` ${settings.accessMode}`;
  return statement;
}

const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function resultOf<R>(result: pg.QueryResult): QueryResult<R> {
  return {
    numAffectedRows: AFFECTING.has(result.command) ? BigInt(result.rowCount ?? 0) : undefined,
    rows: (result.rows ?? []) as R[],
  };
}

class PipelinedConnection implements DatabaseConnection {
  readonly #client: pg.PoolClient;
  readonly #names: StatementNames;
  /** The BEGIN that goes out with the next statement; null outside a transaction or once sent. */
  #begin: string | null = null;
  #inTransaction = false;

  constructor(client: pg.PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  beginWithNextStatement(statement: string): void {
    this.#begin = statement;
    this.#inTransaction = true;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = [...query.parameters];
    try {
      return resultOf(await this.#run(query.sql, parameters));
    } catch (error) {
      if (!isChangedResultType(error)) throw error;
      this.#names.rename(query.sql);
      // Outside a transaction the statement runs again at once, prepared anew. Inside one the
      // transaction is lost, and its unit of work fails as the database being unavailable would
      // (a 503, isDatabaseUnavailable); the next one prepares the new name.
      if (this.#inTransaction) throw error;
      return resultOf(await this.#run(query.sql, parameters));
    }
  }

  #run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = this.#names.nameOf(text, values.length);
    const statement: pg.QueryConfig = name === undefined ? { text, values } : { name, text, values };
    const begin = this.#begin;
    this.#begin = null;
    if (begin === null) return this.#client.query(statement);
    // Both are written before either is answered (pipeline mode), in one write (corked). Both
    // are awaited, so a failed BEGIN is the error seen, and neither rejection goes unhandled.
    const socket = this.#client.connection.stream;
    socket.cork();
    let began: Promise<pg.QueryResult>;
    let answered: Promise<pg.QueryResult>;
    try {
      began = this.#client.query(begin);
      answered = this.#client.query(statement);
    } finally {
      socket.uncork();
    }
    return Promise.all([began, answered]).then(([, result]) => result);
  }

  /** COMMIT or ROLLBACK; nothing when the transaction never sent its BEGIN. */
  async end(statement: 'commit' | 'rollback'): Promise<void> {
    this.#inTransaction = false;
    if (this.#begin !== null) {
      this.#begin = null;
      return;
    }
    await this.#client.query(statement);
  }

  // biome-ignore lint/correctness/useYield: a generator, as Kysely's interface asks, that fails when iterated.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PostgreSQL here.');
  }

  release(): void {
    this.#begin = null;
    this.#inTransaction = false;
    this.#client.release();
  }
}
