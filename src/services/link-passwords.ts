import type { Principal } from '../core/model.ts';
import { assertBusiness } from '../core/plans.ts';
import { hashPassword } from './passwords.ts';

/** A link request whose write-only `password` has been replaced by its hash (undefined: not sent). */
export type WithPasswordHash<T extends { password?: string | null }> = Omit<T, 'password'> & {
  passwordHash?: string | null;
  /** Never the plaintext: the compiler catches a caller that forgot to hash. */
  password?: never;
};

/**
 * Hashes a link's new password BEFORE the unit of work starts: scrypt takes tens of milliseconds,
 * and a transaction waiting on it would hold SQLite's write lock all that time. The plan is
 * checked first (403) so a Pro token never costs a hash. null removes the password.
 */
export async function hashLinkPassword<T extends { password?: string | null }>(
  principal: Principal,
  input: T,
): Promise<WithPasswordHash<T>> {
  const { password, ...rest } = input;
  if (password === undefined) return rest;
  assertBusiness(principal.workspace.plan, 'Password protection');
  return {
    ...rest,
    passwordHash: password === null ? null : await hashPassword(password, `links:${principal.workspace.id}`),
  };
}
