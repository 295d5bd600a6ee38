import type { Kysely, Selectable } from 'kysely';
import type { User, Workspace } from '../core/model.ts';
import { isPlan, type Plan } from '../core/plans.ts';
import { isRole, type Role } from '../core/roles.ts';
import { timestamp } from '../core/time.ts';
import { requireTransaction } from './errors.ts';
import { toUser } from './users.kysely.ts';
import { isPostgres } from './engine.ts';
import type { Database, WorkspacesTable } from './schema.ts';

export function toWorkspace(row: Selectable<WorkspacesTable>): Workspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: isPlan(row.plan) ? row.plan : 'free',
    requireTwoFactor: Boolean(row.require_two_factor),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A new workspace; `slug` must be free (see `slugTaken`). */
export async function insertWorkspace(
  db: Kysely<Database>,
  input: { name: string; slug: string; plan: Plan },
): Promise<Workspace> {
  const now = timestamp();
  const row = await db
    .insertInto('workspaces')
    .values({ name: input.name, slug: input.slug, plan: input.plan, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWorkspace(row);
}

export async function findWorkspace(db: Kysely<Database>, id: number): Promise<Workspace | undefined> {
  const row = await db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toWorkspace(row);
}

export async function findWorkspaceBySlug(db: Kysely<Database>, slug: string): Promise<Workspace | undefined> {
  const row = await db.selectFrom('workspaces').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && toWorkspace(row);
}

/** Which of these slugs are taken already. */
export async function takenSlugs(db: Kysely<Database>, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db.selectFrom('workspaces').select('slug').where('slug', 'in', slugs).execute();
  return new Set(rows.map((row) => row.slug));
}

export async function updateWorkspace(
  db: Kysely<Database>,
  id: number,
  changes: { name?: string; slug?: string; requireTwoFactor?: boolean },
): Promise<Workspace> {
  const row = await db
    .updateTable('workspaces')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.slug === undefined ? {} : { slug: changes.slug }),
      ...(changes.requireTwoFactor === undefined ? {} : { require_two_factor: changes.requireTwoFactor ? 1 : 0 }),
      updated_at: timestamp(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWorkspace(row);
}

/** The plan and when the workspace left Business (null while on it). */
export async function findPlanState(
  db: Kysely<Database>,
  id: number,
): Promise<{ plan: Plan; downgradedAt: string | null } | undefined> {
  const row = await db
    .selectFrom('workspaces')
    .select(['plan', 'downgraded_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { plan: isPlan(row.plan) ? row.plan : 'free', downgradedAt: row.downgraded_at };
}

/** Changes the plan; `downgradedAt`: when the workspace left Business (null while on it). */
export async function setWorkspacePlan(
  db: Kysely<Database>,
  id: number,
  plan: Plan,
  downgradedAt: string | null,
): Promise<Workspace> {
  const row = await db
    .updateTable('workspaces')
    .set({ plan, downgraded_at: downgradedAt, updated_at: timestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWorkspace(row);
}

/** The workspace's settings: today, whether links localise storefronts unless they say. */
export interface WorkspaceSettings {
  localizeDefault: boolean;
}

export async function findWorkspaceSettings(db: Kysely<Database>, id: number): Promise<WorkspaceSettings> {
  const row = await db
    .selectFrom('workspaces')
    .select('localize_default')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { localizeDefault: Boolean(row.localize_default) };
}

export async function updateWorkspaceSettings(
  db: Kysely<Database>,
  id: number,
  settings: WorkspaceSettings,
): Promise<void> {
  await db
    .updateTable('workspaces')
    .set({ localize_default: settings.localizeDefault ? 1 : 0, updated_at: timestamp() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the workspace and, by cascade, what it still owns (links go first, in chunks: link-deletion.ts). */
export async function deleteWorkspace(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('workspaces').where('id', '=', id).execute();
}

export interface Member {
  user: User;
  role: Role;
  joinedAt: string;
}

export async function insertMember(
  db: Kysely<Database>,
  input: { workspaceId: number; userId: number; role: Role },
): Promise<void> {
  const now = timestamp();
  await db
    .insertInto('workspace_members')
    .values({
      workspace_id: input.workspaceId,
      user_id: input.userId,
      role: input.role,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The user's role in the workspace; undefined for a non-member. */
export async function findRole(db: Kysely<Database>, workspaceId: number, userId: number): Promise<Role | undefined> {
  const row = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && isRole(row.role) ? row.role : undefined;
}

/** The workspace's members, owner first, then by when they joined. Bounded by MAX_MEMBERS. */
export async function listMembers(db: Kysely<Database>, workspaceId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select([
      'users.id',
      'users.email',
      'users.email_verified_at',
      'users.totp_enabled_at',
      'users.created_at',
      'users.updated_at',
      'workspace_members.role',
      'workspace_members.created_at as joined_at',
    ])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .orderBy('workspace_members.created_at')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    user: toUser(row),
    role: isRole(row.role) ? row.role : 'viewer',
    joinedAt: row.joined_at,
  }));
}

export async function countMembers(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const row = await db
    .selectFrom('workspace_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function setRole(db: Kysely<Database>, workspaceId: number, userId: number, role: Role): Promise<void> {
  await db
    .updateTable('workspace_members')
    .set({ role, updated_at: timestamp() })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Kysely<Database>, workspaceId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Serialises changes to one workspace's members until the transaction ends, so that two of them
 * (two owners each leaving) cannot both see the other still there. SQLite's write transaction
 * already runs alone; PostgreSQL locks the workspace's row.
 */
export async function lockMembers(db: Kysely<Database>, workspaceId: number): Promise<void> {
  requireTransaction(db, 'lockMembers');
  if (isPostgres(db))
    await db.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
}

/** The workspaces the user belongs to, with their role, by name. */
export async function listWorkspacesOf(
  db: Kysely<Database>,
  userId: number,
): Promise<Array<{ workspace: Workspace; role: Role }>> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .selectAll('workspaces')
    .select('workspace_members.role')
    .where('workspace_members.user_id', '=', userId)
    .orderBy('workspaces.name')
    .orderBy('workspaces.id')
    .limit(1_000)
    .execute();
  return rows.map((row) => ({ workspace: toWorkspace(row), role: isRole(row.role) ? row.role : 'viewer' }));
}

export const workspaceStore = {
  insert: insertWorkspace,
  find: findWorkspace,
  findBySlug: findWorkspaceBySlug,
  takenSlugs,
  update: updateWorkspace,
  planState: findPlanState,
  setPlan: setWorkspacePlan,
  settings: findWorkspaceSettings,
  updateSettings: updateWorkspaceSettings,
  delete: deleteWorkspace,
  insertMember,
  role: findRole,
  members: listMembers,
  countMembers,
  setRole,
  deleteMember,
  lockMembers,
  listFor: listWorkspacesOf,
};
