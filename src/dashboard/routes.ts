import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../core/errors.ts';
import { parseUserAgent } from '../clicks/user-agent.ts';
import { ChangePasswordBody, CreateTokenBody, Credentials, SettingsBody } from '../schemas/account.ts';
import { IdParams } from '../schemas/common.ts';
import { SessionParams } from '../schemas/two-factor.ts';
import { changePassword, createUser, getSettings, updateSettings } from '../services/accounts.ts';
import type { RateLimiters } from '../services/rate-limits.ts';
import { beginSignIn } from '../services/sign-in.ts';
import { createUserToken, listUserTokens, revokeUserToken } from '../services/tokens.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { attemptSlots, countingAttempts } from './attempts.ts';
import type { LiveClicks } from './live.ts';
import { me } from './me.ts';
import type { RememberedDevices } from './remembered-devices.ts';
import { requirePrincipal, requireSession, type ListedSession, type SessionStore } from './sessions.ts';
import type { AccountMail } from './account-mail.ts';

/** The Fastify instance the plugin's route groups are added to, typed from their schemas. */
type DashboardApp = Parameters<FastifyPluginAsyncTypebox>[0];

interface DashboardRoutesOptions {
  uow: UnitOfWork;
  sessions: SessionStore;
  limits: RateLimiters;
  live: LiveClicks;
  devices: RememberedDevices;
  accountMail: AccountMail;
}

/** The few endpoints only the dashboard needs: accounts, sessions and token management. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardRoutesOptions> = async (app, options) => {
  registerSignUpAndSignIn(app, options);
  registerSessionRoutes(app, options);
  registerSettings(app, options);
  registerTokens(app, options);
};

/** Signing up, signing in and changing the password: the routes that check a password. */
function registerSignUpAndSignIn(app: DashboardApp, options: DashboardRoutesOptions): void {
  const { uow, sessions, limits, devices, accountMail } = options;
  app.post('/signup', { schema: { hide: true, body: Credentials } }, async (request, reply) => {
    const decision = await limits.signUps.consume(`ip:${request.ip}`);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      throw new AppError('rate-limited', 'Too many new accounts from this address. Try again later.');
    }
    const user = await createUser(uow, { email: request.body.email, plan: 'free', password: request.body.password });
    const csrf = await sessions.start(request, reply, user);
    // After the account's commit, in the background: a mail server's trouble never fails a sign-up.
    accountMail.sendVerification(user.id);
    return reply.code(201).send(await me(uow, request, user, csrf));
  });

  // With two factors on, a right password answers a challenge for the code (no session yet), unless
  // this browser is a remembered device of the account; it leaves the failures counted so far.
  app.post('/signin', { schema: { hide: true, body: Credentials } }, async (request, reply) => {
    const slots = attemptSlots(limits, request.body.email, request.ip);
    const { email, password } = request.body;
    const step = await countingAttempts(
      slots,
      ['email'],
      reply,
      () => beginSignIn(uow, { email, password, remembered: (binding) => devices.remembers(request, binding) }),
      (outcome) => outcome.kind === 'signed-in',
    );
    if (step.kind === 'second-factor')
      return { two_factor_required: true, challenge: step.challenge, expires_at: step.expiresAt };
    return me(uow, request, step.user, await sessions.start(request, reply, step.user));
  });

  // The other sessions of the user end; this one stays signed in.
  app.post('/password', { schema: { hide: true, body: ChangePasswordBody } }, async (request, reply) => {
    const session = await requireSession(sessions, request);
    const slots = attemptSlots(limits, session.user.email, request.ip);
    await countingAttempts(slots, ['current_password'], reply, () =>
      changePassword(uow, {
        userId: session.user.id,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        keepSession: session.id,
      }),
    );
    return reply.code(204).send(null);
  });
}

