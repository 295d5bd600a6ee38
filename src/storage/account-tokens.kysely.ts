import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** What an account email's link does. */
export type AccountTokenPurpose = 'reset-password' | 'verify-email';

/** A new link's token, by its SHA-256; `email`: the address it is sent to. */
export async function insertAccountToken(
  db: Kysely<Database>,
  input: {
    userId: number;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    email: string;
    expiresAt: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: input.tokenHash,
      email: input.email,
      expires_at: input.expiresAt,
      created_at: input.now,
    })
    .execute();
}

/** The account and address of the token with this hash, if it is for `purpose`, unused and unexpired. */
export async function findUsableAccountToken(
  db: Kysely<Database>,
  input: { tokenHash: string; purpose: AccountTokenPurpose; now: string },
): Promise<{ userId: number; email: string } | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['user_id', 'email'])
    .where('token_hash', '=', input.tokenHash)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email };
}

/**
 * Uses the token with this hash: marks it used, if it is for `purpose`, unused and unexpired, in one
 * conditional update (of two uses at once, one finds it unused). Its account and address; undefined
 * when it was not usable.
 */
export async function useAccountToken(
  db: Kysely<Database>,
  input: { tokenHash: string; purpose: AccountTokenPurpose; now: string },
): Promise<{ userId: number; email: string } | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: input.now })
    .where('token_hash', '=', input.tokenHash)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email };
}

/** Voids the account's unused tokens of `purpose` (they count as used from `now`); how many. */
export async function voidAccountTokens(
  db: Kysely<Database>,
  input: { userId: number; purpose: AccountTokenPurpose; now: string },
): Promise<number> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: input.now })
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the tokens past their expiry, used or not (found through `account_tokens_expiry`). */
export async function deleteExpiredAccountTokens(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
}

export const accountTokenStore = {
  insert: insertAccountToken,
  findUsable: findUsableAccountToken,
  use: useAccountToken,
  voidForUser: voidAccountTokens,
  deleteExpired: deleteExpiredAccountTokens,
};
