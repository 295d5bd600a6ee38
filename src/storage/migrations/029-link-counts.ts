import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/** Each workspace's count is spread over this many rows, by link id. */
const SHARDS = 16;

/**
 * `workspace_link_counts`: the number of links each workspace owns, kept by triggers on every
 * insert and delete (creation, bulk creation, imports, deletion, a workspace's links going with
 * it), so the unfiltered link list's `meta.total` sums 16 rows instead of counting 100,000 links
 * on every page. The count is spread over 16 rows by link id: one row a workspace serialized
 * concurrent creations in it on PostgreSQL (each held the row to its commit; 10 at a time lost
 * 30 - 40% of their rate), while consecutive ids land on different rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workspace_link_counts')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('links', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_link_counts_pk', ['workspace_id', 'shard'])
    .execute();
  const shard = sql.raw(`id % ${SHARDS}`);
  await sql`insert into workspace_link_counts (workspace_id, shard, links)
    select workspace_id, ${shard}, count(*) from links group by workspace_id, ${shard}`.execute(db);
  const add = `insert into workspace_link_counts (workspace_id, shard, links)
    values (new.workspace_id, new.id % ${SHARDS}, 1)
    on conflict (workspace_id, shard) do update set links = workspace_link_counts.links + 1`;
  const remove = `update workspace_link_counts set links = links - 1
    where workspace_id = old.workspace_id and shard = old.id % ${SHARDS}`;
  for (const [name, event, statement] of [
    ['links_count_insert', 'insert', add],
    ['links_count_delete', 'delete', remove],
  ] as const) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$
          begin ${statement}; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(`create trigger ${name} after ${event} on links for each row execute function ${name}()`)
        .execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${event} on links begin ${statement}; end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['links_count_insert', 'links_count_delete']) {
    await sql.raw(`drop trigger ${name}${isPostgres(db) ? ' on links' : ''}`).execute(db);
    if (isPostgres(db)) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.dropTable('workspace_link_counts').execute();
}
