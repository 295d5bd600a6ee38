import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { AppError } from '../core/errors.ts';
import { ForgotPasswordBody, ResetPasswordBody, VerifyEmailBody } from '../schemas/account.ts';
import { resetPassword, verifyEmail } from '../services/account-recovery.ts';
import type { RateLimiter, RateLimiters } from '../services/rate-limits.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { normalizeEmail } from '../storage/users.kysely.ts';
import type { AccountMail } from './account-mail.ts';
import { requireSession } from './sessions.ts';
import { SESSION_COOKIE, type SessionStore } from './sessions.ts';

interface AccountRecoveryOptions {
  uow: UnitOfWork;
  sessions: SessionStore;
  limits: RateLimiters;
  accountMail: AccountMail;
}

/** What a reset asked for answers, whether an account has the address or not. */
export const RESET_REQUESTED =
  'If an account uses this address, an email with a link to choose a new password is on its way. ' +
  'The link works for an hour.';

/**
 * Forgotten passwords and email verification (docs/dashboard.md, "Accounts"): the links come by
 * email, and the pages they open call these. Every answer here is the same for an address no
 * account has: the work that depends on it happens after the answer (AccountMail).
 */
export const accountRecoveryRoutes: FastifyPluginAsyncTypebox<AccountRecoveryOptions> = async (app, options) => {
  const { uow, sessions, limits, accountMail } = options;

  // Signed out too: the forgotten-password page says whether this instance can send the link.
  app.get('/config', { schema: { hide: true } }, async () => ({ email_configured: accountMail.configured }));

  app.post('/password/forgot', { schema: { hide: true, body: ForgotPasswordBody } }, async (request, reply) => {
    if (!accountMail.configured)
      throw new AppError('not-configured', 'This Hoplink sends no email: ask its operator for a reset link.');
    await throttle(reply, limits.passwordResetsByAddress, `ip:${request.ip}`);
    await throttle(reply, limits.passwordResetsByEmail, normalizeEmail(request.body.email));
    accountMail.sendPasswordReset(request.body.email);
    return reply.code(202).send({ message: RESET_REQUESTED });
  });

  // Every session of the account ends, this browser's too: it signs in with the new password.
  app.post('/password/reset', { schema: { hide: true, body: ResetPasswordBody } }, async (request, reply) => {
    await resetPassword(uow, { token: request.body.token, newPassword: request.body.new_password });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send(null);
  });

  // The link proves the address; no session is needed (it may be opened on another device).
  app.post('/verify-email', { schema: { hide: true, body: VerifyEmailBody } }, async (request, reply) => {
    await uow.transact((work) => verifyEmail(work, request.body.token));
    return reply.code(204).send(null);
  });

  app.post('/verify-email/resend', { schema: { hide: true } }, async (request, reply) => {
    const { user } = await requireSession(sessions, request);
    if (user.emailVerified) throw new AppError('conflict', 'Your email address is verified already.');
    if (!accountMail.configured)
      throw new AppError('not-configured', 'This Hoplink sends no email: ask its operator to verify your address.');
    await throttle(reply, limits.verificationEmails, `user:${user.id}`);
    accountMail.sendVerification(user.id);
    return reply.code(202).send({ message: `A new link is on its way to ${user.email}. It works for 7 days.` });
  });
};

/** One request on `limiter` for `key`, or a 429 with Retry-After. */
async function throttle(reply: FastifyReply, limiter: RateLimiter, key: string): Promise<void> {
  const decision = await limiter.consume(key);
  if (decision.allowed) return;
  reply.header('Retry-After', decision.retryAfterSeconds);
  throw new AppError('rate-limited', 'Too many emails asked for. Try again later.');
}
