import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';

// Apart from database.ts so that the click writer thread, which needs only this, loads neither
// Kysely nor pg into its own heap.

/** How often the click writer thread checkpoints the WAL (clicks/writer-thread.ts). */
export const CHECKPOINT_INTERVAL_MS = 1_000;
/**
 * A connection checkpoints the WAL itself only once it passes this many pages (40 MB) instead of
 * SQLite's 1,000: the service's click writer thread checkpoints every second, and a CLI process
 * checkpoints when it closes. The net catches a writer thread that is not running.
 */
export const WAL_SAFETY_NET_PAGES = 10_000;

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
  sqlite.pragma(`wal_autocheckpoint = ${WAL_SAFETY_NET_PAGES}`);
  // A statement that has triggers or may abort half-way keeps the pages it changes in a statement
  // journal, which spills to a temporary file past 64 KiB: inserting a link changes about 29 pages
  // of the table, its indexes and its triggers' tables, and wrote them all to /var/tmp (45 µs a
  // link, 16 in memory). Migrations sort on disk again (migrate.ts): an index built over millions
  // of clicks would sort them all in memory.
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/**
 * The click writer thread's page cache, in KiB. better-sqlite3 builds SQLite with a 16 MB cache
 * per connection; the writer mostly appends (the ends of the clicks table and its index, today's
 * rollup rows), so most of a full cache would be pages it wrote long ago, kept as RSS: 4 MB holds
 * what it reads again (docs/deployment.md, "Memory").
 */
export const CLICK_WRITER_CACHE_KIB = 4_096;

/** The click writer thread's own connection (clicks/writer-thread.ts). */
export function openClickWriterConnection(path: string): SQLite.Database {
  const sqlite = openSqliteConnection(path);
  // Each batch checks that its links exist under the write lock (click-writes.ts), so SQLite's
  // per-row foreign-key lookup would only repeat that check for every click.
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma(`cache_size = -${CLICK_WRITER_CACHE_KIB}`);
  return sqlite;
}

/** The file path of a `sqlite:` DATABASE_URL. */
export function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length);
}

export function isMemoryPath(path: string): boolean {
  return path === '' || path === ':memory:';
}
