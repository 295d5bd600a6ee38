import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
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
import { keepingStatements } from './statement-cache.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

// int8 (bigint columns, count(*)) arrives as a string by default; our counters fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens `sqlite:<path>` (file created, WAL mode) or `postgres://...`. */
/** `onConnectionError`: an idle pooled PostgreSQL connection died (the pool replaces it). */
export function openDatabase(url: string, onConnectionError: (error: Error) => void = () => {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(sqlitePath(url));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, onConnectionError);
  throw new Error(`Unsupported DATABASE_URL "${url}"`);
}

/** A SQLite database on disk, which other connections (a writer thread) can open too. */
export function isSqliteFile(url: string): boolean {
  return url.startsWith('sqlite:') && !isMemoryPath(sqlitePath(url));
}

function isMemoryPath(path: string): boolean {
  return path === '' || path === ':memory:';
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

/** A better-sqlite3 connection as every part of Hoplink uses it (the click writer thread directly). */
export function openSqliteConnection(path: string): SQLite.Database {
  if (!isMemoryPath(path)) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(isMemoryPath(path) ? ':memory:' : path);
  // WAL lets readers proceed while the click writer commits; NORMAL sync is durable in WAL mode
  // except for the last transactions on power loss, the usual trade-off for a service.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** The file path of a `sqlite:` DATABASE_URL. */
export function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length);
}

function openPostgres(url: string, onConnectionError: (error: Error) => void): DatabaseHandle {
  // Every wait is bounded: a server that stops answering fails requests within seconds (503)
  // instead of holding them, and the pool reconnects by itself when the server is back.
  const pool = new pg.Pool({
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
