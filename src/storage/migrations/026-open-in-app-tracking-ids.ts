import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * Open in app and tracking ids (docs/api.md, "Open in app", "Tracking ids"); only new columns.
 *
 * - `links.open_in_app`: 1 or 0; phone visitors of a destination with a known app get the page
 *   that opens the app.
 * - `links.tracking_id`: the tracking id the link injects in place of its program's tag; null: the tag.
 * - `affiliate_tags.tracking_ids`: the tag record's extra tracking ids, a JSON array of strings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('open_in_app', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('links').addColumn('tracking_id', 'varchar(128)').execute();
  await db.schema
    .alterTable('affiliate_tags')
    .addColumn('tracking_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('affiliate_tags').dropColumn('tracking_ids').execute();
  await db.schema.alterTable('links').dropColumn('tracking_id').execute();
  await db.schema.alterTable('links').dropColumn('open_in_app').execute();
}
