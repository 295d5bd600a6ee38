import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { ChangePasswordBody, CreateTokenBody, Credentials, SettingsBody } from '../schemas/account.ts';
import { IdParams } from '../schemas/common.ts';
import { changePassword, checkCredentials, createUser, getSettings, updateSettings } from '../services/accounts.ts';
import { releaseAttempt, reserveAttempt, type AttemptSlot, type RateLimiters } from '../services/rate-limits.ts';
import { createUserToken, listUserTokens, revokeUserToken } from '../services/tokens.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { AccountMail } from './account-mail.ts';
import { planFeatures } from './features.ts';
import type { LiveClicks } from './live.ts';
import { assertCsrf, sessionPrincipal, type SessionStore } from './sessions.ts';

/** The Fastify instance the plugin's route groups are added to, typed from their schemas. */
type DashboardApp = Parameters<FastifyPluginAsyncTypebox>[0];

interface DashboardRoutesOptions {
  uow: UnitOfWork;
  sessions: SessionStore;
  limits: RateLimiters;
  live: LiveClicks;
  accountMail: AccountMail;
}

/** The few endpoints only the dashboard needs: accounts, sessions and token management. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardRoutesOptions> = async (app, options) => {
  registerSignUpAndSignIn(app, options);
  registerSessionRoutes(app, options);
  registerSettings(app, options);
  registerTokens(app, options);
};

/**
 * The signed-in person as the dashboard starts from: who, the session's CSRF token, the workspace
 * shown (with their role there and what its plan offers) and every workspace they belong to.
 */
async function me(uow: UnitOfWork, principal: Principal, csrfToken: string) {
  const { user, workspace, role } = principal;
  const workspaces = await uow.read((stores) => stores.workspaces.listFor(user.id));
  return {
    user: { id: user.id, email: user.email, plan: workspace.plan, email_verified: user.emailVerified },
    workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug, plan: workspace.plan, role },
    workspaces: workspaces.map((each) => ({
      id: each.workspace.id,
      name: each.workspace.name,
      slug: each.workspace.slug,
      role: each.role,
    })),
    csrf_token: csrfToken,
    features: planFeatures(workspace.plan),
  };
}

/** The request's session and the person acting in the workspace it names; 401 without a session. */
async function requirePrincipal(uow: UnitOfWork, sessions: SessionStore, request: FastifyRequest) {
  const session = await requireSession(sessions, request);
  return { session, principal: await sessionPrincipal(uow, request, session) };
}

/** The request's session, or a 401; a request that changes something must carry its CSRF token. */
export async function requireSession(sessions: SessionStore, request: FastifyRequest) {
  const session = await sessions.current(request);
  if (!session) throw new AppError('unauthenticated', 'Unauthenticated.');
  assertCsrf(request, session.csrfToken);
  return session;
}

// Sign-in attempts are counted per email and address (5 failures in 15 minutes: one account's
// password being guessed) and per address alone (20: many accounts tried from one place). A wrong
// current password when changing it counts the same, so a stolen session cannot guess it.
function attemptSlots(limits: RateLimiters, email: string, ip: string): [AttemptSlot, AttemptSlot] {
  return [
    { counter: limits.signInFailures, key: `${email.toLowerCase()}|${ip}` },
    { counter: limits.signInFailuresByAddress, key: `ip:${ip}` },
  ];
}

/**
 * Runs a password check with an attempt taken on both counters first (429 when either is used
 * up), so simultaneous tries get no more hashes than the limits allow. A wrong password (the 422
 * of `failedField`) keeps both attempts; the right one clears the account's count and gives the
 * address its attempt back; anything else (503, a weak new password) gives both back.
 */
async function countingAttempts<T>(
  slots: [AttemptSlot, AttemptSlot],
  failedField: string,
  reply: FastifyReply,
  check: () => Promise<T>,
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
    const wrong = error instanceof AppError && error.code === 'validation-failed' && error.fieldErrors?.[failedField];
    if (!wrong) await releaseAttempt(slots);
    throw error;
  }
  const [account, address] = slots;
  await Promise.all([account.counter.clear(account.key), releaseAttempt([address])]);
  return result;
}

/** Signing up, signing in and changing the password: the routes that check a password. */
function registerSignUpAndSignIn(app: DashboardApp, options: DashboardRoutesOptions): void {
  const { uow, sessions, limits, accountMail } = options;
  app.post('/signup', { schema: { hide: true, body: Credentials } }, async (request, reply) => {
    const decision = await limits.signUps.consume(`ip:${request.ip}`);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      throw new AppError('rate-limited', 'Too many new accounts from this address. Try again later.');
    }
    const user = await createUser(uow, { email: request.body.email, plan: 'free', password: request.body.password });
    const csrf = await sessions.start(reply, user);
    // After the account's commit, in the background: a mail server's trouble never fails a sign-up.
    accountMail.sendVerification(user.id);
    return reply.code(201).send(await me(uow, await sessionPrincipal(uow, request, { id: '', user }), csrf));
  });

  app.post('/signin', { schema: { hide: true, body: Credentials } }, async (request, reply) => {
    const slots = attemptSlots(limits, request.body.email, request.ip);
    const user = await countingAttempts(slots, 'email', reply, () =>
      checkCredentials(uow, request.body.email, request.body.password),
    );
    const csrf = await sessions.start(reply, user);
    return me(uow, await sessionPrincipal(uow, request, { id: '', user }), csrf);
  });

  // The other sessions of the user end; this one stays signed in.
  app.post('/password', { schema: { hide: true, body: ChangePasswordBody } }, async (request, reply) => {
    const session = await requireSession(sessions, request);
    const slots = attemptSlots(limits, session.user.email, request.ip);
    await countingAttempts(slots, 'current_password', reply, () =>
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

/** Signing out, the session's person, and their live clicks. */
function registerSessionRoutes(app: DashboardApp, { uow, sessions, live }: DashboardRoutesOptions): void {
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
    const { session, principal } = await requirePrincipal(uow, sessions, request);
    return me(uow, principal, session.csrfToken);
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
