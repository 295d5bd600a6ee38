import { createRequire } from 'node:module';
import type pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { Database } from './schema.ts';
import { namingStatements, type PostgresOptions } from './postgres-statements.ts';
import { keepingStatements } from './statement-cache.ts';
import { isMemoryPath, openSqliteConnection, sqlitePath } from './sqlite-connection.ts';

export { openSqliteConnection, sqlitePath };

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

/**
 * pg, loaded when a PostgreSQL database is first opened, so that a service on SQLite never holds
 * it. int8 (bigint columns, count(*)) arrives as a string by default; our counters fit in a double.
 */
function loadPg(): typeof pg {
  const loaded = createRequire(import.meta.url)('pg') as typeof pg;
  loaded.types.setTypeParser(20, (value) => Number(value));
  return loaded;
}

/**
 * Opens `sqlite:<path>` (file created, WAL mode) or `postgres://...`. `onConnectionError`: an
 * idle pooled PostgreSQL connection died (the pool replaces it).
 */
export function openDatabase(
  url: string,
  onConnectionError: (error: Error) => void = () => {},
  postgres: PostgresOptions = {},
): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(sqlitePath(url));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return openPostgres(url, onConnectionError, postgres);
  }
  throw new Error(`Unsupported DATABASE_URL "${url}"`);
}

/** A SQLite database on disk, which other connections (a writer thread) can open too. */
export function isSqliteFile(url: string): boolean {
  return url.startsWith('sqlite:') && !isMemoryPath(sqlitePath(url));
}

function openSqlite(path: string): DatabaseHandle {
  const database = keepingStatements(openSqliteConnection(path));
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), not at their first
 * write. The click writer thread commits on its own connection every few hundred milliseconds;
 * a deferred transaction that has read and then writes after such a commit fails at once with
 * "database is locked" (SQLite cannot wait there: its snapshot is stale). Waiting for the lock
 * at BEGIN is covered by busy_timeout instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void,
  options: PostgresOptions,
): DatabaseHandle {
  // Every wait is bounded: a server that stops answering fails requests within seconds (503)
  // instead of holding them, and the pool reconnects by itself when the server is back.
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
    statement_timeout: 25_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle pooled connection can die (server restart, failover); without a listener that error
  // would crash the process. The pool replaces the connection on next use.
  pool.on('error', onConnectionError);
  // A connection that drops while checked out (a query running, a transaction open) emits 'error'
  // on its client, which the pool listens for only while the client is idle: without this the
  // process dies of an unhandled 'error' event. The query itself fails (a 503), and the pool
  // discards the client when it is released.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // Statements marked prepared run by name (postgres-statements.ts).
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool, options) }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
