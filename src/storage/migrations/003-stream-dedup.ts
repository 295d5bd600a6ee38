import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

export async function up(db: Kysely<any>): Promise<void> {
  // Redis stream entries already written, recorded in the same transaction as their clicks, so a
  // consumer that dies between commit and XACK never gets them counted twice.
  await db.schema
    .createTable('processed_stream_entries')
    .addColumn('entry_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('processed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('processed_stream_entries_time')
    .on('processed_stream_entries')
    .column('processed_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('processed_stream_entries').execute();
}
