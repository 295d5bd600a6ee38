import type { Kysely } from 'kysely';
import { idColumn } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

// Link imports (docs/api.md, "Imports") run as background jobs that survive a restart: the uploaded CSV is
// kept in the database (so every instance on PostgreSQL can read it), and the counters and the
// resume position (`processed`: data rows committed) are written in the same transaction as each
// chunk of links. `locked_until` + `lease` is the claim of the one instance working the job.
// The CSV has a table of its own: SQLite rewrites a whole row on every update, and the job row is
// updated with every chunk (with the text in it, 1,000,000 rows wrote 16 GB and took 98 s).
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('imports'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('total', 'integer')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('failure_reason', 'varchar(500)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease', 'varchar(40)')
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema
    .createTable('import_sources')
    .addColumn('import_id', 'integer', (c) => c.primaryKey().references('imports.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_user').on('imports').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('imports_status').on('imports').columns(['status', 'locked_until']).execute();
  // The export reads a user's links in pages by id (keyset); without this it would sort them per page.
  await db.schema.createIndex('links_user_id').on('links').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('links_user_id').execute();
  await db.schema.dropTable('import_sources').execute();
  await db.schema.dropTable('imports').execute();
}
