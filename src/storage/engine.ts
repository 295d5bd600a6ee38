import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// Which engine an executor (the database or a transaction on it) runs on, for the few queries
// that differ. Migrations keep their own copy (migrations/dialect.ts): they import no app code.

export const isSqlite = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

export const isPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
