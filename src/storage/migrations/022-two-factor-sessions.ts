import type { Kysely } from 'kysely';
import { idColumn } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * Two-factor sign-in and the sessions' devices; only new tables and columns.
 *
 * - `users.totp_secret`: the base32 TOTP secret, set at enrolment and kept while it is on;
 *   `totp_enabled_at`: when it was turned on (null: off, the secret then only a pending one);
 *   `totp_last_step`: the 30-second step of the last code accepted, so no code works twice.
 * - `recovery_codes`: the SHA-256 of each single-use recovery code; `used_at` once spent.
 * - `sign_in_challenges`: a right password of an account with two factors, waiting for its code
 *   (the SHA-256 of the token the browser holds; five minutes; deleted once used).
 * - `server_keys`: keys the service makes once and keeps, by name (the remembered devices' HMAC key).
 * - `sessions.user_agent`, `sessions.ip_address`: the device and address a session signed in from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();

  await idColumn(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_code')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenges_expiry').on('sign_in_challenges').column('expires_at').execute();
  await db.schema.createIndex('sign_in_challenges_user').on('sign_in_challenges').column('user_id').execute();

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
  await db.schema.alterTable('sessions').addColumn('ip_address', 'varchar(45)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip_address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.dropTable('server_keys').execute();
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('users').dropColumn('totp_enabled_at').execute();
  await db.schema.alterTable('users').dropColumn('totp_secret').execute();
}
