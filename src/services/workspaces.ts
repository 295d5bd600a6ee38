import { randomBytes } from 'node:crypto';
import { AppError, invalidField } from '../core/errors.ts';
import type { Principal, User, Workspace } from '../core/model.ts';
import { hasBusinessAccess, type Plan } from '../core/plans.ts';
import { assertMay, type Role } from '../core/roles.ts';
import type { Stores } from '../storage/stores.ts';
import { audit } from './audit.ts';
import { purgeClicksBeforeDeletion } from './link-deletion.ts';
import { deleteUserLink } from './links.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

/** Workspaces one person may create (their personal one apart): a bound on what a sign-up can make. */
export const MAX_CREATED_WORKSPACES = 20;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/** A slug from a name: lowercase letters and digits, runs of anything else as one dash. */
export function slugFrom(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug || 'workspace';
}

/** `wanted` if free, else the first free of wanted-2 ... wanted-9, else wanted and six random characters. */
async function freeSlug(stores: Stores, wanted: string): Promise<string> {
  const candidates = [wanted, ...Array.from({ length: 8 }, (_, i) => `${wanted}-${i + 2}`)];
  const taken = await stores.workspaces.takenSlugs(candidates);
  return candidates.find((slug) => !taken.has(slug)) ?? `${wanted}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

/** The workspace made with a new account: named after the email, owned by the user, on `plan`. */
export async function createPersonalWorkspace(work: Work, user: User, plan: Plan): Promise<Workspace> {
  const name = user.email.split('@')[0]!.slice(0, 100) || 'Personal';
  const slug = await freeSlug(work.stores, slugFrom(name));
  const workspace = await work.stores.workspaces.insert({ name, slug, plan });
  await work.stores.workspaces.insertMember({ workspaceId: workspace.id, userId: user.id, role: 'owner' });
  await work.stores.users.setPersonalWorkspace(user.id, workspace.id);
  return workspace;
}

/**
 * Another workspace, owned by its maker, on the Free plan: plans are the workspace's (the operator
 * sets them), so a Business user's new workspace starts Free like anyone's.
 */
export async function createWorkspace(
  work: Work,
  user: User,
  input: { name: string; slug?: string | undefined },
): Promise<Workspace> {
  const owned = (await work.stores.workspaces.listFor(user.id)).filter((each) => each.role === 'owner');
  if (owned.length > MAX_CREATED_WORKSPACES) {
    throw invalidField('name', `You can own at most ${MAX_CREATED_WORKSPACES + 1} workspaces.`);
  }
  const name = input.name.trim();
  if (name.length === 0) throw invalidField('name', 'The name is required.');
  let slug: string;
  if (input.slug === undefined) slug = await freeSlug(work.stores, slugFrom(name));
  else {
    slug = assertSlug(input.slug);
    if ((await work.stores.workspaces.takenSlugs([slug])).size > 0) {
      throw invalidField('slug', 'The slug has already been taken.');
    }
  }
  const workspace = await work.stores.workspaces.insert({ name, slug, plan: 'free' });
  await work.stores.workspaces.insertMember({ workspaceId: workspace.id, userId: user.id, role: 'owner' });
  return workspace;
}

function assertSlug(slug: string): string {
  if (!SLUG_PATTERN.test(slug)) {
    throw invalidField(
      'slug',
      'The slug may hold lowercase letters, digits and dashes, and not start or end with one.',
    );
  }
  return slug;
}

/**
 * The workspace a signed-in person acts in: the one named by `slug` (the dashboard's address), or
 * their personal one, or failing that the first they belong to. 404 for a slug that names no
 * workspace of theirs: whether another's exists is not told.
 */
export async function workspaceForUser(
  stores: Stores,
  user: User,
  slug: string | undefined,
): Promise<{ workspace: Workspace; role: Role }> {
  if (slug !== undefined) {
    const workspace = await stores.workspaces.findBySlug(slug);
    const role = workspace && (await stores.workspaces.role(workspace.id, user.id));
    if (!workspace || !role) throw new AppError('not-found', 'Workspace not found.');
    return { workspace, role };
  }
  const personal = await stores.users.personalWorkspaceId(user.id);
  if (personal !== null) {
    const [workspace, role] = await Promise.all([
      stores.workspaces.find(personal),
      stores.workspaces.role(personal, user.id),
    ]);
    if (workspace && role) return { workspace, role };
  }
  const first = (await stores.workspaces.listFor(user.id))[0];
  if (!first) throw new AppError('not-found', 'You belong to no workspace: create one.');
  return first;
}

/** Name, slug and the two-factor rule: the name by admins, the slug and the rule by the owner. */
export async function updateWorkspace(
  work: Work,
  principal: Principal,
  changes: { name?: string | undefined; slug?: string | undefined; require_two_factor?: boolean | undefined },
): Promise<Workspace> {
  assertMay(principal.role, 'settings.manage');
  if (changes.slug !== undefined || changes.require_two_factor !== undefined)
    assertMay(principal.role, 'workspace.own');
  if (changes.require_two_factor && !principal.user.twoFactorEnabled) {
    throw invalidField(
      'require_two_factor',
      'Turn on two-factor sign-in for yourself first: it would keep you out too.',
    );
  }
  const name = changes.name?.trim();
  if (name !== undefined && name.length === 0) throw invalidField('name', 'The name is required.');
  const slug = changes.slug === undefined ? undefined : assertSlug(changes.slug);
  if (slug !== undefined && slug !== principal.workspace.slug) {
    if ((await work.stores.workspaces.takenSlugs([slug])).size > 0) {
      throw invalidField('slug', 'The slug has already been taken.');
    }
  }
  const updated = await work.stores.workspaces.update(principal.workspace.id, {
    name,
    slug,
    requireTwoFactor: changes.require_two_factor,
  });
  const fields = Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined);
  await audit(work, principal, {
    action: 'workspace.updated',
    resourceType: 'workspace',
    resourceId: updated.id,
    fields,
  });
  return updated;
}

/**
 * The operator's plan change (`hoplink workspace set-plan`). Leaving Business records when, for
 * the custom domains' grace period.
 */
export async function changeWorkspacePlan(work: Work, workspaceId: number, plan: Plan): Promise<Workspace> {
  const state = await work.stores.workspaces.planState(workspaceId);
  if (!state) throw new AppError('not-found', `No workspace with id ${workspaceId}.`);
  let downgradedAt: string | null = null;
  if (!hasBusinessAccess(plan)) {
    downgradedAt = hasBusinessAccess(state.plan) ? new Date().toISOString() : state.downgradedAt;
  }
  const updated = await work.stores.workspaces.setPlan(workspaceId, plan, downgradedAt);
  await work.stores.auditLog.insert({
    workspaceId,
    actor: { userId: null, email: null, tokenId: null },
    action: 'workspace.plan_changed',
    resourceType: 'workspace',
    resourceId: String(workspaceId),
    fields: ['plan'],
    address: null,
    createdAt: new Date().toISOString(),
  });
  work.emit({ kind: 'plan-changed', workspaceId });
  return updated;
}

/** Links deleted per unit of work when a workspace goes (their raw clicks first, in chunks). */
const DELETION_CHUNK = 200;

/**
 * The owner deletes the workspace, with everything it owns. Links go first, a chunk per unit of
 * work after their raw clicks (link-deletion.ts: a cascade over millions of clicks would hold
 * the database for seconds); the rest goes by cascade with the workspace's row.
 */
export async function deleteWorkspace(uow: UnitOfWork, principal: Principal, confirmName: string): Promise<void> {
  await uow.read((stores) => assertDeletable(stores, principal, confirmName));
  for (;;) {
    const ids = await uow.read((stores) => stores.links.idsOf(principal.workspace.id, DELETION_CHUNK));
    if (ids.length === 0) break;
    await purgeClicksBeforeDeletion(uow, principal, ids);
    await uow.transact(async (work) => {
      for (const id of ids) await deleteUserLink(work, principal, id);
    });
  }
  await uow.transact(async (work) => {
    await work.stores.workspaces.delete(principal.workspace.id);
    work.emit({ kind: 'domains-changed' });
  });
}

async function assertDeletable(stores: Stores, principal: Principal, confirmName: string): Promise<void> {
  assertMay(principal.role, 'workspace.own');
  // Whoever owns it now: a personal workspace handed over by transfer is still someone's home.
  if (await stores.users.hasAsPersonal(principal.workspace.id)) {
    throw new AppError('forbidden', "A personal workspace (the one made at a person's sign-up) cannot be deleted.");
  }
  if (confirmName !== principal.workspace.name) {
    throw invalidField('confirm', "Type the workspace's name exactly to delete it.");
  }
}
