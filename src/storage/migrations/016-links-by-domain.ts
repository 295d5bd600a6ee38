import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * An index of the links on a custom domain, by domain. Deleting a domain first counts its links
 * (countLinksOnDomain) and then the foreign key checks that none is left; `domain_id` led no
 * index (only the codes' unique index on `(coalesce(domain_id, 0), short_code)`, which neither
 * engine uses for `domain_id = ?`), so both read every link of every user on the thread that
 * answers requests. Partial: links on the default host cost it nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index links_domain on links (domain_id) where domain_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index links_domain`.execute(db);
}
