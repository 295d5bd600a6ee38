import type { FastifyReply } from 'fastify';
import { AppError } from '../core/errors.ts';
import { releaseAttempt, reserveAttempt, type AttemptSlot, type RateLimiters } from '../services/rate-limits.ts';

// Sign-in attempts are counted per email and address (5 failures in 15 minutes: one account's
// password being guessed) and per address alone (20: many accounts tried from one place). A wrong
// current password when changing it counts the same, so a stolen session cannot guess it; so do
// wrong two-factor codes and recovery codes, at sign-in and wherever a signed-in person gives one.
export function attemptSlots(limits: RateLimiters, email: string, ip: string): [AttemptSlot, AttemptSlot] {
  return [
    { counter: limits.signInFailures, key: `${email.toLowerCase()}|${ip}` },
    { counter: limits.signInFailuresByAddress, key: `ip:${ip}` },
  ];
}

/**
 * Runs a check of a password or code with an attempt taken on both counters first (429 when
 * either is used up), so simultaneous tries get no more checks than the limits allow. A wrong
 * answer (a 422 on one of `failedFields`) keeps both attempts. A success that `settles` the
 * sign-in clears the account's count and gives the address its attempt back; one that does not
 * (a right password that still needs its second factor) gives both back and leaves the failures
 * counted so far, so wrong codes add up with wrong passwords. Anything else (503, a weak new
 * password) gives both back.
 */
export async function countingAttempts<T>(
  slots: [AttemptSlot, AttemptSlot],
  failedFields: readonly string[],
  reply: FastifyReply,
  check: () => Promise<T>,
  settles: (result: T) => boolean = () => true,
): Promise<T> {
  const wait = await reserveAttempt(slots);
  if (wait > 0) {
    reply.header('Retry-After', wait);
    throw new AppError('rate-limited', 'Too many failed sign-ins. Try again later.');
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    const wrong =
      error instanceof AppError &&
      error.code === 'validation-failed' &&
      failedFields.some((field) => error.fieldErrors?.[field]);
    if (!wrong) await releaseAttempt(slots);
    throw error;
  }
  const [account, address] = slots;
  if (settles(result)) await Promise.all([account.counter.clear(account.key), releaseAttempt([address])]);
  else await releaseAttempt(slots);
  return result;
}
