import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { DomainError, invalidField } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import { ABILITIES, type Ability } from '../core/plans.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { issueToken } from '../services/tokens.ts';
import type { Database } from '../storage/schema.ts';
import { findTokenById, listTokens, revokeToken } from '../storage/tokens.kysely.ts';
import { findUserByEmail, insertUser } from '../storage/users.kysely.ts';
import { planFeatures } from './features.ts';
import { assertCsrf, type SessionStore } from './sessions.ts';

const Credentials = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320 }), password: Type.String({ minLength: 8, maxLength: 200 }) },
  { additionalProperties: false },
);

// A fixed hash to compare against when the email is unknown, so a miss costs as long as a hit.
const DUMMY_HASH = await hashPassword('not a real password');

/** The few endpoints only the dashboard needs: accounts, sessions and token management. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database>; sessions: SessionStore }> = async (app, { db, sessions }) => {
  // 5 failed sign-ins per email and address in 15 minutes, then 429 until the window passes.
  const failures = new RateLimiterMemory({ points: 5, duration: 15 * 60, keyPrefix: 'signin' });
  const me = (user: User, csrfToken: string) => ({ user: { id: user.id, email: user.email, plan: user.plan }, csrf_token: csrfToken, features: planFeatures(user.plan) });

  async function requireSession(request: FastifyRequest) {
    const session = await sessions.current(request);
    if (!session) throw new DomainError('unauthenticated', 'Unauthenticated.');
    assertCsrf(request, session.csrfToken);
    return session;
  }

  app.post('/signup', { schema: { hide: true, body: Credentials } }, async (request, reply) => {
    const user = await insertUser(db, { email: request.body.email, plan: 'free', passwordHash: await hashPassword(request.body.password) });
    return reply.code(201).send(me(user, await sessions.start(reply, user)));
  });

  app.post('/signin', { schema: { hide: true, body: Credentials } }, async (request, reply) => {
    const key = `${request.body.email.toLowerCase()}|${request.ip}`;
    const state = await failures.get(key);
    if (state && state.consumedPoints >= 5) {
      reply.header('Retry-After', Math.ceil(state.msBeforeNext / 1000));
      throw new DomainError('rate-limited', 'Too many failed sign-ins. Try again later.');
    }
    const user = await findUserByEmail(db, request.body.email);
    const ok = await verifyPassword(request.body.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !user.passwordHash || !ok) {
      await failures.penalty(key, 1);
      throw invalidField('email', 'These credentials do not match our records.');
    }
    await failures.delete(key);
    return me(user, await sessions.start(reply, user));
  });

  app.post('/signout', { schema: { hide: true } }, async (request, reply) => {
    await requireSession(request);
    await sessions.end(request, reply);
    return reply.code(204).send(null);
  });

  app.get('/me', { schema: { hide: true } }, async (request) => {
    const session = await requireSession(request);
    return me(session.user, session.csrfToken);
  });

  app.get('/tokens', { schema: { hide: true } }, async (request) => {
    const session = await requireSession(request);
    return { data: (await listTokens(db, session.user.id)).map((t) => ({ id: t.id, name: t.name, abilities: t.abilities, last_used_at: t.lastUsedAt, created_at: t.createdAt })) };
  });

  app.post('/tokens', {
    schema: { hide: true, body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), abilities: Type.Array(Type.Union(ABILITIES.map((a) => Type.Literal(a))), { minItems: 1 }) }, { additionalProperties: false }) },
  }, async (request, reply) => {
    const session = await requireSession(request);
    const { token, plaintext } = await issueToken(db, { userId: session.user.id, name: request.body.name, abilities: [...new Set(request.body.abilities as Ability[])] });
    return reply.code(201).send({ id: token.id, name: token.name, abilities: token.abilities, last_used_at: null, created_at: token.createdAt, token: plaintext });
  });

  app.delete('/tokens/:id', { schema: { hide: true, params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) } }, async (request, reply) => {
    const session = await requireSession(request);
    const token = await findTokenById(db, request.params.id);
    if (!token || token.revokedAt) throw new DomainError('not-found', 'Token not found.');
    if (token.userId !== session.user.id) throw new DomainError('forbidden', 'This token does not belong to you.');
    await revokeToken(db, token.id);
    return reply.code(204).send(null);
  });
};
