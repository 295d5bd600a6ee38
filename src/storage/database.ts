import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

// int8 (bigint columns, count(*)) arrives as a string by default; our counters fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens `sqlite:<path>` (file created, WAL mode) or `postgres://...`. */
export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url);
  throw new Error(`Unsupported DATABASE_URL "${url}"`);
}

/** A SQLite database on disk, which other connections (a writer thread) can open too. */
export function isSqliteFile(url: string): boolean {
  return url.startsWith('sqlite:') && !isMemoryPath(url.slice('sqlite:'.length));
}

function isMemoryPath(path: string): boolean {
  return path === '' || path === ':memory:';
}

function openSqlite(path: string): DatabaseHandle {
  if (!isMemoryPath(path)) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(isMemoryPath(path) ? ':memory:' : path);
  // WAL lets readers proceed while the click writer commits; NORMAL sync is durable in WAL mode
  // except for the last transactions on power loss, the usual trade-off for a service.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection can die (server restart, failover); without a listener that error
  // would crash the process. The pool replaces the connection on next use.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
