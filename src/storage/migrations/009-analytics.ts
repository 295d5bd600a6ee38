import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

export async function up(db: Kysely<any>): Promise<void> {
  // What the raw clicks API and the new breakdowns read (docs/api.md, Statistics). No client address is
  // stored, now or before: the clicks table never had an address column.
  for (const [name, type] of [
    ['language', 'varchar(8)'],
    ['utm_source', 'varchar(255)'],
    ['utm_medium', 'varchar(255)'],
    ['utm_campaign', 'varchar(255)'],
  ] as const) {
    await db.schema.alterTable('clicks').addColumn(name, type).execute();
  }
  // Unique visitors per link per UTC day, kept beside the clicks they belong to.
  await db.schema
    .alterTable('link_daily_stats')
    .addColumn('unique_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Referrer hosts, UTM values and dimension names such as utm_campaign outgrow the first sizes
  // (SQLite never enforced them; PostgreSQL does).
  if (isPostgres(db)) {
    for (const table of ['link_daily_dimension_stats', 'link_dimension_stats']) {
      await db.schema
        .alterTable(table)
        .alterColumn('dimension', (c) => c.setDataType('varchar(20)'))
        .execute();
      await db.schema
        .alterTable(table)
        .alterColumn('value', (c) => c.setDataType('varchar(255)'))
        .execute();
    }
  }
  // The account overview (GET /stats) reads a row per day, not one per link and day.
  await db.schema
    .createTable('user_daily_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unique_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_daily_stats_pk', ['user_id', 'day'])
    .execute();
  await sql`insert into user_daily_stats (user_id, day, clicks, unique_clicks)
    select links.user_id, link_daily_stats.day, sum(link_daily_stats.clicks), 0
    from link_daily_stats join links on links.id = link_daily_stats.link_id
    group by links.user_id, link_daily_stats.day`.execute(db);
  // Top links over a range sum a link's days from this index alone, without visiting the table.
  await db.schema
    .createIndex('link_daily_stats_covering')
    .on('link_daily_stats')
    .columns(['link_id', 'day', 'clicks', 'unique_clicks'])
    .execute();
  // One random salt per UTC day, deleted two days later: a visitor is a salted hash of address
  // and user agent, so no stable identifier outlives the day it counts in.
  await db.schema
    .createTable('daily_salts')
    .addColumn('day', 'char(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();
  // The visitors already counted for a link on a day (dropped with the day's salt).
  await db.schema
    .createTable('link_daily_visitors')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('visitor', 'char(22)', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_daily_visitors_pk', ['day', 'link_id', 'visitor'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('link_daily_stats_covering').execute();
  await db.schema.dropTable('user_daily_stats').execute();
  await db.schema.dropTable('link_daily_visitors').execute();
  await db.schema.dropTable('daily_salts').execute();
  await db.schema.alterTable('link_daily_stats').dropColumn('unique_clicks').execute();
  for (const name of ['utm_campaign', 'utm_medium', 'utm_source', 'language']) {
    await db.schema.alterTable('clicks').dropColumn(name).execute();
  }
}
