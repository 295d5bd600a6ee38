import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * PostgreSQL: raw clicks no longer carry a foreign key to their link (issue 24). PostgreSQL checks
 * a foreign key row by row, a locking lookup of the link for every click inserted: 4.8 µs of
 * PostgreSQL's 18.6 µs a visit under redirect load. The click writer checks each link of a batch
 * once instead, with a row lock held to its commit (writeClickBatch), and deleting a link deletes
 * its raw clicks itself (deleteLink), so no click outlives its link.
 *
 * SQLite keeps the key: the click writer thread's connection never enforced it (its batch makes
 * the same check under the write lock), and dropping it would copy the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table clicks drop constraint if exists clicks_link_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`delete from clicks where not exists (select 1 from links where links.id = clicks.link_id)`.execute(db);
  await sql`alter table clicks add constraint clicks_link_id_fkey
    foreign key (link_id) references links (id) on delete cascade`.execute(db);
}
