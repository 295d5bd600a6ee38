import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * `workspace_qr_logos`: the logo a workspace puts in the centre of its links' QR codes, one at most,
 * going with the workspace. `image` is the service's own PNG re-encoding of the upload (at most
 * 256 x 256 pixels, a few tens of KB), never the uploaded bytes; `width` and `height` are its size.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workspace_qr_logos')
    .addColumn('workspace_id', 'integer', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('image', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workspace_qr_logos').execute();
}
