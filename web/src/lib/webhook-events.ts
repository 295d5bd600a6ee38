import type { WebhookEvent } from './types.ts';

/**
 * What each event the server sends (WEBHOOK_EVENTS in src/core/model.ts) means, in a person's
 * words. Kept here so no server module is bundled; the Record type makes a new server event fail
 * the type check until it is described.
 */
export const WEBHOOK_EVENT_TEXT: Record<WebhookEvent, string> = {
  'link.created': 'A link is created',
  'link.updated': 'A link is changed',
  'link.deleted': 'A link is deleted',
  'link.clicked': 'Links are clicked (sent in batches)',
  'link.broken': 'A link’s destination is found broken',
  'domain.verified': 'A custom domain is verified',
  'conversion.created': 'A sale is reported (a conversion)',
  'conversion.updated': 'A conversion changes (its status, most often)',
};

export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_TEXT) as WebhookEvent[];
