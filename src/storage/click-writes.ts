import type SQLite from 'better-sqlite3';
import type { ClickEvent } from '../core/clicks.ts';
import { createSqliteClickWriter } from './clicks.sqlite.ts';

export { writeClickBatch } from './clicks.kysely.ts';

/**
 * The click batch writer on a SQLite connection of its own (the writer thread's): each call
 * writes one batch in one transaction. Statements are prepared at the first batch, and again
 * after a batch that could not prepare them (a database not migrated yet fails that batch).
 */
export function sqliteClickWriter(sqlite: SQLite.Database): (events: readonly ClickEvent[]) => Promise<void> {
  let write: ((events: readonly ClickEvent[]) => void) | undefined;
  return async (events) => (write ??= createSqliteClickWriter(sqlite))(events);
}
