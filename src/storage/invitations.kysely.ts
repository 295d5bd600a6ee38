import type { Kysely, Selectable } from 'kysely';
import { isRole, type Role } from '../core/roles.ts';
import { timestamp } from '../core/time.ts';
import type { Database, WorkspaceInvitationsTable } from './schema.ts';
import { normalizeEmail } from './users.kysely.ts';

/** A pending invitation to a workspace (the token itself is only ever stored as its SHA-256). */
export interface Invitation {
  id: number;
  workspaceId: number;
  email: string;
  role: Role;
  invitedBy: number | null;
  expiresAt: string;
  createdAt: string;
}

function toInvitation(row: Selectable<WorkspaceInvitationsTable>): Invitation {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    email: row.email,
    role: isRole(row.role) ? row.role : 'viewer',
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/**
 * A new invitation, or a fresh token and expiry for the one this email already has in this
 * workspace (inviting again resends): one pending invitation per email and workspace.
 */
export async function upsertInvitation(
  db: Kysely<Database>,
  input: { workspaceId: number; email: string; role: Role; tokenHash: string; invitedBy: number; expiresAt: string },
): Promise<Invitation> {
  const values = {
    workspace_id: input.workspaceId,
    email: normalizeEmail(input.email),
    role: input.role,
    token_hash: input.tokenHash,
    invited_by: input.invitedBy,
    expires_at: input.expiresAt,
    created_at: timestamp(),
  };
  const row = await db
    .insertInto('workspace_invitations')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'email']).doUpdateSet({
        role: values.role,
        token_hash: values.token_hash,
        invited_by: values.invited_by,
        expires_at: values.expires_at,
        created_at: values.created_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInvitation(row);
}

export async function findInvitation(db: Kysely<Database>, id: number): Promise<Invitation | undefined> {
  const row = await db.selectFrom('workspace_invitations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toInvitation(row);
}

export async function findInvitationByHash(db: Kysely<Database>, tokenHash: string): Promise<Invitation | undefined> {
  const row = await db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toInvitation(row);
}

/** The workspace's invitations, newest first (expired ones included: the list shows them as such). */
export async function listInvitations(db: Kysely<Database>, workspaceId: number, limit: number): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toInvitation);
}

/** Pending invitations addressed to this email, in any workspace. */
export async function listInvitationsFor(db: Kysely<Database>, email: string, now: string): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(toInvitation);
}

export async function countInvitations(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const row = await db
    .selectFrom('workspace_invitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteInvitation(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('workspace_invitations').where('id', '=', id).execute();
}

export const invitationStore = {
  upsert: upsertInvitation,
  find: findInvitation,
  findByHash: findInvitationByHash,
  list: listInvitations,
  listFor: listInvitationsFor,
  count: countInvitations,
  delete: deleteInvitation,
};
