import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Dialect helpers for migrations. They are part of the migration set and must stay stable.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key: serial on PostgreSQL, rowid alias on SQLite. */
export function idColumn<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
