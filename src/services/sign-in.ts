import { createHash, randomBytes } from 'node:crypto';
import { invalidField } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import { credentialFingerprint } from '../core/remembered-device.ts';
import type { Stores } from '../storage/stores.ts';
import { checkCredentials } from './accounts.ts';
import { useSecondFactor, type SecondFactor } from './two-factor.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** How long a right password waits for its second factor. */
export const CHALLENGE_MS = 5 * 60_000;

/** What a remembered device is bound to: the account and its credentials (core/remembered-device.ts). */
export interface DeviceBinding {
  userId: number;
  fingerprint: string;
}

/** The password's outcome: signed in, or a second factor to give within CHALLENGE_MS. */
export type SignInStep =
  { kind: 'signed-in'; user: User } | { kind: 'second-factor'; challenge: string; expiresAt: string };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const EXPIRED = 'This sign-in has expired or was completed already. Enter your email and password again.';

/** The binding of the account's current credentials, for an account with two factors on. */
async function bindingOf(stores: Stores, userId: number): Promise<DeviceBinding | undefined> {
  const state = await stores.twoFactor.state(userId);
  if (!state?.passwordHash || !state.enabledAt) return undefined;
  return { userId, fingerprint: credentialFingerprint(state.passwordHash, state.enabledAt) };
}

/**
 * Checks the email and password (a 422 on `email` otherwise). An account without two factors, or
 * one signing in from a device it asked to remember (`remembered` checks the binding), is signed
 * in; any other gets a challenge: a random token of its own, stored as a hash, single use, bound
 * to the account, alive CHALLENGE_MS.
 */
export async function beginSignIn(
  uow: UnitOfWork,
  input: { email: string; password: string; remembered: (binding: DeviceBinding) => boolean },
  now = new Date(),
): Promise<SignInStep> {
  const user = await checkCredentials(uow, input.email, input.password);
  if (!user.twoFactorEnabled) return { kind: 'signed-in', user };
  const binding = await uow.read((stores) => bindingOf(stores, user.id));
  if (binding && input.remembered(binding)) return { kind: 'signed-in', user };
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS).toISOString();
  await uow.transact(({ stores }) =>
    stores.twoFactor.insertChallenge({ id: hash(token), userId: user.id, expiresAt, now: now.toISOString() }),
  );
  return { kind: 'second-factor', challenge: token, expiresAt };
}

/**
 * The account a live challenge was given to (its email names the sign-in's lock-out); a 422 on
 * `challenge` otherwise.
 */
export async function challengeOwner(uow: UnitOfWork, challenge: string, now = new Date()): Promise<User> {
  const user = await uow.read(async (stores) => {
    const found = await stores.twoFactor.findChallenge(hash(challenge), now.toISOString());
    return found && stores.users.find(found.userId);
  });
  if (!user) throw invalidField('challenge', EXPIRED);
  return user;
}

/**
 * Completes a sign-in with its second factor, in one transaction: the challenge is used up (a 422
 * on `challenge` if another request did, or it expired) and the factor checked and spent. A wrong
 * factor rolls it all back, so the challenge stays for another try. The account, and the binding a
 * device to remember is signed over.
 */
export async function completeSignIn(
  uow: UnitOfWork,
  input: { challenge: string; factor: SecondFactor },
  now = new Date(),
): Promise<{ user: User; binding: DeviceBinding }> {
  return uow.transact(async ({ stores }) => {
    const found = await stores.twoFactor.findChallenge(hash(input.challenge), now.toISOString());
    if (!found || !(await stores.twoFactor.consumeChallenge(hash(input.challenge), now.toISOString())))
      throw invalidField('challenge', EXPIRED);
    await useSecondFactor(stores, found.userId, input.factor, now);
    const user = await stores.users.find(found.userId);
    const binding = await bindingOf(stores, found.userId);
    if (!user || !binding) throw invalidField('challenge', EXPIRED);
    return { user, binding };
  });
}