/** A session in its person's list: the device it signed in from (parsed from its user agent), the address, when. */
function sessionResource(session: ListedSession) {
  const agent = session.userAgent === null ? undefined : parseUserAgent(session.userAgent);
  return {
    id: session.handle,
    browser: agent?.browser ?? null,
    os: agent?.os ?? null,
    device: agent?.device ?? null,
    user_agent: session.userAgent,
    ip_address: session.ipAddress,
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    current: session.current,
  };
}

/** Signing out (here, one session, everywhere), the sessions, the session's person, and their live clicks. */
function registerSessionRoutes(app: DashboardApp, { uow, sessions, live }: DashboardRoutesOptions): void {
  app.get('/sessions', { schema: { hide: true } }, async (request) => {
    const session = await requireSession(sessions, request);
    return { data: (await sessions.list(session.user.id, session.id)).map(sessionResource) };
  });

  // Another person's session is a 404, as one that does not exist: its name says nothing to them.
  app.delete('/sessions/:id', { schema: { hide: true, params: SessionParams } }, async (request, reply) => {
    const session = await requireSession(sessions, request);
    await sessions.endOne(session.user.id, request.params.id, session.id, reply);
    return reply.code(204).send(null);
  });

  app.post('/signout-everywhere', { schema: { hide: true } }, async (request, reply) => {
    const session = await requireSession(sessions, request);
    await sessions.endEverywhere(session.user.id, reply);
    return reply.code(204).send(null);
  });

  app.post('/signout', { schema: { hide: true } }, async (request, reply) => {
    await requireSession(sessions, request);
    await sessions.end(request, reply);
    return reply.code(204).send(null);
  });

  app.get('/me', { schema: { hide: true } }, async (request) => {
    const session = await requireSession(sessions, request);
    return me(uow, request, session.user, session.csrfToken);
  });

  // Server-sent events: `clicks` with the ids of the person's links that just got clicks.
  app.get('/live', { schema: { hide: true } }, async (request, reply) => {
    const { principal } = await requirePrincipal(uow, sessions, request);
    reply.hijack();
    live.open(principal.workspace.id, reply.raw);
  });
}

/** The account's settings. */
function registerSettings(app: DashboardApp, { uow, sessions }: DashboardRoutesOptions): void {
  app.get('/settings', { schema: { hide: true } }, async (request) => {
    const { principal } = await requirePrincipal(uow, sessions, request);
    const settings = await uow.read((stores) => getSettings(stores, principal));
    return { localize_default: settings.localizeDefault };
  });

  app.patch('/settings', { schema: { hide: true, body: SettingsBody } }, async (request) => {
    const { principal } = await requirePrincipal(uow, sessions, request);
    const settings = await uow.transact((work) =>
      updateSettings(work, principal, { localizeDefault: request.body.localize_default }),
    );
    return { localize_default: settings.localizeDefault };
  });
}

/** The person's API tokens: listed, created (the plaintext shown once) and revoked. */
function registerTokens(app: DashboardApp, { uow, sessions }: DashboardRoutesOptions): void {
  app.get('/tokens', { schema: { hide: true } }, async (request) => {
    const { principal } = await requirePrincipal(uow, sessions, request);
    const tokens = await uow.read((stores) => listUserTokens(stores, principal));
    return {
      data: tokens.map((t) => ({
        id: t.id,
        name: t.name,
        abilities: t.abilities,
        hint: t.hint,
        last_used_at: t.lastUsedAt,
        created_at: t.createdAt,
      })),
    };
  });

  app.post('/tokens', { schema: { hide: true, body: CreateTokenBody } }, async (request, reply) => {
    const { principal } = await requirePrincipal(uow, sessions, request);
    const { token, plaintext } = await uow.transact((work) => createUserToken(work, principal, request.body));
    return reply.code(201).send({
      id: token.id,
      name: token.name,
      abilities: token.abilities,
      hint: token.hint,
      last_used_at: null,
      created_at: token.createdAt,
      token: plaintext,
    });
  });

  app.delete('/tokens/:id', { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const { principal } = await requirePrincipal(uow, sessions, request);
    await uow.transact((work) => revokeUserToken(work, principal, request.params.id));
    return reply.code(204).send(null);
  });
}
