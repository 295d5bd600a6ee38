import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * PostgreSQL: the search index's pending list bounded at 256 kB instead of 4 MB. A GIN index
 * gathers new rows' trigrams in a pending list that every search reads whole, until autovacuum
 * or an insert past the limit merges it: at 100,000 links it held 86 - 258 pages after a few
 * thousand creations, and a search matching 1,000 links took 1.6 - 2.7 ms instead of 1.4. At
 * 256 kB it holds at most 32 pages; a creation costs the same within the noise. SQLite's index
 * has no pending list; without pg_trgm there is no index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`do $$ begin
    if to_regclass('links_search') is not null then
      alter index links_search set (gin_pending_list_limit = 256);
    end if;
  end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`do $$ begin
    if to_regclass('links_search') is not null then
      alter index links_search reset (gin_pending_list_limit);
    end if;
  end $$`.execute(db);
}
