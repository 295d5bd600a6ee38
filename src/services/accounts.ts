import { AppError, invalidField } from '../core/errors.ts';
import type { Principal, User, Workspace } from '../core/model.ts';
import { assertBusiness, type Ability, type Plan } from '../core/plans.ts';
import { abilitiesUnderRole, assertMay } from '../core/roles.ts';
import { audit } from './audit.ts';
import { isBreachedPassword } from './breached-passwords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { issueToken } from './tokens.ts';
import type { Stores } from '../storage/stores.ts';
import type { WorkspaceSettings } from '../storage/workspaces.kysely.ts';
import { changeWorkspacePlan, createPersonalWorkspace, workspaceForUser } from './workspaces.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * NIST 800-63B: long enough, and not one of the passwords breaches have made public. `field` names
 * the input the 422 belongs to (`password` at sign-up, `new_password` when changing it).
 */
export async function assertAcceptablePassword(password: string, field = 'password'): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw invalidField(field, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (await isBreachedPassword(password)) {
    throw invalidField(field, 'This password appears in lists of breached passwords. Choose another one.');
  }
}

// A fixed hash to compare against when the email is unknown, so a miss costs as long as a hit.
const DUMMY_HASH = await hashPassword('not a real password');

/**
 * A new user; the password (optional for users the CLI creates) is hashed before the unit of
 * work opens, so the slow KDF never holds a transaction (on SQLite, the write lock). `emailVerified`:
 * the operator vouches for the address (the CLI); a sign-up's is verified by its link.
 */
export async function createUser(
  uow: UnitOfWork,
  input: { email: string; plan: Plan; password?: string | undefined; emailVerified?: boolean },
): Promise<User> {
  if (input.password !== undefined) await assertAcceptablePassword(input.password);
  // New accounts wait in one line of the hasher: a burst of sign-ups never holds up sign-ins.
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password, 'sign-up');
  return uow.transact(async (work) => {
    const { email, emailVerified } = input;
    const user = await work.stores.users.insert({ email, passwordHash, emailVerified });
    await createPersonalWorkspace(work, user, input.plan);
    return user;
  });
}

/**
 * Whose turn a password check is in the hasher's round (passwords.ts): the account's, or for an
 * email no account has, that email's. One account's flood of sign-ins waits in its own line.
 */
export const accountLine = (userId: number) => `account:${userId}`;

/** The user whose email and password these are; a 422 on the email field otherwise. */
export async function checkCredentials(uow: UnitOfWork, email: string, password: string): Promise<User> {
  const user = await uow.read((stores) => stores.users.findByEmail(email));
  const matches = await verifyPassword(
    password,
    user?.passwordHash ?? DUMMY_HASH,
    user ? accountLine(user.id) : `email:${email.toLowerCase()}`,
  );
  if (!user?.passwordHash || !matches) throw invalidField('email', 'These credentials do not match our records.');
  const { passwordHash: _hash, personalWorkspaceId: _personal, ...withoutSecrets } = user;
  return withoutSecrets;
}

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

/**
 * A signed-in person proves they know their password (changing it, setting up or turning off two
 * factors): a 422 on `field` otherwise, which the caller counts as a failed sign-in. The slow KDF
 * runs outside any transaction, in the account's line of the hasher.
 */
export async function assertCurrentPassword(
  uow: UnitOfWork,
  userId: number,
  password: string,
  field: string,
): Promise<void> {
  const stored = await uow.read((stores) => stores.users.passwordHash(userId));
  const matches = await verifyPassword(password, stored ?? DUMMY_HASH, accountLine(userId));
  if (!stored || !matches) throw invalidField(field, WRONG_CURRENT_PASSWORD);
}

/**
 * A new password for a signed-in person, who proves they know the current one (a 422 on
 * `current_password` otherwise, which the caller counts as a failed sign-in). Every other session
 * of the user ends with the change, in the same transaction; `keepSession` (the one asking) stays.
 * Both slow KDF runs happen outside the transaction, as in createUser.
 */
export async function changePassword(
  uow: UnitOfWork,
  input: { userId: number; currentPassword: string; newPassword: string; keepSession: string },
): Promise<void> {
  await assertCurrentPassword(uow, input.userId, input.currentPassword, 'current_password');
  await assertAcceptablePassword(input.newPassword, 'new_password');
  const passwordHash = await hashPassword(input.newPassword, accountLine(input.userId));
  await uow.transact(async ({ stores }) => {
    await stores.users.setPassword(input.userId, passwordHash);
    await stores.sessions.deleteForUser(input.userId, input.keepSession);
  });
}

async function userByEmailOrThrow(work: Work, email: string) {
  const user = await work.stores.users.findByEmail(email);
  if (!user) throw new AppError('not-found', `No user with email ${email}.`);
  return user;
}

/** The workspace's settings (the dashboard's Settings page). */
export function getSettings(stores: Stores, principal: Principal): Promise<WorkspaceSettings> {
  return stores.workspaces.settings(principal.workspace.id);
}

export async function updateSettings(
  work: Work,
  principal: Principal,
  settings: WorkspaceSettings,
): Promise<WorkspaceSettings> {
  // Today's only setting is a Business feature's default.
  assertBusiness(principal.workspace.plan, 'Storefront localisation');
  assertMay(principal.role, 'settings.manage');
  await work.stores.workspaces.updateSettings(principal.workspace.id, settings);
  await audit(work, principal, {
    action: 'workspace.settings_changed',
    resourceType: 'workspace',
    resourceId: principal.workspace.id,
    fields: ['localize_default'],
  });
  work.emit({ kind: 'settings-changed', workspaceId: principal.workspace.id });
  return settings;
}

/** The operator's plan change for a user's personal workspace (hoplink user set-plan). */
export async function changePlan(work: Work, email: string, plan: Plan): Promise<Workspace> {
  const user = await userByEmailOrThrow(work, email);
  const personal = await work.stores.users.personalWorkspaceId(user.id);
  if (personal === null) throw new AppError('not-found', `${email} has no personal workspace.`);
  return changeWorkspacePlan(work, personal, plan);
}

/** A token for the user with this email (hoplink token create); the plaintext is shown once. */
export async function issueTokenFor(
  work: Work,
  email: string,
  input: { name: string; abilities: Ability[]; workspaceSlug?: string | undefined },
) {
  const owner = await userByEmailOrThrow(work, email);
  const { workspace, role } = await workspaceForUser(work.stores, owner, input.workspaceSlug);
  const abilities = [...abilitiesUnderRole(input.abilities, role)];
  return issueToken(work, { userId: owner.id, workspaceId: workspace.id, name: input.name, abilities });
}

/** Any user's token, by id (hoplink token revoke). */
export async function revokeAnyToken(work: Work, id: number): Promise<void> {
  if (!(await work.stores.tokens.find(id))) throw new AppError('not-found', `No token with id ${id}.`);
  await work.stores.tokens.revoke(id);
}
