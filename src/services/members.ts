import { createHash, randomBytes } from 'node:crypto';
import { AppError, invalidField } from '../core/errors.ts';
import type { Principal, User, Workspace } from '../core/model.ts';
import { assertMay, type Role } from '../core/roles.ts';
import type { Invitation } from '../storage/invitations.kysely.ts';
import type { Stores } from '../storage/stores.ts';
import type { Member } from '../storage/workspaces.kysely.ts';
import { audit } from './audit.ts';
import type { Work } from './unit-of-work.ts';

export const INVITATION_DAYS = 7;
/** Members and pending invitations a workspace may have: bounds on every list the dashboard shows. */
export const MAX_MEMBERS = 500;
export const MAX_PENDING_INVITATIONS = 100;

const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function listMembers(stores: Stores, principal: Principal): Promise<Member[]> {
  return stores.workspaces.members(principal.workspace.id);
}

/**
 * Which roles `actor` may hand out: admins give member and viewer, the owner admin too. Nobody gives
 * owner this way: ownership moves only by transfer, so a workspace always has exactly one owner.
 */
function assertMayGrant(actor: Role, role: Role): void {
  assertMay(actor, 'members.manage');
  if (role === 'owner') throw invalidField('role', 'Ownership moves only by transfer: POST /workspace/transfer.');
  if (role === 'admin') assertMay(actor, 'workspace.own');
}

/** Whether `actor` may change or remove a member who has `role`: admins only those below admin. */
function assertMayManage(actor: Role, role: Role): void {
  assertMay(actor, 'members.manage');
  if (role === 'owner') throw new AppError('forbidden', "The owner's role changes only by a transfer of ownership.");
  if (role === 'admin') assertMay(actor, 'workspace.own');
}

async function memberOrThrow(stores: Stores, workspaceId: number, userId: number): Promise<Role> {
  const role = await stores.workspaces.role(workspaceId, userId);
  if (!role) throw new AppError('not-found', 'Member not found.');
  return role;
}

export async function changeRole(work: Work, principal: Principal, userId: number, role: Role): Promise<void> {
  await work.stores.workspaces.lockMembers(principal.workspace.id);
  const current = await memberOrThrow(work.stores, principal.workspace.id, userId);
  if (userId === principal.user.id) throw new AppError('forbidden', 'You cannot change your own role.');
  assertMayManage(principal.role, current);
  assertMayGrant(principal.role, role);
  if (current === role) return;
  await work.stores.workspaces.setRole(principal.workspace.id, userId, role);
  const change = { action: 'member.role_changed', resourceType: 'member', resourceId: userId, fields: ['role'] };
  await audit(work, principal, change);
}

/** Removes a member (admins: those below admin; the owner: anyone else); a member may always leave. */
export async function removeMember(work: Work, principal: Principal, userId: number): Promise<void> {
  await work.stores.workspaces.lockMembers(principal.workspace.id);
  const current = await memberOrThrow(work.stores, principal.workspace.id, userId);
  const leaving = userId === principal.user.id;
  if (leaving && current === 'owner') {
    throw new AppError('forbidden', 'The owner cannot leave: transfer ownership first, or delete the workspace.');
  }
  if (!leaving) assertMayManage(principal.role, current);
  await work.stores.workspaces.deleteMember(principal.workspace.id, userId);
  const action = leaving ? 'member.left' : 'member.removed';
  await audit(work, principal, { action, resourceType: 'member', resourceId: userId });
}

/** The owner hands the workspace to another member, and becomes an admin of it. */
export async function transferOwnership(work: Work, principal: Principal, userId: number): Promise<void> {
  assertMay(principal.role, 'workspace.own');
  await work.stores.workspaces.lockMembers(principal.workspace.id);
  await memberOrThrow(work.stores, principal.workspace.id, userId);
  if (userId === principal.user.id) throw invalidField('user_id', 'You own this workspace already.');
  await work.stores.workspaces.setRole(principal.workspace.id, userId, 'owner');
  await work.stores.workspaces.setRole(principal.workspace.id, principal.user.id, 'admin');
  const change = {
    action: 'workspace.ownership_transferred',
    resourceType: 'member',
    resourceId: userId,
    fields: ['role'],
  };
  await audit(work, principal, change);
}

export function listInvitations(stores: Stores, principal: Principal): Promise<Invitation[]> {
  assertMay(principal.role, 'members.manage');
  return stores.invitations.list(principal.workspace.id, MAX_PENDING_INVITATIONS);
}

/**
 * Invites `email` with `role`; inviting the same email again sends a fresh link (the old one stops
 * working). Returns the token, which only the email (or the CLI, without mail) carries: it is
 * stored as its SHA-256.
 */
