import { randomBytes } from 'node:crypto';
import { Secret } from 'otpauth';
import { AppError, invalidField } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
} from '../core/recovery-codes.ts';
import { checkTotp, totpUri } from '../core/totp.ts';
import type { Stores } from '../storage/stores.ts';
import { assertCurrentPassword } from './accounts.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

/** What proves the second factor: a code of the authenticator app, or one of the recovery codes. */
export type SecondFactor = { code: string } | { recoveryCode: string };

const ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to set it up again.';
const NOT_ON = 'Two-factor sign-in is not on.';
const WRONG_CODE = 'This code is not correct. Check that your phone’s clock is right, or use a recovery code.';
const MALFORMED_CODE = 'Enter the 6-digit code your authenticator app shows.';
const REPLAYED_CODE = 'This code has been used already. Wait for the next one.';
const WRONG_RECOVERY_CODE = 'This recovery code is not correct, or has been used already.';

/** A 422 on `code` for a TOTP check that failed. */
function codeRefused(reason: 'malformed' | 'wrong' | 'replayed'): AppError {
  return invalidField('code', { malformed: MALFORMED_CODE, wrong: WRONG_CODE, replayed: REPLAYED_CODE }[reason]);
}

/** A new set of recovery codes, as shown once, and their hashes as stored. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(RECOVERY_CODE_BYTES)));
  return { codes, hashes: codes.map((code) => recoveryCodeHash(normalizeRecoveryCode(code)!)) };
}

/**
 * Checks the second factor of an account that has two factors on and uses it up: a code's step is
 * recorded (a step no later than the last one is a replay), a recovery code is marked used. A 422
 * on `code` or `recovery_code` otherwise. Runs inside the caller's transaction.
 */
export async function useSecondFactor(stores: Stores, userId: number, factor: SecondFactor, now: Date): Promise<void> {
  const state = await stores.twoFactor.state(userId);
  if (!state?.enabledAt || !state.secret) throw new AppError('conflict', NOT_ON);
  if ('recoveryCode' in factor) {
    const normalized = normalizeRecoveryCode(factor.recoveryCode);
    const used =
      normalized !== undefined &&
      (await stores.twoFactor.useRecoveryCode({ userId, hash: recoveryCodeHash(normalized), now: now.toISOString() }));
    if (!used) throw invalidField('recovery_code', WRONG_RECOVERY_CODE);
    return;
  }
  const check = checkTotp({
    secret: state.secret,
    code: factor.code,
    atMs: now.getTime(),
    lastUsedStep: state.lastUsedStep,
  });
  if (!check.ok) throw codeRefused(check.reason);
  // Another request may have used this step since the state was read: the update decides.
  if (!(await stores.twoFactor.recordStep(userId, check.step))) throw codeRefused('replayed');
}

/**
 * Enrolment's first step, for a person who gives their password: a new secret, kept pending until
 * a code of it turns two factors on (enableTwoFactor). A new setup replaces a pending secret.
 */
export async function startEnrolment(
  uow: UnitOfWork,
  user: User,
  password: string,
): Promise<{ secret: string; uri: string }> {
  if (user.twoFactorEnabled) throw new AppError('conflict', ALREADY_ON);
  await assertCurrentPassword(uow, user.id, password, 'password');
  // 160 bits, the size RFC 4226 recommends and the HMAC-SHA-1 key length.
  const secret = new Secret({ size: 20 }).base32;
  const kept = await uow.transact(({ stores }) => stores.twoFactor.setPendingSecret(user.id, secret));
  if (!kept) throw new AppError('conflict', ALREADY_ON);
  return { secret, uri: totpUri(secret, user.email) };
}

/** Turns two factors on with a code of the pending secret; the recovery codes, to be shown once. */
export async function enableTwoFactor(uow: UnitOfWork, userId: number, code: string, now = new Date()) {
  return uow.transact(async ({ stores }) => {
    const state = await stores.twoFactor.state(userId);
    if (state?.enabledAt) throw new AppError('conflict', ALREADY_ON);
    if (!state?.secret)
      throw new AppError('conflict', 'Set up two-factor sign-in first: there is no secret to confirm.');
    const check = checkTotp({ secret: state.secret, code, atMs: now.getTime(), lastUsedStep: null });
    if (!check.ok) throw codeRefused(check.reason);
    const iso = now.toISOString();
    if (!(await stores.twoFactor.enable({ userId, secret: state.secret, step: check.step, now: iso })))
      throw new AppError('conflict', ALREADY_ON);
    const { codes, hashes } = newRecoveryCodes();
    await stores.twoFactor.replaceRecoveryCodes({ userId, hashes, now: iso });
    return codes;
  });
}

/** A new set of recovery codes for a code of the app; the old ones, used or not, stop working. */
export async function regenerateRecoveryCodes(uow: UnitOfWork, userId: number, code: string, now = new Date()) {
  return uow.transact(async ({ stores }) => {
    await useSecondFactor(stores, userId, { code }, now);
    const { codes, hashes } = newRecoveryCodes();
    await stores.twoFactor.replaceRecoveryCodes({ userId, hashes, now: now.toISOString() });
    return codes;
  });
}

/** Turns two factors off, for the password and a code (or a recovery code, the phone lost). */
export async function disableTwoFactor(
  uow: UnitOfWork,
  user: User,
  input: { password: string; factor: SecondFactor },
  now = new Date(),
): Promise<void> {
  if (!user.twoFactorEnabled) throw new AppError('conflict', NOT_ON);
  await assertCurrentPassword(uow, user.id, input.password, 'password');
  await uow.transact(async ({ stores }) => {
    await useSecondFactor(stores, user.id, input.factor, now);
    await stores.twoFactor.disable(user.id, now.toISOString());
  });
}

/**
 * The operator turns two factors off for a person who lost both the phone and the recovery codes
 * (hoplink user reset-two-factor); false when they were not on.
 */
export async function resetTwoFactor(work: Work, email: string): Promise<boolean> {
  const user = await work.stores.users.findByEmail(email);
  if (!user) throw new AppError('not-found', `No user with email ${email}.`);
  if (!user.twoFactorEnabled) return false;
  await work.stores.twoFactor.disable(user.id, new Date().toISOString());
  return true;
}

/** Whether two factors are on, and how many recovery codes are left unused. */
export async function twoFactorStatus(stores: Stores, userId: number) {
  const state = await stores.twoFactor.state(userId);
  const enabled = Boolean(state?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? await stores.twoFactor.unusedRecoveryCodes(userId) : 0 };
}
