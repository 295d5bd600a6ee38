import { sql, type Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * An index of dashboard sessions by expiry. Every sign-in sweeps the expired sessions
 * (deleteExpiredSessions) inside its write transaction, and without an index that read every
 * session: on SQLite, every other write waited for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sessions_expiry on sessions (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sessions_expiry`.execute(db);
}
