import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * Raw clicks get the index their reads need, and bots a daily counter.
 *
 * A link's raw clicks are read newest first by id, a page at a time (`where link_id = ? and
 * id < ? order by id desc`), but the only index was (link_id, clicked_at): each page sorted all
 * of the link's clicks, 0.2 s for one row of a link with 500,000, on the thread that answers
 * requests. The index that replaces it is in that order: (link_id, id) on PostgreSQL; on SQLite
 * (link_id) alone, since every index of a rowid table ends with the rowid, which `id` is. Nothing
 * reads clicks by their time within a link (retention finds its cut-off through the primary key,
 * statistics read the rollups), so the old index goes: still one index to write per click, with
 * a shorter entry.
 *
 * `link_daily_bots` counts a link's bot visits per UTC day. Every bot visit is counted there,
 * and only a link's first few a day are also kept as raw clicks, which anyone could otherwise grow
 * without bound by scripting visits. The bot visits already stored as raw clicks are counted in it
 * here; their rows stay until the retention takes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  // PostgreSQL runs each migration in a transaction; SQLite's DDL is transactional too when asked.
  const work = async (trx: Kysely<any>) => {
    await (
      postgres
        ? sql`create index clicks_link_order on clicks (link_id, id)`
        : sql`create index clicks_link_order on clicks (link_id)`
    ).execute(trx);
    await sql`drop index clicks_link_time`.execute(trx);
    await sql`create table link_daily_bots (
      link_id integer not null references links (id) on delete cascade,
      day char(10) not null,
      bots ${sql.raw(postgres ? 'bigint' : 'integer')} not null default 0,
      constraint link_daily_bots_pk primary key (link_id, day)
    )${sql.raw(postgres ? '' : ' without rowid')}`.execute(trx);
    await sql`insert into link_daily_bots (link_id, day, bots)
      select link_id, substr(clicked_at, 1, 10), count(*) from clicks
      where is_bot = 1 and exists (select 1 from links where links.id = clicks.link_id)
      group by link_id, substr(clicked_at, 1, 10)`.execute(trx);
  };
  if (postgres) await work(db);
  else await db.transaction().execute(work);
}

export async function down(db: Kysely<any>): Promise<void> {
  const work = async (trx: Kysely<any>) => {
    await sql`drop table link_daily_bots`.execute(trx);
    await sql`create index clicks_link_time on clicks (link_id, clicked_at)`.execute(trx);
    await sql`drop index clicks_link_order`.execute(trx);
  };
  if (isPostgres(db)) await work(db);
  else await db.transaction().execute(work);
}
