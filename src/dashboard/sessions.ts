import type {} from '@fastify/cookie';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ABILITIES } from '../core/plans.ts';
import { AppError } from '../core/errors.ts';
import type { Principal, User } from '../core/model.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { workspaceForUser } from '../services/workspaces.ts';
import { abilitiesUnderRole, assertTwoFactorRule } from '../core/roles.ts';
import type { SessionDevice } from '../storage/sessions.kysely.ts';

export const SESSION_COOKIE = 'hoplink_session';
export const CSRF_HEADER = 'x-csrf-token';
const LIFETIME_MS = 30 * 86_400_000;
const EXTEND_AFTER_MS = 3_600_000;
/** Live sessions a user may have: a sign-in past it ends the oldest (a script signing in without end leaves 20). */
export const MAX_SESSIONS_PER_USER = 20;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
/** The longest user agent kept with a session (the column's size); longer ones are cut. */
const USER_AGENT_CHARS = 512;

/**
 * How a session is named outside the server (its person's list, DELETE /sessions/:id): derived
 * from the stored id, never the id itself, which is the lookup key of the cookie.
 */
export function sessionHandle(id: string): string {
  return createHash('sha256').update(`handle:${id}`).digest('base64url').slice(0, 22);
}

/** A session in its person's list: where it signed in from, when, and whether it is the one asking. */
export interface ListedSession extends Omit<SessionDevice, 'id'> {
  handle: string;
  current: boolean;
}

/**
 * Dashboard sessions, stored server-side: the cookie holds 256 random bits, the database only
 * their SHA-256. 30 days, sliding (extended at most hourly so a page view is not a write). At most
 * MAX_SESSIONS_PER_USER live per user: the oldest ends when a new one starts, in the same unit of work.
 */
export class SessionStore {
  readonly #uow: UnitOfWork;
  readonly #secure: boolean;

  constructor(uow: UnitOfWork, appUrl: string) {
    this.#uow = uow;
    this.#secure = appUrl.startsWith('https:');
  }

