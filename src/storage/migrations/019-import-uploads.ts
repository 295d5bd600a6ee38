import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * Imports stream their upload into the database in chunks instead of one text row: the service
 * held each file whole in memory (as the request body, then as the statement's parameter), and
 * eight simultaneous 49 MB uploads took its RSS from 182 to 693 MB. A chunk is a piece of the
 * file's bytes (split anywhere, even inside a UTF-8 character), numbered from 0 in file order,
 * each written in a short transaction of its own; the runner reads them back one at a time. The
 * chunks are deleted when the job ends; `import_sources` stays only for jobs queued before this.
 *
 * `claimed_at`: when an instance last claimed the job, so the worker can serve the account that
 * has waited longest since its last turn (indexed by account for that lookup).
 *
 * The files of finished jobs were never deleted (411 MB after eight uploads): they go now. On
 * SQLite the file keeps its size; the freed pages are reused by later writes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_upload_chunks')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_upload_chunks_pk', ['import_id', 'seq'])
    .execute();
  await db.schema.alterTable('imports').addColumn('claimed_at', 'varchar(30)').execute();
  await db.schema.createIndex('imports_user_claimed').on('imports').columns(['user_id', 'claimed_at']).execute();
  await sql`delete from import_sources
    where import_id in (select id from imports where status not in ('queued', 'running'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('imports_user_claimed').execute();
  await db.schema.alterTable('imports').dropColumn('claimed_at').execute();
  await db.schema.dropTable('import_upload_chunks').execute();
}
