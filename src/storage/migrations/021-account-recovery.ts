import { sql, type Kysely } from 'kysely';
import { idColumn } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * Email verification and password resets.
 *
 * `users.email_verified_at`: when the account's address was shown to be its owner's. The accounts
 * that exist already were made before anything could be verified, by the operator or by people who
 * signed up then: they count as verified, from their creation.
 *
 * `account_tokens`: the single-use links of account emails, `purpose` `reset-password` or
 * `verify-email`. Only the SHA-256 of a token is kept (as for sessions and API tokens); `email` is
 * the address the link was sent to, so a verification proves that address and no later one.
 * `used_at` is set when the link is used, or when another use voids it. Found by hash (unique), by
 * account and purpose (voiding the others), and by expiry (the sweep when a new one is made).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(30)').execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
  await idColumn(db, db.schema.createTable('account_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expiry').on('account_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
