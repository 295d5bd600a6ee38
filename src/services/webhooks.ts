import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DomainError, invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import type { Database } from '../storage/schema.ts';
import { countWebhooks, findWebhook, insertWebhook, type Webhook } from '../storage/webhooks.kysely.ts';
import { isPublicAddress } from '../webhooks/address-guard.ts';
import { WEBHOOK_EVENTS } from '../webhooks/publisher.ts';

export const MAX_WEBHOOKS_PER_USER = 20;

export interface WebhookPolicy {
  /** Development only: allow http:// targets. */
  allowHttp: boolean;
  /** Development and tests only: allow loopback and private addresses. */
  allowPrivate: boolean;
}

export async function getWebhookOrThrow(db: Kysely<Database>, principal: Principal, id: number): Promise<Webhook> {
  const webhook = await findWebhook(db, id);
  if (!webhook) throw new DomainError('not-found', 'Webhook not found.');
  if (webhook.userId !== principal.user.id) throw new DomainError('forbidden', 'This webhook does not belong to you.');
  return webhook;
}

function validateTarget(url: string, policy: WebhookPolicy): void {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && !(policy.allowHttp && parsed.protocol === 'http:'))) {
    throw invalidField('url', policy.allowHttp ? 'The url field must be an absolute http or https URL.' : 'The url field must be an absolute https URL.');
  }
  if (parsed.username || parsed.password) throw invalidField('url', 'The url field must not contain credentials.');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  // Names are checked again, after resolution, at every delivery; literals can be refused now.
  if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (/^[\d.:a-f]+$/i.test(host) && !isPublicAddress(host)))) {
    throw invalidField('url', 'The url field must not point to a private, loopback or link-local address.');
  }
}

export async function createWebhook(db: Kysely<Database>, principal: Principal, input: { url: string; events: string[]; description?: string | undefined }, policy: WebhookPolicy): Promise<Webhook> {
  validateTarget(input.url, policy);
  const unknown = input.events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown.length > 0) throw invalidField('events', `Unknown event "${unknown[0]}"; use ${WEBHOOK_EVENTS.join(', ')}.`);
  if ((await countWebhooks(db, principal.user.id)) >= MAX_WEBHOOKS_PER_USER) {
    throw invalidField('url', `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks.`);
  }
  return insertWebhook(db, {
    userId: principal.user.id,
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
  });
}
