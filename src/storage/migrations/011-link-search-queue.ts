import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * SQLite: the trigram index (migration 010) is brought up to date in batches instead of inside
 * every change to a link. Each change only queues the link's id; the service indexes
 * the queue every quarter second, and searches read queued links from the table itself, so
 * nothing is ever missing from a search. Indexing a link inside its own transaction cost about
 * 55 µs of the ~100 µs SQLite spent on a created link (FTS5 writes a segment at every savepoint
 * and commit); in a batch it costs about 4. PostgreSQL's pg_trgm index needs nothing of this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table links_search_queue (link_id integer primary key)`.execute(db);
  await sql`drop trigger links_search_insert`.execute(db);
  await sql`drop trigger links_search_update`.execute(db);
  await sql`drop trigger links_search_delete`.execute(db);
  await sql`create trigger links_search_insert after insert on links begin
    insert or ignore into links_search_queue (link_id) values (new.id);
  end`.execute(db);
  // Only these columns: the click writer's click_count updates never touch the index.
  await sql`create trigger links_search_update after update of redirect_url, short_code, title on links begin
    insert or ignore into links_search_queue (link_id) values (new.id);
  end`.execute(db);
  await sql`create trigger links_search_delete after delete on links begin
    insert or ignore into links_search_queue (link_id) values (old.id);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  // Index what is queued, then put back migration 010's triggers.
  await sql`delete from links_search where rowid in (select link_id from links_search_queue)`.execute(db);
  await sql`insert into links_search (rowid, redirect_url, short_code, title)
    select id, redirect_url, short_code, coalesce(title, '') from links
    where id in (select link_id from links_search_queue)`.execute(db);
  await sql`drop trigger links_search_insert`.execute(db);
  await sql`drop trigger links_search_update`.execute(db);
  await sql`drop trigger links_search_delete`.execute(db);
  await sql`drop table links_search_queue`.execute(db);
  await sql`create trigger links_search_insert after insert on links begin
    insert into links_search (rowid, redirect_url, short_code, title)
    values (new.id, new.redirect_url, new.short_code, coalesce(new.title, ''));
  end`.execute(db);
  await sql`create trigger links_search_update after update of redirect_url, short_code, title on links begin
    update links_search set redirect_url = new.redirect_url, short_code = new.short_code,
      title = coalesce(new.title, '') where rowid = new.id;
  end`.execute(db);
  await sql`create trigger links_search_delete after delete on links begin
    delete from links_search where rowid = old.id;
  end`.execute(db);
}
