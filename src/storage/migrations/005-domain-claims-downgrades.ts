import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

export async function up(db: Kysely<any>): Promise<void> {
  // Every account that ever added a hostname: a later claim by another account must prove
  // control with the TXT token, since a CNAME may still point here from the earlier owner.
  await db.schema
    .createTable('domain_claims')
    .addColumn('hostname', 'varchar(253)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_claims_pk', ['hostname', 'user_id'])
    .execute();
  await sql`
    insert into domain_claims (hostname, user_id, claimed_at)
    select hostname, user_id, created_at from domains
  `.execute(db);
  await db.schema
    .alterTable('domains')
    .addColumn('requires_txt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // When the owner last left the Business plan; null while on it (or never on it).
  await db.schema.alterTable('users').addColumn('downgraded_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('downgraded_at').execute();
  await db.schema.alterTable('domains').dropColumn('requires_txt').execute();
  await db.schema.dropTable('domain_claims').execute();
}
