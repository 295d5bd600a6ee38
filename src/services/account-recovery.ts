import { createHash, randomBytes } from 'node:crypto';
import { AppError, invalidField } from '../core/errors.ts';
import type { AccountTokenPurpose } from '../storage/account-tokens.kysely.ts';
import { normalizeEmail } from '../storage/users.kysely.ts';
import { accountLine, assertAcceptablePassword } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

/** How long a link to reset a password works. */
export const RESET_LINK_LIFETIME_MS = 3_600_000;
/** How long a link to verify an address works. */
export const VERIFY_LINK_LIFETIME_MS = 7 * 86_400_000;

/** The same words for a link that never was, was used, was voided or has expired: which one is nobody's business. */
export const UNUSABLE_LINK = 'This link does not work any more: it was used already or has expired. Ask for a new one.';

/** A link's token for one address: the plaintext (only ever in the email or the CLI's output) and its expiry. */
export interface IssuedToken {
  to: string;
  token: string;
  expiresAt: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, stored as their SHA-256; the expired tokens of every account are swept first. */
async function issue(
  work: Work,
  user: { id: number; email: string },
  purpose: AccountTokenPurpose,
  lifetimeMs: number,
  now: Date,
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + lifetimeMs).toISOString();
  await work.stores.accountTokens.deleteExpired(now.toISOString());
  await work.stores.accountTokens.insert({
    userId: user.id,
    purpose,
    tokenHash: hashOf(token),
    email: user.email,
    expiresAt,
    now: now.toISOString(),
  });
  return { to: user.email, token, expiresAt };
}

/**
 * A link to reset the password of the account with this address; undefined when no account has it
 * (the caller must answer the same either way). Earlier links stay usable until one is used.
 */
export async function issuePasswordReset(
  work: Work,
  email: string,
  now = new Date(),
): Promise<IssuedToken | undefined> {
  const user = await work.stores.users.findByEmail(email);
  return user && issue(work, user, 'reset-password', RESET_LINK_LIFETIME_MS, now);
}

/** A link to verify the account's address; undefined when it is verified already (or the account is gone). */
export async function issueEmailVerification(
  work: Work,
  userId: number,
  now = new Date(),
): Promise<IssuedToken | undefined> {
  const user = await work.stores.users.find(userId);
  if (!user || user.emailVerified) return undefined;
  return issue(work, user, 'verify-email', VERIFY_LINK_LIFETIME_MS, now);
}

/**
 * Sets a new password with a reset link. The link is checked before anything is hashed (a wrong
 * one costs no KDF run), the new password meets sign-up's rules (a 422 on `new_password`, the link
 * still usable), and the hash is made outside the transaction. In one unit of work then: the link
 * is used (of two uses at once, one fails with the 422 on `token`), the password set, the account's
 * other reset links voided and every session of the account ended.
 */
export async function resetPassword(uow: UnitOfWork, input: { token: string; newPassword: string }): Promise<void> {
  const tokenHash = hashOf(input.token);
  const found = await uow.read((stores) =>
    stores.accountTokens.findUsable({ tokenHash, purpose: 'reset-password', now: new Date().toISOString() }),
  );
  if (!found) throw invalidField('token', UNUSABLE_LINK);
  await assertAcceptablePassword(input.newPassword, 'new_password');
  const passwordHash = await hashPassword(input.newPassword, accountLine(found.userId));
  await uow.transact(async ({ stores }) => {
    const now = new Date().toISOString();
    const used = await stores.accountTokens.use({ tokenHash, purpose: 'reset-password', now });
    if (!used) throw invalidField('token', UNUSABLE_LINK);
    await stores.users.setPassword(used.userId, passwordHash);
    await stores.accountTokens.voidForUser({ userId: used.userId, purpose: 'reset-password', now });
    await stores.sessions.deleteForUser(used.userId);
  });
}

/**
 * Verifies the address a verification link was sent to, if it is still the account's: the link is
 * used and the account's other verification links voided. Verified already is no error.
 */
export async function verifyEmail(work: Work, token: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const used = await work.stores.accountTokens.use({ tokenHash: hashOf(token), purpose: 'verify-email', now: at });
  const user = used && (await work.stores.users.find(used.userId));
  if (!used || !user || user.email !== normalizeEmail(used.email)) throw invalidField('token', UNUSABLE_LINK);
  await work.stores.users.markEmailVerified({ id: user.id, email: user.email, at });
  await work.stores.accountTokens.voidForUser({ userId: user.id, purpose: 'verify-email', now: at });
}

/**
 * The operator vouches for the address of the account with this email (`hoplink user verify-email`:
 * an instance without SMTP_URL has no other way); its verification links are voided.
 */
export async function markEmailVerified(
  work: Work,
  email: string,
  now = new Date(),
): Promise<{ id: number; email: string }> {
  const user = await work.stores.users.findByEmail(email);
  if (!user) throw new AppError('not-found', `No user with email ${email}.`);
  const at = now.toISOString();
  await work.stores.users.markEmailVerified({ id: user.id, email: user.email, at });
  await work.stores.accountTokens.voidForUser({ userId: user.id, purpose: 'verify-email', now: at });
  return { id: user.id, email: user.email };
}
