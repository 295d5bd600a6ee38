import type { Kysely } from 'kysely';
import type { User } from '../core/model.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import type { Database } from './schema.ts';
import { toUser } from './users.kysely.ts';

export interface StoredSession {
  id: string;
  user: User;
  csrfToken: string;
  expiresAt: string;
  lastSeenAt: string;
}

/** A session as its person's list shows it: where it signed in from, and when. */
export interface SessionDevice {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export async function insertSession(
  db: Kysely<Database>,
  input: {
    id: string;
    userId: number;
    csrfToken: string;
    expiresAt: string;
    now: string;
    userAgent?: string | null;
    ipAddress?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: input.id,
      user_id: input.userId,
      csrf_token: input.csrfToken,
      expires_at: input.expiresAt,
      created_at: input.now,
      last_seen_at: input.now,
      user_agent: input.userAgent ?? null,
      ip_address: input.ipAddress ?? null,
    })
    .execute();
}

/** The user's live sessions, newest first (at most MAX_SESSIONS_PER_USER of them, trimmed at each sign-in). */
export async function listUserSessions(db: Kysely<Database>, userId: number, now: string): Promise<SessionDevice[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  }));
}

/** Ends one session of the user; false when the user has no session with that id. */
export async function deleteUserSession(db: Kysely<Database>, userId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findSession(db: Kysely<Database>, id: string): Promise<StoredSession | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.csrf_token',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'users.id as user_id',
      'users.email',
      'users.email_verified_at',
      'users.totp_enabled_at',
      'users.created_at',
      'users.updated_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    user: toUser({
      id: row.user_id,
      email: row.email,
      email_verified_at: row.email_verified_at,
      totp_enabled_at: row.totp_enabled_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }),
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
  };
}

export async function extendSession(db: Kysely<Database>, id: string, expiresAt: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt, last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user, except `keep` (the one changing the password stays signed in). */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, keep?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps the user's session `started` and the newest `keep - 1` others (by creation), ending the
 * rest: the oldest go first. On PostgreSQL the user's row is locked first, so of two sign-ins at
 * once the second counts the first's session.
 */
export async function trimUserSessions(
  db: Kysely<Database>,
  input: { userId: number; started: string; keep: number },
): Promise<number> {
  requireTransaction(db, 'trimUserSessions');
  const { userId, started, keep } = input;
  // NO KEY UPDATE: two trims wait for each other, but not for the key share lock an insert of a
  // session takes on its user (FOR UPDATE would deadlock two sign-ins that both inserted).
  if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  const newest = db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '!=', started)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep - 1);
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', started)
    .where('id', 'not in', newest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The statement that sweeps expired sessions (found through `sessions_expiry`, migration 017). */
export function expiredSessionsDeletion(db: Kysely<Database>, now: string) {
  return db.deleteFrom('sessions').where('expires_at', '<', now);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<void> {
  await expiredSessionsDeletion(db, now).execute();
}

export const sessionStore = {
  insert: insertSession,
  find: findSession,
  extend: extendSession,
  delete: deleteSession,
  listForUser: listUserSessions,
  deleteForUserById: deleteUserSession,
  deleteForUser: deleteUserSessions,
  trimForUser: trimUserSessions,
  deleteExpired: deleteExpiredSessions,
};
