import type { Kysely } from 'kysely';
import { invalidField } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import { isPlan, type Plan } from '../core/plans.ts';
import { timestamp } from '../core/time.ts';
import { isUniqueViolation } from './errors.ts';
import type { Database, UsersTable } from './schema.ts';

type UserRow = Omit<UsersTable, 'id'> & { id: number };

export function toUser(
  row: Pick<UserRow, 'id' | 'email' | 'plan' | 'created_at' | 'updated_at'> & {
    totp_enabled_at: string | null | undefined;
  },
): User {
  return {
    id: row.id,
    email: row.email,
    plan: isPlan(row.plan) ? row.plan : 'free',
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
  input: { email: string; plan: Plan; passwordHash?: string | null },
): Promise<User> {
  const now = timestamp();
  try {
    const row = await db
      .insertInto('users')
      .values({
        email: normalizeEmail(input.email),
        plan: input.plan,
        password_hash: input.passwordHash ?? null,
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
): Promise<(User & { passwordHash: string | null; downgradedAt: string | null }) | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row && { ...toUser(row), passwordHash: row.password_hash, downgradedAt: row.downgraded_at };
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

/** Changes the plan; `downgradedAt`: when the user left Business (null while on it). */
export async function setUserPlan(
  db: Kysely<Database>,
  id: number,
  plan: Plan,
  downgradedAt: string | null = null,
): Promise<User> {
  const row = await db
    .updateTable('users')
    .set({ plan, downgraded_at: downgradedAt, updated_at: timestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** The account's settings: today, whether links localise storefronts unless they say. */
export interface UserSettings {
  localizeDefault: boolean;
}

export async function findUserSettings(db: Kysely<Database>, id: number): Promise<UserSettings> {
  const row = await db.selectFrom('users').select('localize_default').where('id', '=', id).executeTakeFirstOrThrow();
  return { localizeDefault: Boolean(row.localize_default) };
}

export async function updateUserSettings(db: Kysely<Database>, id: number, settings: UserSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ localize_default: settings.localizeDefault ? 1 : 0, updated_at: timestamp() })
    .where('id', '=', id)
    .execute();
}

export const userStore = {
  insert: insertUser,
  findByEmail: findUserByEmail,
  find: findUserById,
  setPlan: setUserPlan,
  passwordHash: findUserPasswordHash,
  setPassword: setUserPassword,
  settings: findUserSettings,
  updateSettings: updateUserSettings,
};