export async function invite(
  work: Work,
  principal: Principal,
  input: { email: string; role: Role },
): Promise<{ invitation: Invitation; token: string }> {
  assertMayGrant(principal.role, input.role);
  if (!principal.user.emailVerified) {
    throw new AppError('forbidden', 'Verify your email address before inviting anyone.');
  }
  const { stores } = work;
  const workspaceId = principal.workspace.id;
  await stores.workspaces.lockMembers(workspaceId);
  const existing = await stores.users.findByEmail(input.email);
  if (existing && (await stores.workspaces.role(workspaceId, existing.id))) {
    throw invalidField('email', 'This person is already a member of the workspace.');
  }
  if ((await stores.invitations.count(workspaceId)) >= MAX_PENDING_INVITATIONS) {
    throw invalidField(
      'email',
      `A workspace can have at most ${MAX_PENDING_INVITATIONS} invitations; revoke some first.`,
    );
  }
  if ((await stores.workspaces.countMembers(workspaceId)) >= MAX_MEMBERS) {
    throw invalidField('email', `A workspace can have at most ${MAX_MEMBERS} members.`);
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000).toISOString();
  const invitation = await stores.invitations.upsert({
    workspaceId,
    email: input.email,
    role: input.role,
    tokenHash: hashInvitationToken(token),
    invitedBy: principal.user.id,
    expiresAt,
  });
  await audit(work, principal, { action: 'member.invited', resourceType: 'invitation', resourceId: invitation.id });
  return { invitation, token };
}

export async function revokeInvitation(work: Work, principal: Principal, id: number): Promise<void> {
  const invitation = await work.stores.invitations.find(id);
  if (!invitation) throw new AppError('not-found', 'Invitation not found.');
  if (invitation.workspaceId !== principal.workspace.id) {
    throw new AppError('forbidden', 'This invitation does not belong to this workspace.');
  }
  assertMayManage(principal.role, invitation.role);
  await work.stores.invitations.delete(id);
  await audit(work, principal, { action: 'invitation.revoked', resourceType: 'invitation', resourceId: id });
}

/** The invitation a link carries, if it is still good: 404 once used, revoked or expired. */
async function pendingInvitation(stores: Stores, token: string): Promise<Invitation> {
  const invitation = await stores.invitations.findByHash(hashInvitationToken(token));
  if (!invitation || Date.parse(invitation.expiresAt) <= Date.now()) {
    throw new AppError('not-found', 'This invitation is no longer valid: it was used, revoked or has expired.');
  }
  return invitation;
}

/** What an invitation link shows before it is accepted: the workspace, the role and who it is for. */
export async function describeInvitation(
  stores: Stores,
  token: string,
): Promise<{ invitation: Invitation; workspace: Workspace }> {
  const invitation = await pendingInvitation(stores, token);
  const workspace = await stores.workspaces.find(invitation.workspaceId);
  if (!workspace) throw new AppError('not-found', 'This invitation is no longer valid.');
  return { invitation, workspace };
}

/**
 * The signed-in user joins with the invitation's role. Refused when signed in as another email than
 * the one invited, and for an account whose email is not verified (the invitation proves only that
 * someone reads that inbox).
 */
export async function acceptInvitation(
  work: Work,
  user: User,
  token: string,
  address: string | null,
): Promise<Workspace> {
  const { invitation, workspace } = await describeInvitation(work.stores, token);
  if (invitation.email !== user.email.toLowerCase()) {
    throw new AppError(
      'forbidden',
      `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign in with that address.`,
    );
  }
  if (!user.emailVerified) throw new AppError('forbidden', 'Verify your email address before joining a workspace.');
  await work.stores.workspaces.lockMembers(workspace.id);
  await work.stores.invitations.delete(invitation.id);
  if (!(await work.stores.workspaces.role(workspace.id, user.id))) {
    await work.stores.workspaces.insertMember({ workspaceId: workspace.id, userId: user.id, role: invitation.role });
  }
  const joined = { user, workspace, role: invitation.role, address, tokenId: null };
  await audit(
    work,
    { ...joined, abilities: new Set(), via: 'session', sessionId: null },
    {
      action: 'member.joined',
      resourceType: 'member',
      resourceId: user.id,
    },
  );
  return workspace;
}

/** The invited person says no: the invitation goes. Anyone holding the link may decline it. */
export async function declineInvitation(work: Work, token: string): Promise<void> {
  const invitation = await pendingInvitation(work.stores, token);
  await work.stores.invitations.delete(invitation.id);
}
