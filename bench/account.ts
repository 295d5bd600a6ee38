import type { Kysely } from 'kysely';
import type { Principal, User, Workspace } from '../src/core/model.ts';
import { ABILITIES, type Ability, type Plan } from '../src/core/plans.ts';
import { createUser } from '../src/services/accounts.ts';
import { EventBus } from '../src/services/events.ts';
import { UnitOfWork } from '../src/services/unit-of-work.ts';
import type { Database } from '../src/storage/schema.ts';

/** The benches' account: a user signed up as the service does it, and their personal workspace on `plan`. */
export async function benchAccount(
  db: Kysely<Database>,
  email: string,
  plan: Plan,
): Promise<User & { workspaceId: number; workspace: Workspace }> {
  const uow = new UnitOfWork(db, new EventBus());
  const user = await createUser(uow, { email, plan });
  const workspace = await uow.read(async (stores) =>
    stores.workspaces.find((await stores.users.personalWorkspaceId(user.id))!),
  );
  return { ...user, workspaceId: workspace!.id, workspace: workspace! };
}

/** The account acting as its workspace's owner with `abilities`: a use case's caller without HTTP. */
export function benchPrincipal(
  account: User & { workspace: Workspace },
  abilities: readonly Ability[] = ABILITIES,
): Principal {
  const { workspace, ...user } = account;
  return {
    user,
    workspace,
    role: 'owner',
    abilities: new Set(abilities),
    via: 'token',
    tokenId: null,
    sessionId: null,
    address: null,
  };
}
