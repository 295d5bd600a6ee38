import type { Kysely } from 'kysely';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';

/** An account's second factor as stored: its secret (pending while `enabledAt` is null) and the last step used. */
export interface TwoFactorState {
  email: string;
  passwordHash: string | null;
  secret: string | null;
  enabledAt: string | null;
  lastUsedStep: number | null;
}

export async function findTwoFactorState(db: Kysely<Database>, userId: number): Promise<TwoFactorState | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'password_hash', 'totp_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      email: row.email,
      passwordHash: row.password_hash,
      secret: row.totp_secret,
      enabledAt: row.totp_enabled_at,
      // PostgreSQL's driver may give an integer column as text.
      lastUsedStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    }
  );
}

/** Keeps a new secret for enrolment; only while two factors are off (false otherwise). */
export async function setPendingSecret(db: Kysely<Database>, userId: number, secret: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_last_step: null })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns the pending secret on, with the step of the code that proved it; false if it was on already. */
export async function enableTwoFactor(
  db: Kysely<Database>,
  input: { userId: number; secret: string; step: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_enabled_at: input.now, totp_last_step: input.step, updated_at: input.now })
    .where('id', '=', input.userId)
    .where('totp_secret', '=', input.secret)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a code's step as used, only if it is later than the last one: of two requests with the
 * same code, one updates the row and the other finds nothing to update (false: a replay).
 */
export async function recordTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns two factors off: the secret, its last step and every recovery code go. */
export async function disableTwoFactor(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  requireTransaction(db, 'disableTwoFactor');
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}

/** The user's recovery codes become these (SHA-256 hashes); the old ones, used or not, go. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  input: { userId: number; hashes: string[]; now: string },
): Promise<void> {
  requireTransaction(db, 'replaceRecoveryCodes');
  await db.deleteFrom('recovery_codes').where('user_id', '=', input.userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(input.hashes.map((hash) => ({ user_id: input.userId, code_hash: hash, created_at: input.now })))
    .execute();
}

/** Spends one unused recovery code of the user; false when there is no such unused code. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  input: { userId: number; hash: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: input.now })
    .where('user_id', '=', input.userId)
    .where('code_hash', '=', input.hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A right password waiting for its second factor; expired ones are swept first (sign-ins are rare enough). */
export async function insertSignInChallenge(
  db: Kysely<Database>,
  input: { id: string; userId: number; expiresAt: string; now: string },
): Promise<void> {
  requireTransaction(db, 'insertSignInChallenge');
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', input.now).execute();
  await db
    .insertInto('sign_in_challenges')
    .values({ id: input.id, user_id: input.userId, expires_at: input.expiresAt, created_at: input.now })
    .execute();
}

/** The account a live challenge belongs to; undefined when there is none or it has expired. */
export async function findSignInChallenge(
  db: Kysely<Database>,
  id: string,
  now: string,
): Promise<{ userId: number } | undefined> {
  const row = await db
    .selectFrom('sign_in_challenges')
    .select('user_id')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { userId: row.user_id };
}

/** Uses a live challenge up: true for the one request that deletes it. */
export async function consumeSignInChallenge(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sign_in_challenges')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const twoFactorStore = {
  state: findTwoFactorState,
  setPendingSecret,
  enable: enableTwoFactor,
  recordStep: recordTotpStep,
  disable: disableTwoFactor,
  replaceRecoveryCodes,
  useRecoveryCode,
  unusedRecoveryCodes: countUnusedRecoveryCodes,
  insertChallenge: insertSignInChallenge,
  findChallenge: findSignInChallenge,
  consumeChallenge: consumeSignInChallenge,
};
