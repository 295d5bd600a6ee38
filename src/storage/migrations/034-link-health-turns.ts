import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * The link checker's due links, each account's in the order they are checked: (workspace, active,
 * when due with never-checked first, id). Reading which links are due sorted every due link of
 * every Business account, 156 ms on SQLite (on the thread that answers redirects) and 352 ms on
 * PostgreSQL at 100,000 due links, every five seconds while a backlog lasted; down this index each
 * account's first links are a range of it. It replaces the index on the due time alone, which
 * nothing else reads, so a link written costs the same number of indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('links_health_due').execute();
  await sql`create index links_health_turns
    on links (workspace_id, is_active, coalesce(health_due_at, ''), id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('links_health_turns').execute();
  await db.schema.createIndex('links_health_due').on('links').columns(['health_due_at']).execute();
}
