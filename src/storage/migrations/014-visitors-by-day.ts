import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * SQLite: a day's counted visitors (migration 009) lose their foreign key to the link and become
 * a table without rowids, stored in their primary key (day, link, visitor).
 *
 * Deleting a link made SQLite's cascade look for the link's visitors by `link_id`, which no index
 * leads with: it read every visitor of every link, about 100 ms a million on the thread that
 * answers requests, for each link deleted (a bulk delete of 100 links held it for seconds). The
 * deletion now deletes them itself, seeking each of the few days kept (deleteLink), as it already
 * did on PostgreSQL, where migration 013 dropped the key. Without rowids the table is one b-tree
 * instead of a table and its key's index: half the size, and a repeat visitor's insert finds its
 * conflict in one search.
 *
 * The table holds two days of visitors at most (clicks/retention.ts), so copying it is short.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.transaction().execute(async (trx) => {
    await sql`create table link_daily_visitors_014 (
      link_id integer not null,
      day char(10) not null,
      visitor char(22) not null,
      constraint link_daily_visitors_pk primary key (day, link_id, visitor)
    ) without rowid`.execute(trx);
    await sql`insert into link_daily_visitors_014 (link_id, day, visitor)
      select link_id, day, visitor from link_daily_visitors`.execute(trx);
    await sql`drop table link_daily_visitors`.execute(trx);
    await sql`alter table link_daily_visitors_014 rename to link_daily_visitors`.execute(trx);
  });
}

/** Back to migration 009's table, without the visitors of links deleted since (its key refuses them). */
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.transaction().execute(async (trx) => {
    await sql`create table link_daily_visitors_009 (
      link_id integer not null references links (id) on delete cascade,
      day char(10) not null,
      visitor char(22) not null,
      constraint link_daily_visitors_pk primary key (day, link_id, visitor)
    )`.execute(trx);
    await sql`insert into link_daily_visitors_009 (link_id, day, visitor)
      select link_id, day, visitor from link_daily_visitors
      where exists (select 1 from links where links.id = link_id)`.execute(trx);
    await sql`drop table link_daily_visitors`.execute(trx);
    await sql`alter table link_daily_visitors_009 rename to link_daily_visitors`.execute(trx);
  });
}
