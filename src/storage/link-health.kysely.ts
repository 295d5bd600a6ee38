import { sql, type Kysely } from 'kysely';
import type { HealthStatus, LinkHealth } from '../core/link-health.ts';
import { timestamp } from '../core/time.ts';
import type { Database } from './schema.ts';

// The link checker's schedule and lease (migration 008). Like webhook deliveries, a link is taken
// by a conditional update that only one checker can win, for a lease that outlives any check;
// the lease's token is what lets that checker, and only it, record the result.

const free = (at: string) => sql<boolean>`(links.health_locked_until is null or links.health_locked_until < ${at})`;

/** A link's place in its account's queue: never checked ('') first, then the longest due. */
const waited = sql<string>`coalesce(links.health_due_at, '')`;

/** An account's active links whose check is due and that no checker holds, in queue order. */
const dueOf = (workspaceId: unknown, at: string) => sql`links.workspace_id = ${workspaceId} and links.is_active = 1
  and ${waited} <= ${at} and ${free(at)} order by ${waited}, links.id`;

/**
 * Active links of Business accounts whose check is due (`health_due_at` null or past) and that no
 * checker holds, the accounts in turn: each account's longest-waiting link first (never checked
 * before all others), then each one's second, and so on, so one account's backlog does not keep
 * another's links from the head of the list.
 *
 * Each account's queue is a range of `links_health_turns` (migration 034), so neither statement
 * sorts the due links: the first finds each Business account's head of queue, and keeps the
 * `limit` accounts whose head has waited longest (only they can be in the list); the second takes
 * up to `limit` links from each of their queues and deals them out in turns.
 */
export async function dueLinkIds(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<Array<{ id: number; workspaceId: number }>> {
  const at = timestamp(now);
  // Materialized: each head is found once, then its link read by key (left to join on it, the
  // planner may look for the head again for every link).
  const { rows: accounts } = await sql<{ workspace_id: number }>`
    with heads as materialized (
      select (select links.id from links where ${dueOf(sql.ref('workspaces.id'), at)} limit 1) as head
      from workspaces where workspaces.plan = 'business'
    )
    select links.workspace_id from heads join links on links.id = heads.head
    order by ${waited}, links.id limit ${limit}`.execute(db);
  if (accounts.length === 0) return [];
  const queues = accounts.map(
    ({ workspace_id }) => sql`select * from (select links.id, links.workspace_id, ${waited} as waited
      from links where ${dueOf(workspace_id, at)} limit ${limit}) as queue`,
  );
  const { rows } = await sql<{ id: number; workspace_id: number }>`
    select id, workspace_id from (
      select queues.*, row_number() over (partition by workspace_id order by waited, id) as turn
      from (${sql.join(queues, sql` union all `)}) as queues
    ) as dealt
    order by turn, waited, id limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: row.id, workspaceId: row.workspace_id }));
}

/**
 * Takes the link for `leaseMs` under `token`, unless another checker holds it (or, with
 * `onlyIfDue`, its check is no longer due: another instance checked it since it was read as due);
 * says whether it did.
 */
export async function claimLink(
  db: Kysely<Database>,
  id: number,
  now: Date,
  leaseMs: number,
  token: string,
  onlyIfDue = false,
): Promise<boolean> {
  const at = timestamp(now);
  let claim = db
    .updateTable('links')
    .set({ health_locked_until: timestamp(new Date(now.getTime() + leaseMs)), health_lease: token })
    .where('id', '=', id)
    .where(free(at));
  if (onlyIfDue) claim = claim.where((eb) => eb.or([eb('health_due_at', 'is', null), eb('health_due_at', '<=', at)]));
  const result = await claim.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a check's outcome, releases the lease and sets when the next check is due, if `token`
 * still holds the link (a checker whose lease ran out records nothing). Answers the status the
 * link had before, or undefined when the lease was lost or the link is gone.
 */
export async function recordHealth(
  db: Kysely<Database>,
  id: number,
  token: string,
  health: LinkHealth,
  dueAt: Date | null,
): Promise<HealthStatus | undefined> {
  const before = await db
    .selectFrom('links')
    .select('health_status')
    .where('id', '=', id)
    .where('health_lease', '=', token)
    .executeTakeFirst();
  if (!before) return undefined;
  const result = await db
    .updateTable('links')
    .set({
      health_status: health.status,
      health_checked_at: health.checkedAt,
      health_http_status: health.httpStatus,
      health_error: health.error?.slice(0, 500) ?? null,
      health_affiliate_tag_lost: health.affiliateTagLost === null ? null : health.affiliateTagLost ? 1 : 0,
      health_due_at: dueAt && timestamp(dueAt),
      health_locked_until: null,
      health_lease: null,
    })
    .where('id', '=', id)
    .where('health_lease', '=', token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return before.health_status as HealthStatus;
}

/** Lets go of a link without a result (the checker is closing): due again at once. */
export async function releaseLink(db: Kysely<Database>, id: number, token: string): Promise<void> {
  await db
    .updateTable('links')
    .set({ health_locked_until: null, health_lease: null })
    .where('id', '=', id)
    .where('health_lease', '=', token)
    .execute();
}

/** The link's destinations changed: check it on the checker's next pass. */
export async function markLinkDue(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('links').set({ health_due_at: null }).where('id', '=', id).execute();
}

export const linkHealthStore = {
  due: dueLinkIds,
  claim: claimLink,
  record: recordHealth,
  release: releaseLink,
  markDue: markLinkDue,
};
