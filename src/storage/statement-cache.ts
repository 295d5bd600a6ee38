import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * A better-sqlite3 connection for Kysely that keeps its prepared statements. Kysely's SQLite
 * driver prepares every query anew: SQLite parses and plans the same text on each request (a
 * sixth of `POST /links`' CPU in a profile). A kept statement is handed out again unless it is
 * busy (the open iterator of a streamed query), when a fresh one is prepared for that use.
 * Bounded: queries whose text varies (`in (?, ?, ...)` lists) take the least recently used slots.
 */
export function keepingStatements(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const kept = new LRUCache<string, SQLite.Statement>({ max });
  return {
    prepare(sql) {
      const statement = kept.get(sql);
      if (statement && !statement.busy) return statement;
      const fresh = sqlite.prepare(sql);
      if (!statement) kept.set(sql, fresh);
      return fresh;
    },
    close: () => sqlite.close(),
  };
}
