import type { Webhook } from '../core/model.ts';
import { sql, type Kysely } from 'kysely';
import { timestamp } from '../core/time.ts';
import { requireTransaction } from './errors.ts';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from './schema.ts';

export interface Delivery {
  id: number;
  webhookId: number;
  deliveryId: string;
  event: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface Attempt {
  attemptedAt: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

type WebhookRow = Omit<WebhooksTable, 'id'> & { id: number };
type DeliveryRow = Omit<WebhookDeliveriesTable, 'id'> & { id: number };

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    url: row.url,
    events: row.events.split(',').filter(Boolean),
    description: row.description,
    secret: row.secret,
    isActive: Boolean(row.is_active),
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    deliveryId: row.delivery_id,
    event: row.event,
    payload: row.payload,
    status: row.status as Delivery['status'],
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  };
}

export async function insertWebhook(
  db: Kysely<Database>,
  input: { workspaceId: number; url: string; events: string[]; description: string | null; secret: string },
): Promise<Webhook> {
  const now = timestamp();
  const row = await db
    .insertInto('webhooks')
    .values({
      workspace_id: input.workspaceId,
      url: input.url,
      events: input.events.join(','),
      description: input.description,
      secret: input.secret,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhook(row);
}

export async function countWebhooks(db: Kysely<Database>, workspaceId: number): Promise<number> {
  const { n } = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function listWebhooks(db: Kysely<Database>, workspaceId: number): Promise<Webhook[]> {
  return (
    await db.selectFrom('webhooks').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute()
  ).map(toWebhook);
}

export async function findWebhook(db: Kysely<Database>, id: number): Promise<Webhook | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toWebhook(row);
}

/** What a change of a webhook sets; `isActive` true also clears why and since when it failed. */
export interface WebhookChanges {
  url?: string;
  events?: readonly string[];
  description?: string | null;
  isActive?: boolean;
  disabledReason?: string | null;
}

export async function updateWebhook(db: Kysely<Database>, id: number, changes: WebhookChanges): Promise<Webhook> {
  const row = await db
    .updateTable('webhooks')
    .set({
      ...(changes.url !== undefined && { url: changes.url }),
      ...(changes.events !== undefined && { events: changes.events.join(',') }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.isActive !== undefined && {
        is_active: changes.isActive ? 1 : 0,
        disabled_reason: changes.isActive ? null : (changes.disabledReason ?? null),
        failing_since: null,
      }),
      updated_at: timestamp(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhook(row);
}

export async function deleteWebhook(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** The active webhooks of these users that subscribe to `event`. */
export async function subscribersOf(
  db: Kysely<Database>,
  workspaceIds: readonly number[],
  event: string,
): Promise<Webhook[]> {
  if (workspaceIds.length === 0) return [];
  // A template, not the query builder: asked on every link created (1 µs against 10).
  const { rows } = await sql<WebhookRow>`
    select * from webhooks where workspace_id in (${sql.join([...workspaceIds])}) and is_active = 1`.execute(db);
  return rows.map(toWebhook).filter((webhook) => webhook.events.includes(event));
}

/** The owner of each of these links that still exists. */
export async function linkOwners(db: Kysely<Database>, linkIds: readonly number[]): Promise<Map<number, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('links')
    .select(['id', 'workspace_id'])
    .where('id', 'in', [...linkIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.workspace_id]));
}

export async function enqueueDeliveries(
  db: Kysely<Database>,
  deliveries: ReadonlyArray<{ webhookId: number; deliveryId: string; event: string; payload: string }>,
  now: Date,
): Promise<void> {
  if (deliveries.length === 0) return;
  const at = timestamp(now);
  await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((d) => ({
        webhook_id: d.webhookId,
        delivery_id: d.deliveryId,
        event: d.event,
        payload: d.payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` due deliveries for `leaseMs` so that several instances never send the
 * same one at once: each is taken by a conditional update that only one worker can win.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<Array<Delivery & { webhook: Webhook }>> {
  const at = timestamp(now);
  const due = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: Array<Delivery & { webhook: Webhook }> = [];
  for (const { id } of due) {
    const result = await db
      .updateTable('webhook_deliveries')
      .set({ locked_until: timestamp(new Date(now.getTime() + leaseMs)) })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue;
    const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    const webhook = row && (await findWebhook(db, row.webhook_id));
    if (row && webhook) claimed.push({ ...toDelivery(row), webhook });
  }
  return claimed;
}

/** What an attempt did to its delivery and its webhook. */
export interface AttemptOutcome {
  status: Delivery['status'];
  attempts: number;
  nextAttemptAt: string | null;
  webhookFailingSince: string | null;
  disableReason: string | null;
}

export async function recordAttempt(
  db: Kysely<Database>,
  delivery: { id: number; webhookId: number },
  attempt: Attempt,
  outcome: AttemptOutcome,
): Promise<void> {
  requireTransaction(db, 'recordAttempt');
  await db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: delivery.id,
      attempted_at: attempt.attemptedAt,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error?.slice(0, 500) ?? null,
    })
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      next_attempt_at: outcome.nextAttemptAt,
      locked_until: null,
      updated_at: attempt.attemptedAt,
    })
    .where('id', '=', delivery.id)
    .execute();
  await db
    .updateTable('webhooks')
    .set(
      outcome.disableReason
        ? {
            failing_since: outcome.webhookFailingSince,
            is_active: 0,
            disabled_reason: outcome.disableReason,
            updated_at: attempt.attemptedAt,
          }
        : { failing_since: outcome.webhookFailingSince },
    )
    .where('id', '=', delivery.webhookId)
    .execute();
  if (outcome.disableReason) {
    // A disabled webhook gets nothing more: its queued deliveries are closed as failed.
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null })
      .where('webhook_id', '=', delivery.webhookId)
      .where('status', '=', 'pending')
      .execute();
  }
}

export async function recentDeliveries(
  db: Kysely<Database>,
  webhookId: number,
  limit: number,
): Promise<Array<Delivery & { lastAttempt: Attempt | null }>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const result: Array<Delivery & { lastAttempt: Attempt | null }> = [];
  for (const row of rows) {
    const last = await db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', row.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    result.push({
      ...toDelivery(row),
      lastAttempt: last
        ? {
            attemptedAt: last.attempted_at,
            statusCode: last.status_code,
            durationMs: last.duration_ms,
            error: last.error,
          }
        : null,
    });
  }
  return result;
}

export const webhookStore = {
  insert: insertWebhook,
  count: countWebhooks,
  list: listWebhooks,
  find: findWebhook,
  update: updateWebhook,
  delete: deleteWebhook,
  subscribersOf,
  enqueueDeliveries,
  claimDueDeliveries,
  recordAttempt,
  recentDeliveries,
  ownersOf: linkOwners,
};
