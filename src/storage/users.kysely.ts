import type { Kysely } from 'kysely';
import { invalidField } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import { timestamp } from '../core/time.ts';
import { isUniqueViolation } from './errors.ts';
import type { Database, UsersTable } from './schema.ts';

type UserRow = Omit<UsersTable, 'id'> & { id: number };

export function toUser(
  row: Pick<UserRow, 'id' | 'email' | 'created_at' | 'updated_at'> & {
    email_verified_at: string | null;
    totp_enabled_at: string | null | undefined;
  },
): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified_at != null,
    twoFactorEnabled: row.totp_enabled_at != null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function insertUser(
  db: Kysely<Database>,
  input: { email: string; passwordHash?: string | null; emailVerified?: boolean },
): Promise<User> {
  const now = timestamp();
  try {
    const row = await db
      .insertInto('users')
      .values({
        email: normalizeEmail(input.email),
        password_hash: input.passwordHash ?? null,
        personal_workspace_id: null,
        email_verified_at: input.emailVerified ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw invalidField('email', 'The email has already been taken.');
    }
    throw error;
  }
}

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<(User & { passwordHash: string | null; personalWorkspaceId: number | null }) | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row && { ...toUser(row), passwordHash: row.password_hash, personalWorkspaceId: row.personal_workspace_id };
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** The stored password hash (null for users the CLI made without one); undefined for no such user. */
export async function findUserPasswordHash(db: Kysely<Database>, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

export async function setUserPassword(db: Kysely<Database>, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: timestamp() })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the address verified, if it is still the account's address and not verified yet; whether
 * it did. `at`: the time to record.
 */
export async function markUserEmailVerified(
  db: Kysely<Database>,
  input: { id: number; email: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: input.at, updated_at: input.at })
    .where('id', '=', input.id)
    .where('email', '=', normalizeEmail(input.email))
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The workspace made for the user at sign-up (null once it is deleted). */
export async function findPersonalWorkspaceId(db: Kysely<Database>, id: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('personal_workspace_id').where('id', '=', id).executeTakeFirst();
  return row?.personal_workspace_id ?? null;
}

/** Whether the workspace is some user's personal one. */
export async function isSomeonesPersonalWorkspace(db: Kysely<Database>, workspaceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('personal_workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPersonalWorkspace(db: Kysely<Database>, id: number, workspaceId: number): Promise<void> {
  await db.updateTable('users').set({ personal_workspace_id: workspaceId }).where('id', '=', id).execute();
}

export const userStore = {
  insert: insertUser,
  findByEmail: findUserByEmail,
  find: findUserById,
  passwordHash: findUserPasswordHash,
  setPassword: setUserPassword,
  markEmailVerified: markUserEmailVerified,
  personalWorkspaceId: findPersonalWorkspaceId,
  setPersonalWorkspace,
  hasAsPersonal: isSomeonesPersonalWorkspace,
};
