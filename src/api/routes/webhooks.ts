import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { createWebhook, getWebhookOrThrow, type WebhookPolicy } from '../../services/webhooks.ts';
import type { Database } from '../../storage/schema.ts';
import { deleteWebhook, listWebhooks, recentDeliveries, type Webhook } from '../../storage/webhooks.kysely.ts';
import { WEBHOOK_EVENTS, type WebhookPublisher } from '../../webhooks/publisher.ts';
import { ownedResource } from '../owned-resource.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams, Timestamp } from '../schemas/common.ts';

const EventName = Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event)));

const WebhookSchema = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Type.Union([Type.String(), Type.Null()]),
    is_active: Type.Boolean(),
    disabled_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Webhook' },
);

const CreateWebhookBody = Type.Object(
  {
    url: Type.String({ maxLength: 2048, description: 'Absolute https URL (http only when the server allows it for development).' }),
    events: Type.Array(EventName, { minItems: 1, description: WEBHOOK_EVENTS.join(', ') }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);

const DeliverySchema = Type.Object({
  id: Type.String({ description: 'The delivery id, also sent as Hoplink-Delivery and in the body: use it for idempotency.' }),
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  last_attempt: Type.Union([
    Type.Object({ attempted_at: Timestamp, status_code: Type.Union([Type.Integer(), Type.Null()]), duration_ms: Type.Integer(), error: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
});

function webhookResource(webhook: Webhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    is_active: webhook.isActive,
    disabled_reason: webhook.disabledReason,
    created_at: webhook.createdAt,
    updated_at: webhook.updatedAt,
  };
}

export interface WebhookRoutesOptions {
  db: Kysely<Database>;
  policy: WebhookPolicy;
  publisher: WebhookPublisher;
}

/** Subscribed webhooks ("REST hooks") for automation tools and stores (Business). */
export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookRoutesOptions> = async (app, { db, policy, publisher }) => {
  app.addSchema(WebhookSchema);
  const owned = ownedResource((principal, id) => getWebhookOrThrow(db, principal, id));
  const config = { business: 'Webhooks' };

  app.get('/webhooks', {
    config,
    schema: { summary: 'List webhooks', tags: ['Webhooks'], response: { 200: DataList(Type.Ref('Webhook')), ...errorResponses() } },
  }, async (request) => ({ data: (await listWebhooks(db, request.principal.user.id)).map(webhookResource) }));

  app.post('/webhooks', {
    config,
    schema: {
      summary: 'Subscribe a webhook',
      description: 'The signing `secret` is returned once, here. Deliveries are POSTed as `{"id","event","created_at","data"}` with `Hoplink-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. At most 20 webhooks per user.',
      tags: ['Webhooks'],
      body: CreateWebhookBody,
      response: { 201: Type.Object({ ...WebhookSchema.properties, secret: Type.String() }), ...errorResponses(...BODY_ERRORS) },
    },
  }, async (request, reply) => {
    const webhook = await createWebhook(db, request.principal, request.body, policy);
    return reply.code(201).send({ ...webhookResource(webhook), secret: webhook.secret });
  });

  app.delete('/webhooks/:id', {
    config,
    preValidation: owned.preValidation,
    schema: { summary: 'Delete a webhook', tags: ['Webhooks'], params: IdParams, response: { 204: Type.Null(), ...errorResponses(404) } },
  }, async (request, reply) => {
    await deleteWebhook(db, owned.get(request).id);
    return reply.code(204).send(null);
  });

  app.post('/webhooks/:id/test', {
    config,
    preValidation: owned.preValidation,
    schema: { summary: 'Send a test delivery', description: 'Queues a `webhook.test` delivery to this webhook only; see its deliveries for the outcome.', tags: ['Webhooks'], params: IdParams, response: { 202: Type.Object({ message: Type.String() }), ...errorResponses(404) } },
  }, async (request, reply) => {
    const webhook = owned.get(request);
    await publisher.publishTo(webhook, { webhook_id: webhook.id, message: 'This is a test delivery from Hoplink.' });
    return reply.code(202).send({ message: 'Test delivery queued.' });
  });

  app.get('/webhooks/:id/deliveries', {
    config,
    preValidation: owned.preValidation,
    schema: { summary: 'Recent deliveries', description: 'The 50 most recent deliveries with their last attempt: status code, duration and error.', tags: ['Webhooks'], params: IdParams, response: { 200: DataList(DeliverySchema), ...errorResponses(404) } },
  }, async (request) => ({
    data: (await recentDeliveries(db, owned.get(request).id, 50)).map((d) => ({
      id: d.deliveryId,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: d.nextAttemptAt,
      created_at: d.createdAt,
      last_attempt: d.lastAttempt && { attempted_at: d.lastAttempt.attemptedAt, status_code: d.lastAttempt.statusCode, duration_ms: d.lastAttempt.durationMs, error: d.lastAttempt.error },
    })),
  }));
};
