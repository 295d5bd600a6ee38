import type { Kysely } from 'kysely';
import type { Principal, User, Workspace } from '../../src/core/model.ts';
import { ABILITIES, type Ability, type Plan } from '../../src/core/plans.ts';
import { createUser } from '../../src/services/accounts.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import type { Database } from '../../src/storage/schema.ts';

/** A user as sign-up makes one, with the id of their personal workspace (on `plan`): what owns their links. */
export type Account = User & { workspaceId: number; workspace: Workspace };

/** Signs a user up on `db` (no password): the user, their personal workspace on `plan`, their membership. */
export async function insertAccount(
  db: Kysely<Database>,
  input: { email: string; plan: Plan; emailVerified?: boolean | undefined },
): Promise<Account> {
  const uow = new UnitOfWork(db, new EventBus());
  const user = await createUser(uow, { ...input, emailVerified: input.emailVerified ?? false });
  const workspace = await uow.read(async (stores) =>
    stores.workspaces.find((await stores.users.personalWorkspaceId(user.id))!),
  );
  return { ...user, workspaceId: workspace!.id, workspace: workspace! };
}

/** The account acting in its personal workspace as its owner, with `abilities` (all by default). */
export function principalOf(account: Account, abilities: readonly Ability[] = ABILITIES): Principal {
  return {
    user: {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      twoFactorEnabled: account.twoFactorEnabled,
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    },
    workspace: account.workspace,
    role: 'owner',
    abilities: new Set(abilities),
    via: 'token',
    tokenId: null,
    sessionId: null,
    address: null,
  };
}
