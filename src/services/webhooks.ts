import { randomBytes } from 'node:crypto';
import { AppError, invalidField } from '../core/errors.ts';
import { WEBHOOK_EVENTS, type Principal, type Webhook } from '../core/model.ts';
import { MAX_WEBHOOKS_PER_USER, type CreateWebhookInput, type UpdateWebhookInput } from '../schemas/webhook.ts';
import type { Stores } from '../storage/stores.ts';
import { isPublicAddress } from '../outbound/address-guard.ts';
import { ownedOrThrow } from './ownership.ts';
import type { Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';
import { audit } from './audit.ts';

export interface WebhookPolicy {
  /** Development only: allow http:// targets. */
  allowHttp: boolean;
  /** Development and tests only: allow loopback and private addresses. */
  allowPrivate: boolean;
}

export async function getWebhookOrThrow(stores: Stores, principal: Principal, id: number): Promise<Webhook> {
  return ownedOrThrow(await stores.webhooks.find(id), principal, 'webhook');
}

export function listUserWebhooks(stores: Stores, principal: Principal): Promise<Webhook[]> {
  return stores.webhooks.list(principal.workspace.id);
}

function validateTarget(url: string, policy: WebhookPolicy): void {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && !(policy.allowHttp && parsed.protocol === 'http:'))) {
    const scheme = policy.allowHttp ? 'http or https' : 'https';
    throw invalidField('url', `The url field must be an absolute ${scheme} URL.`);
  }
  if (parsed.username || parsed.password) throw invalidField('url', 'The url field must not contain credentials.');
  // `localhost.` is `localhost`: a trailing dot only makes a name fully qualified.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  const isLocalName = host === 'localhost' || host.endsWith('.localhost');
  const isPrivateLiteral = /^[\d.:a-f]+$/i.test(host) && !isPublicAddress(host);
  // Names are checked again, after resolution, at every delivery; literals can be refused now.
  if (!policy.allowPrivate && (isLocalName || isPrivateLiteral)) {
    throw invalidField('url', 'The url field must not point to a private, loopback or link-local address.');
  }
}

function validateEvents(events: readonly string[]): void {
  const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown.length > 0)
    throw invalidField('events', `Unknown event "${unknown[0]}"; use ${WEBHOOK_EVENTS.join(', ')}.`);
}

export async function createWebhook(
  work: Work,
  principal: Principal,
  input: CreateWebhookInput,
  policy: WebhookPolicy,
): Promise<Webhook> {
  assertMay(principal.role, 'settings.manage');
  validateTarget(input.url, policy);
  validateEvents(input.events);
  if ((await work.stores.webhooks.count(principal.workspace.id)) >= MAX_WEBHOOKS_PER_USER) {
    throw invalidField('url', `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks.`);
  }
  const webhook = await work.stores.webhooks.insert({
    workspaceId: principal.workspace.id,
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
  });
  await audit(work, principal, { action: 'webhook.created', resourceType: 'webhook', resourceId: webhook.id });
  work.emit({ kind: 'webhook-created', workspaceId: webhook.workspaceId });
  return webhook;
}

/** Why a webhook its owner turned off sends nothing. */
export const TURNED_OFF = 'Turned off by a person of the workspace.';

/**
 * Changes a webhook's target, events, description or whether it sends. Turning it on again (also
 * after failures disabled it) starts its failure count over; its secret never changes here.
 */
export async function updateWebhook(
  work: Work,
  principal: Principal,
  id: number,
  input: UpdateWebhookInput,
  policy: WebhookPolicy,
): Promise<Webhook> {
  const webhook = await getWebhookOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'settings.manage');
  // Unknown fields are dropped by the schema, so `{"secret": ...}` arrives empty: say what can change.
  if (Object.keys(input).length === 0) {
    throw new AppError('validation-failed', 'Send at least one of url, events, description and is_active.');
  }
  if (input.url !== undefined) validateTarget(input.url, policy);
  if (input.events !== undefined) validateEvents(input.events);
  const updated = await work.stores.webhooks.update(webhook.id, {
    ...(input.url !== undefined && { url: input.url }),
    ...(input.events !== undefined && { events: [...new Set(input.events)] }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.is_active !== undefined && { isActive: input.is_active, disabledReason: TURNED_OFF }),
  });
  await audit(work, principal, {
    action: 'webhook.updated',
    resourceType: 'webhook',
    resourceId: webhook.id,
    fields: Object.keys(input),
  });
  // Instances remember which workspaces have no webhook for an event: new events must reach them.
  work.emit({ kind: 'webhook-created', workspaceId: updated.workspaceId });
  return updated;
}

export async function deleteWebhook(work: Work, principal: Principal, id: number): Promise<void> {
  const webhook = await getWebhookOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'settings.manage');
  await work.stores.webhooks.delete(webhook.id);
  await audit(work, principal, { action: 'webhook.deleted', resourceType: 'webhook', resourceId: webhook.id });
}

export async function recentDeliveries(stores: Stores, principal: Principal, id: number, limit: number) {
  const webhook = await getWebhookOrThrow(stores, principal, id);
  return stores.webhooks.recentDeliveries(webhook.id, limit);
}
