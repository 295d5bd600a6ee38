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
  return sqlite;
}

/** The file path of a `sqlite:` DATABASE_URL. */
export function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length);
}

export function isMemoryPath(path: string): boolean {
  return path === '' || path === ':memory:';
}
