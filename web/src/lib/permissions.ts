// What the person may do in the workspace shown, by their role there (me.workspace.role), so a page
// offers only what the server would allow: the same table as the server's (src/core/roles.ts). The
// server checks again and refuses with a 403 whatever a page shows.
import { may, type Permission, type Role } from '../../../src/core/roles.ts';
import type { Me } from './types.ts';

/** Whether the person's role in the shown workspace allows `permission`. */
export function can(me: Me, permission: Permission): boolean {
  return may(me.workspace.role, permission);
}

/** The roles `actor` may give in an invitation or a role change: admins member and viewer, the owner admin too. */
export function grantableRoles(actor: Role): Role[] {
  if (!may(actor, 'members.manage')) return [];
  return may(actor, 'workspace.own') ? ['admin', 'member', 'viewer'] : ['member', 'viewer'];
}

/**
 * Whether `actor` may change the role of, or remove, another member who has `target`: admins those
 * below admin, the owner everyone else. Nobody changes the owner (ownership moves by transfer) or themself.
 */
export function mayManageMember(actor: Role, target: Role): boolean {
  if (target === 'owner' || !may(actor, 'members.manage')) return false;
  return target !== 'admin' || may(actor, 'workspace.own');
}

/** A role as the pages name it. */
export const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' };
