import type { Kysely } from 'kysely';
import { invalidField } from '../core/errors.ts';
import type { DomainStatus, OwnershipState } from '../core/domain-status.ts';
import type { RoutingState } from '../core/domain-routing.ts';
import type { Domain } from '../core/model.ts';
import { timestamp } from '../core/time.ts';
import { isUniqueViolation } from './errors.ts';
import type { Database, DomainsTable } from './schema.ts';

type Row = Omit<DomainsTable, 'id' | 'requires_txt'> & { id: number; requires_txt: number };
const toDomain = (row: Row): Domain => ({
  id: row.id,
  workspaceId: row.workspace_id,
  hostname: row.hostname,
  status: row.status as DomainStatus,
  verificationToken: row.verification_token,
  requiresTxt: row.requires_txt === 1,
  ownership: row.ownership_check as OwnershipState | null,
  routing: row.routing_check as RoutingState | null,
  lastCheckedAt: row.last_checked_at,
  verifiedAt: row.verified_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function insertDomain(
  db: Kysely<Database>,
  input: { workspaceId: number; hostname: string; verificationToken: string; requiresTxt: boolean },
): Promise<Domain> {
  const now = timestamp();
  try {
    return toDomain(
      await db
        .insertInto('domains')
        .values({
          workspace_id: input.workspaceId,
          hostname: input.hostname,
          status: 'pending',
          verification_token: input.verificationToken,
          requires_txt: input.requiresTxt ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('hostname', 'The hostname has already been taken.');
    throw error;
  }
}

export async function findDomainByHostname(db: Kysely<Database>, hostname: string): Promise<Domain | undefined> {
  const row = await db.selectFrom('domains').selectAll().where('hostname', '=', hostname).executeTakeFirst();
  return row && toDomain(row);
}

export async function listDomains(db: Kysely<Database>, workspaceId: number): Promise<Domain[]> {
  return (
    await db.selectFrom('domains').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute()
  ).map(toDomain);
}

export async function findDomain(db: Kysely<Database>, id: number): Promise<Domain | undefined> {
  const row = await db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toDomain(row);
}

export async function recordDomainCheck(
  db: Kysely<Database>,
  id: number,
  check: { status: DomainStatus; ownership: OwnershipState; routing: RoutingState },
  checkedAt: string,
): Promise<Domain> {
  const { status } = check;
  const findings = { ownership_check: check.ownership, routing_check: check.routing };
  const changes =
    status === 'active'
      ? { status, ...findings, last_checked_at: checkedAt, verified_at: checkedAt, updated_at: checkedAt }
      : { status, ...findings, last_checked_at: checkedAt, updated_at: checkedAt };
  return toDomain(
    await db.updateTable('domains').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  );
}

/** The statement that counts a domain's links (found through `links_domain`, migration 016). */
export function linksOnDomainCount(db: Kysely<Database>, domainId: number) {
  return db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId);
}

export async function countLinksOnDomain(db: Kysely<Database>, domainId: number): Promise<number> {
  const { n } = await linksOnDomainCount(db, domainId).executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteDomain(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('domains').where('id', '=', id).execute();
}

/** Records that this account claimed the hostname (kept when the domain is deleted). */
export async function recordDomainClaim(db: Kysely<Database>, hostname: string, workspaceId: number): Promise<void> {
  await db
    .insertInto('domain_claims')
    .values({ hostname, workspace_id: workspaceId, claimed_at: timestamp() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whether any other account ever claimed the hostname. */
export async function claimedByOthers(db: Kysely<Database>, hostname: string, workspaceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('domain_claims')
    .select('workspace_id')
    .where('hostname', '=', hostname)
    .where('workspace_id', '!=', workspaceId)
    .executeTakeFirst();
  return row !== undefined;
}

export const domainStore = {
  recordClaim: recordDomainClaim,
  claimedByOthers,
  insert: insertDomain,
  findByHostname: findDomainByHostname,
  list: listDomains,
  find: findDomain,
  recordCheck: recordDomainCheck,
  countLinks: countLinksOnDomain,
  delete: deleteDomain,
};
