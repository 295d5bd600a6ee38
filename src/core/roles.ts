import { AppError } from './errors.ts';
import type { Ability } from './plans.ts';

/** A member's role in a workspace, lowest first: a higher role may do all that a lower one may. */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function roleAtLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/**
 * What a workspace's members may do, and the least role for each (docs/teams.md, "Roles"). Reading
 * the workspace's links, statistics and settings, and owning API tokens, needs only membership.
 */
export const PERMISSIONS = {
  /** Create, update and delete links, categories and tags; imports; link checks. */
  'links.write': 'member',
  /** Custom domains, affiliate tags, webhooks, conversion settings, the workspace's link defaults and QR logo. */
  'settings.manage': 'admin',
  /** Invite and remove members, change roles below admin; read the audit log. */
  'members.manage': 'admin',
  /** Make admins, transfer ownership, rename or delete the workspace. */
  'workspace.own': 'owner',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof PERMISSIONS;

const DENIED: Record<Permission, string> = {
  'links.write': 'A viewer cannot change links; ask an admin of this workspace for the member role.',
  'settings.manage': "Only this workspace's admins and owner can manage its domains, tags, webhooks and QR logo.",
  'members.manage': "Only this workspace's admins and owner can manage its members and read its audit log.",
  'workspace.own': "Only this workspace's owner can do this.",
};

export function may(role: Role, permission: Permission): boolean {
  return roleAtLeast(role, PERMISSIONS[permission]);
}

/** Throws forbidden (403) when `role` may not do `permission`. */
export function assertMay(role: Role, permission: Permission): void {
  if (!may(role, permission)) throw new AppError('forbidden', DENIED[permission]);
}

/**
 * The abilities a credential keeps under its holder's role: a viewer reads, whatever its token
 * was given. Applied when the credential is used, so a demotion takes effect on the next request.
 */
export function abilitiesUnderRole(abilities: Iterable<Ability>, role: Role): Set<Ability> {
  const kept = new Set(abilities);
  if (!may(role, 'links.write')) for (const ability of ['create', 'update', 'delete'] as const) kept.delete(ability);
  return kept;
}

/**
 * A workspace that requires two factors keeps out every member who has not turned them on, whatever
 * the credential (a session or a token), until they enrol.
 */
export function assertTwoFactorRule(
  workspace: { requireTwoFactor: boolean },
  user: { twoFactorEnabled: boolean },
): void {
  if (workspace.requireTwoFactor && !user.twoFactorEnabled) {
    throw new AppError(
      'forbidden',
      'This workspace requires two-factor sign-in: turn it on in the Security page, then come back.',
    );
  }
}
