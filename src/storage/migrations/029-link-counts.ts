import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * `workspaces.link_count`: the number of links a workspace owns, kept by triggers on every insert
 * and delete (bulk creation, imports, a workspace's links going with it), so the unfiltered link
 * list's `meta.total` reads one row instead of counting 100,000 on every page. On PostgreSQL one
 * update per statement, from its transition table (an import chunk's 500 links are one update);
 * SQLite has only row triggers, which cost it one indexed update a link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('link_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update workspaces set link_count = (select count(*) from links where links.workspace_id = workspaces.id)`.execute(
    db,
  );
  if (isPostgres(db)) {
    for (const [name, sign, table] of [
      ['insert', '+', 'new'],
      ['delete', '-', 'old'],
    ] as const) {
      await sql
        .raw(
          `create function links_count_${name}() returns trigger language plpgsql as $$
          begin
            update workspaces set link_count = link_count ${sign} changed.n
            from (select workspace_id, count(*) as n from changed_links group by workspace_id) as changed
            where workspaces.id = changed.workspace_id;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger links_count_${name} after ${name} on links
          referencing ${table} table as changed_links
          for each statement execute function links_count_${name}()`,
        )
        .execute(db);
    }
  } else {
    await sql`create trigger links_count_insert after insert on links begin
      update workspaces set link_count = link_count + 1 where id = new.workspace_id;
    end`.execute(db);
    await sql`create trigger links_count_delete after delete on links begin
      update workspaces set link_count = link_count - 1 where id = old.workspace_id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger links_count_insert ${sql.raw(isPostgres(db) ? 'on links' : '')}`.execute(db);
  await sql`drop trigger links_count_delete ${sql.raw(isPostgres(db) ? 'on links' : '')}`.execute(db);
  if (isPostgres(db)) {
    await sql`drop function links_count_insert()`.execute(db);
    await sql`drop function links_count_delete()`.execute(db);
  }
  await db.schema.alterTable('workspaces').dropColumn('link_count').execute();
}
