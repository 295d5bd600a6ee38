import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import QRCode from 'qrcode';
import { invalidField } from '../core/errors.ts';
import {
  SignInTwoFactorBody,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorSetupBody,
} from '../schemas/two-factor.ts';
import type { RateLimiters } from '../services/rate-limits.ts';
import { challengeOwner, completeSignIn } from '../services/sign-in.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
  type SecondFactor,
} from '../services/two-factor.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { attemptSlots, countingAttempts } from './attempts.ts';
import { me } from './me.ts';
import type { RememberedDevices } from './remembered-devices.ts';
import { requireSession, type SessionStore } from './sessions.ts';

type DashboardApp = Parameters<FastifyPluginAsyncTypebox>[0];

interface TwoFactorRoutesOptions {
  uow: UnitOfWork;
  sessions: SessionStore;
  limits: RateLimiters;
  devices: RememberedDevices;
}

/**
 * Two-factor sign-in (docs/api.md, "Two-factor sign-in"): enrolment, recovery codes, turning it
 * off, and the sign-in's second step.
 */
export const twoFactorRoutes: FastifyPluginAsyncTypebox<TwoFactorRoutesOptions> = async (app, options) => {
  registerEnrolment(app, options);
  registerChanges(app, options);
  registerSignInStep(app, options);
};

/** Exactly one of a code of the app and a recovery code; a 422 on `code` otherwise (not a try: nothing was checked). */
function factorOf(body: { code?: string | undefined; recovery_code?: string | undefined }): SecondFactor {
  if ((body.code === undefined) === (body.recovery_code === undefined))
    throw invalidField('code', 'Enter the code your authenticator app shows, or one of your recovery codes.');
  return body.code !== undefined ? { code: body.code } : { recoveryCode: body.recovery_code! };
}

/** Where the account stands, and setting it up: a pending secret, then a code of it turns it on. */
function registerEnrolment(app: DashboardApp, { uow, sessions, limits }: TwoFactorRoutesOptions): void {
  app.get('/two-factor', { schema: { hide: true } }, async (request) => {
    const session = await requireSession(sessions, request);
    const status = await uow.read((stores) => twoFactorStatus(stores, session.user.id));
    return { enabled: status.enabled, recovery_codes_left: status.recoveryCodesLeft };
  });

  // The password again: a session left open on a shared computer must not enrol someone else's phone.
  app.post('/two-factor/setup', { schema: { hide: true, body: TwoFactorSetupBody } }, async (request, reply) => {
    const session = await requireSession(sessions, request);
    const slots = attemptSlots(limits, session.user.email, request.ip);
    const { secret, uri } = await countingAttempts(slots, ['password'], reply, () =>
      startEnrolment(uow, session.user, request.body.password),
    );
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauth_uri: uri, qr_svg: qrSvg };
  });

  // Not counted as tries: the code is one of the secret this session was just shown.
  app.post('/two-factor/enable', { schema: { hide: true, body: TwoFactorCodeBody } }, async (request) => {
    const session = await requireSession(sessions, request);
    return { recovery_codes: await enableTwoFactor(uow, session.user.id, request.body.code) };
  });
}

/** A new set of recovery codes, and turning two factors off: each takes a code, counted like a password. */
function registerChanges(app: DashboardApp, { uow, sessions, limits }: TwoFactorRoutesOptions): void {
  app.post(
    '/two-factor/recovery-codes',
    { schema: { hide: true, body: TwoFactorCodeBody } },
    async (request, reply) => {
      const session = await requireSession(sessions, request);
      const slots = attemptSlots(limits, session.user.email, request.ip);
      const codes = await countingAttempts(slots, ['code'], reply, () =>
        regenerateRecoveryCodes(uow, session.user.id, request.body.code),
      );
      return { recovery_codes: codes };
    },
  );

  app.post('/two-factor/disable', { schema: { hide: true, body: TwoFactorDisableBody } }, async (request, reply) => {
    const session = await requireSession(sessions, request);
    const factor = factorOf(request.body);
    const slots = attemptSlots(limits, session.user.email, request.ip);
    await countingAttempts(slots, ['password', 'code', 'recovery_code'], reply, () =>
      disableTwoFactor(uow, session.user, { password: request.body.password, factor }),
    );
    return reply.code(204).send(null);
  });
}

/**
 * The second step of a sign-in whose password was right: the challenge it answered and a code or
 * a recovery code. Wrong ones count against the account's and the address's lock-outs like wrong
 * passwords; the right one starts the session, and remembers the browser when asked.
 */
function registerSignInStep(app: DashboardApp, { uow, sessions, limits, devices }: TwoFactorRoutesOptions): void {
  app.post('/signin/two-factor', { schema: { hide: true, body: SignInTwoFactorBody } }, async (request, reply) => {
    const factor = factorOf(request.body);
    const owner = await challengeOwner(uow, request.body.challenge);
    const slots = attemptSlots(limits, owner.email, request.ip);
    const { user, binding } = await countingAttempts(slots, ['code', 'recovery_code'], reply, () =>
      completeSignIn(uow, { challenge: request.body.challenge, factor }),
    );
    if (request.body.remember_device) devices.remember(reply, binding);
    return me(uow, request, user, await sessions.start(request, reply, user));
  });
}