  /** Starts a session for `user` on the device and address of `request`; its CSRF token. */
  async start(request: FastifyRequest, reply: FastifyReply, user: User): Promise<string> {
    const value = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + LIFETIME_MS).toISOString();
    const id = hash(value);
    await this.#uow.transact(async ({ stores }) => {
      // Sign-ins are rare enough to sweep expired sessions here instead of running a timer.
      await stores.sessions.deleteExpired(now.toISOString());
      await stores.sessions.insert({
        id,
        userId: user.id,
        csrfToken,
        expiresAt,
        now: now.toISOString(),
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_CHARS) || null,
        ipAddress: request.ip,
      });
      await stores.sessions.trimForUser({ userId: user.id, started: id, keep: MAX_SESSIONS_PER_USER });
    });
    reply.setCookie(SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secure,
      path: '/',
      maxAge: LIFETIME_MS / 1000,
    });
    return csrfToken;
  }

  async current(request: FastifyRequest): Promise<{ id: string; user: User; csrfToken: string } | undefined> {
    const value = request.cookies[SESSION_COOKIE];
    if (!value) return undefined;
    const session = await this.#uow.read((stores) => stores.sessions.find(hash(value)));
    const now = Date.now();
    if (!session || Date.parse(session.expiresAt) <= now) return undefined;
    if (now - Date.parse(session.lastSeenAt) >= EXTEND_AFTER_MS) {
      const expiresAt = new Date(now + LIFETIME_MS).toISOString();
      await this.#uow.transact(({ stores }) =>
        stores.sessions.extend(session.id, expiresAt, new Date(now).toISOString()),
      );
    }
    return session;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const value = request.cookies[SESSION_COOKIE];
    if (value) await this.#uow.transact(({ stores }) => stores.sessions.delete(hash(value)));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** The user's live sessions, newest first; `currentId` is the one asking. */
  async list(userId: number, currentId: string): Promise<ListedSession[]> {
    const sessions = await this.#uow.read((stores) => stores.sessions.listForUser(userId, new Date().toISOString()));
    return sessions.map(({ id, ...device }) => ({ ...device, handle: sessionHandle(id), current: id === currentId }));
  }

  /**
   * Ends the user's session named `handle` (a 404 when the user has none by that name: another
   * person's is not theirs to see); ending the one asking also clears its cookie.
   */
  async endOne(userId: number, handle: string, current: string, reply: FastifyReply): Promise<void> {
    const ended = await this.#uow.transact(async ({ stores }) => {
      const sessions = await stores.sessions.listForUser(userId, new Date().toISOString());
      const session = sessions.find((s) => sessionHandle(s.id) === handle);
      return session && (await stores.sessions.deleteForUserById(userId, session.id)) ? session.id : undefined;
    });
    if (!ended) throw new AppError('not-found', 'No such session.');
    if (ended === current) reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Signs the user out on every device and browser, this one included. */
  async endEverywhere(userId: number, reply: FastifyReply): Promise<void> {
    await this.#uow.transact(({ stores }) => stores.sessions.deleteForUser(userId));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}

/** The request's session, or a 401; a request that changes something must carry its CSRF token. */
export async function requireSession(sessions: SessionStore, request: FastifyRequest) {
  const session = await sessions.current(request);
  if (!session) throw new AppError('unauthenticated', 'Unauthenticated.');
  assertCsrf(request, session.csrfToken);
  return session;
}

/** The request's session and the person acting in the workspace it names; 401 without a session. */
export async function requirePrincipal(uow: UnitOfWork, sessions: SessionStore, request: FastifyRequest) {
  const session = await requireSession(sessions, request);
  return { session, principal: await sessionPrincipal(uow, request, session) };
}

/** Changing state with a cookie needs the session's CSRF token in a header a foreign page cannot set. */
export function assertCsrf(request: FastifyRequest, csrfToken: string): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const sent = request.headers[CSRF_HEADER];
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const expected = Buffer.from(csrfToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('forbidden', 'CSRF token mismatch.');
}

/** The header the dashboard names the workspace it shows with (its slug, from the page's address). */
export const WORKSPACE_HEADER = 'x-hoplink-workspace';

/**
 * The slug a request names: its header, or, on a GET without it, `?workspace=` (the dashboard's live
 * updates come through an EventSource, which cannot send headers).
 */
function requestedWorkspace(request: FastifyRequest): string | undefined {
  const header = request.headers[WORKSPACE_HEADER];
  const query =
    request.method === 'GET' ? (request.query as { workspace?: unknown } | undefined)?.workspace : undefined;
  const value = header ?? query;
  return typeof value === 'string' && value.length > 0 && value.length <= 48 ? value : undefined;
}

/**
 * The signed-in person acting in the workspace the request names (their personal one by default):
 * every ability their role there allows, no API plan needed.
 */
export async function sessionPrincipal(
  uow: UnitOfWork,
  request: FastifyRequest,
  session: { id: string; user: User },
  { enforceTwoFactor = true } = {},
): Promise<Principal> {
  const { workspace, role } = await uow.read((stores) =>
    workspaceForUser(stores, session.user, requestedWorkspace(request)),
  );
  // The dashboard's own /me still answers, so that the page can say why and lead to enrolment.
  if (enforceTwoFactor) assertTwoFactorRule(workspace, session.user);
  return {
    user: session.user,
    workspace,
    role,
    abilities: abilitiesUnderRole(ABILITIES, role),
    via: 'session',
    tokenId: null,
    sessionId: session.id,
    address: request.ip,
  };
}

/** Lets the dashboard call /api/v1 with its cookie, in the workspace it names. */
export function sessionAuthenticator(sessions: SessionStore, uow: UnitOfWork) {
  return async (request: FastifyRequest): Promise<Principal | undefined> => {
    if (request.headers.authorization) return undefined;
    const session = await sessions.current(request);
    if (!session) return undefined;
    assertCsrf(request, session.csrfToken);
    return sessionPrincipal(uow, request, session);
  };
}
