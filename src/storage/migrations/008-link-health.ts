import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

// Link health (docs/api.md): the last check's outcome on the link itself (every link record
// shows it, and `GET /links?health=` filters on it), plus the checker's schedule and lease:
// `health_due_at` (null: due now), `health_locked_until` and `health_lease` (the token of the
// checker holding the link; only that checker may record the result). One column per statement:
// SQLite adds one at a time.
const NULLABLE_COLUMNS = [
  ['health_checked_at', 'varchar(30)'],
  ['health_http_status', 'integer'],
  ['health_error', 'varchar(500)'],
  ['health_affiliate_tag_lost', 'integer'],
  ['health_due_at', 'varchar(30)'],
  ['health_locked_until', 'varchar(30)'],
  ['health_lease', 'varchar(40)'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('links')
    .addColumn('health_status', 'varchar(10)', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  for (const [name, type] of NULLABLE_COLUMNS) await db.schema.alterTable('links').addColumn(name, type).execute();
  await db.schema.createIndex('links_user_health').on('links').columns(['user_id', 'health_status']).execute();
  await db.schema.createIndex('links_health_due').on('links').columns(['health_due_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('links_health_due').execute();
  await db.schema.dropIndex('links_user_health').execute();
  for (const [name] of NULLABLE_COLUMNS.toReversed()) await db.schema.alterTable('links').dropColumn(name).execute();
  await db.schema.alterTable('links').dropColumn('health_status').execute();
}
