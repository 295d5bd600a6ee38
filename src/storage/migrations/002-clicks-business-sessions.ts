import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

export async function up(db: Kysely<any>): Promise<void> {
  const bigint = isPostgres(db) ? 'bigint' : 'integer';

  // Raw visits, kept for CLICK_RETENTION_DAYS; statistics never scan them (see the rollups below).
  const clicks = isPostgres(db)
    ? db.schema.createTable('clicks').addColumn('id', 'bigserial', (c) => c.primaryKey())
    : db.schema.createTable('clicks').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await clicks
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('clicked_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('device', 'varchar(20)', (c) => c.notNull())
    .addColumn('browser', 'varchar(20)', (c) => c.notNull())
    .addColumn('os', 'varchar(20)', (c) => c.notNull())
    .addColumn('referrer_host', 'varchar(253)')
    .addColumn('is_bot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('option_index', 'integer')
    .execute();
  // One index only: every extra index is another B-tree write per click (a time-only index
  // doubled the insert cost). Retention finds its cut-off through the primary key instead.
  await db.schema.createIndex('clicks_link_time').on('clicks').columns(['link_id', 'clicked_at']).execute();

  // Rollups kept by the batch writer in the same transaction as the clicks (bots excluded).
  await db.schema
    .createTable('link_daily_stats')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('clicks', bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('link_daily_stats_pk', ['link_id', 'day'])
    .execute();
  await db.schema
    .createTable('link_daily_dimension_stats')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(20)', (c) => c.notNull())
    .addColumn('clicks', bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('link_daily_dimension_stats_pk', ['link_id', 'dimension', 'day', 'value'])
    .execute();
  // All-time totals per dimension value, so a breakdown reads a handful of rows.
  await db.schema
    .createTable('link_dimension_stats')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('dimension', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(20)', (c) => c.notNull())
    .addColumn('clicks', bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('link_dimension_stats_pk', ['link_id', 'dimension', 'value'])
    .execute();

  await db.schema
    .createTable('landing_options')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('picks', bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('landing_options_pk', ['link_id', 'position'])
    .execute();

  await idColumn(db, db.schema.createTable('affiliate_tags'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('affiliate_tags_user_program', ['user_id', 'program_id'])
    .execute();

  // Dashboard sessions: the id column holds a SHA-256 of the cookie value, never the value.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sessions',
    'affiliate_tags',
    'landing_options',
    'link_dimension_stats',
    'link_daily_dimension_stats',
    'link_daily_stats',
    'clicks',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
