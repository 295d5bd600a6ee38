import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * Click ids and conversions (docs/api.md, "Affiliate money"); only new tables and columns.
 *
 * - `links.pass_click_id`: 1 to give each counted visit a click id in the destination's sub-id
 *   parameter (Business).
 * - `clicks.click_id`: that id, on the raw click; unique where set (an id names one click), and
 *   null for every click without one, which the partial index leaves out.
 * - `conversions`: a sale a network reported, keyed by (workspace, order_id) so a later status
 *   updates it and two instances receiving the same postback count it once. Amounts are integers
 *   in the currency's minor units (ISO 4217 exponent): never floating point.
 * - `link_daily_conversions`: per link, day and currency, the conversions that are not reversed,
 *   with their revenue and earnings, kept by the same unit of work that writes a conversion.
 * - `postback_endpoints`: a workspace's postback secret (its SHA-256) and the names its network
 *   gives the parameters.
 * - `imports.format`: what an import's file is, `links` (every import before) or `amazon-earnings`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const money = postgres ? 'bigint' : 'integer';
  await db.schema
    .alterTable('links')
    .addColumn('pass_click_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('clicks').addColumn('click_id', 'varchar(64)').execute();
  await sql`create unique index clicks_click_id on clicks (click_id) where click_id is not null`.execute(db);

  await idColumn(db, db.schema.createTable('conversions'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (c) => c.references('links.id').onDelete('set null'))
    .addColumn('click_id', 'varchar(64)')
    .addColumn('order_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount_minor', money, (c) => c.notNull())
    .addColumn('commission_minor', money)
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversions_workspace_order')
    .on('conversions')
    .columns(['workspace_id', 'order_id'])
    .unique()
    .execute();
  await db.schema.createIndex('conversions_workspace_id').on('conversions').columns(['workspace_id', 'id']).execute();
  await db.schema.createIndex('conversions_link').on('conversions').column('link_id').execute();
  await db.schema.createIndex('conversions_click').on('conversions').columns(['workspace_id', 'click_id']).execute();

  await sql`create table link_daily_conversions (
    link_id integer not null references links (id) on delete cascade,
    day char(10) not null,
    currency char(3) not null,
    conversions integer not null default 0,
    revenue_minor ${sql.raw(money)} not null default 0,
    earnings_minor ${sql.raw(money)} not null default 0,
    constraint link_daily_conversions_pk primary key (link_id, day, currency)
  )${sql.raw(postgres ? '' : ' without rowid')}`.execute(db);

  await db.schema
    .createTable('postback_endpoints')
    .addColumn('workspace_id', 'integer', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('secret_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('parameter_names', 'varchar(2000)', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('imports')
    .addColumn('format', 'varchar(20)', (c) => c.notNull().defaultTo('links'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('format').execute();
  await db.schema.dropTable('postback_endpoints').execute();
  await db.schema.dropTable('link_daily_conversions').execute();
  await db.schema.dropTable('conversions').execute();
  await sql`drop index clicks_click_id`.execute(db);
  await db.schema.alterTable('clicks').dropColumn('click_id').execute();
  await db.schema.alterTable('links').dropColumn('pass_click_id').execute();
}
