import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * The last check's two findings for a custom domain: whether the ownership record (the TXT
 * token, or the CNAME where it still proves ownership) held, and whether the routing record
 * did ('ok', 'missing', 'wrong', 'unchecked'). Null until the domain is first checked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table domains add column ownership_check text`.execute(db);
  await sql`alter table domains add column routing_check text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table domains drop column routing_check`.execute(db);
  await sql`alter table domains drop column ownership_check`.execute(db);
}
