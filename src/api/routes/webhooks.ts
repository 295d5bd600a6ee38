import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Webhook } from '../../core/model.ts';
import { assertMay } from '../../core/roles.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import {
  CreatedWebhookSchema,
  CreateWebhookBody,
  DELIVERIES_EXAMPLE,
  UpdateWebhookBody,
  DeliverySchema,
  WEBHOOK_EXAMPLE,
  WebhookSchema,
  type WebhookRecord,
} from '../../schemas/webhook.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhookOrThrow,
  listUserWebhooks,
  recentDeliveries,
  updateWebhook,
  type WebhookPolicy,
} from '../../services/webhooks.ts';
import type { WebhookPublisher } from '../../webhooks/publisher.ts';
import { ownedResource } from '../owned-resource.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

function webhookResource(webhook: Webhook): WebhookRecord {
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
  uow: UnitOfWork;
  policy: WebhookPolicy;
  publisher: WebhookPublisher;
}

/** Subscribed webhooks ("REST hooks") for automation tools and stores (Business). */
export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookRoutesOptions> = async (app, options) => {
  app.addSchema(WebhookSchema);
  registerSubscriptions(app, options);
  registerDeliveries(app, options);
};

const config = { business: 'Webhooks' };
const tags = ['Webhooks'];

/** Listing, subscribing and deleting webhooks. */
function registerSubscriptions(app: TypeBoxApp, { uow, policy }: WebhookRoutesOptions): void {
  const owned = ownedResource(uow, getWebhookOrThrow);

  app.get(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'List webhooks',
        description:
          'Your subscriptions, without their secrets. One disabled after 3 days of failed deliveries has ' +
          '`is_active` false and a `disabled_reason`.',
        tags,
        response: {
          200: DataList(Type.Ref('Webhook'), {
            description: 'Your webhooks.',
            examples: [{ data: [WEBHOOK_EXAMPLE] }],
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => ({
      data: (await uow.read((stores) => listUserWebhooks(stores, request.principal))).map(webhookResource),
    }),
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'Subscribe a webhook',
        description:
          'The signing `secret` is returned once, here. ' +
          'Deliveries are POSTed as `{"id","event","created_at","data"}` with ' +
          '`Hoplink-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. At most 20 webhooks per user.',
        tags,
        body: CreateWebhookBody,
        response: { 201: CreatedWebhookSchema, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const webhook = await uow.transact((work) => createWebhook(work, request.principal, request.body, policy));
      return reply.code(201).send({ ...webhookResource(webhook), secret: webhook.secret });
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Change a webhook',
        description:
          'Its URL, events or description, or whether it sends (`is_active`). Turning it on again after 3 days of ' +
          'failures disabled it starts the count over. The signing secret stays the same.',
        tags,
        params: IdParams,
        body: UpdateWebhookBody,
        response: {
          200: Type.Ref('Webhook', { description: 'The webhook, changed.' }),
          ...errorResponses(404, ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const { params, principal, body } = request;
      return webhookResource(await uow.transact((work) => updateWebhook(work, principal, params.id, body, policy)));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Delete a webhook',
        description: 'Nothing more is delivered to it. Subscribe again to resume.',
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted; no body.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => deleteWebhook(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
}

/** A test delivery, and the recent deliveries with their outcome. */
function registerDeliveries(app: TypeBoxApp, { uow, publisher }: WebhookRoutesOptions): void {
  const owned = ownedResource(uow, getWebhookOrThrow);

  app.post(
    '/webhooks/:id/test',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Send a test delivery',
        description: 'Queues a `webhook.test` delivery to this webhook only; see its deliveries for the outcome.',
        tags,
        params: IdParams,
        response: {
          202: Type.Object(
            { message: Type.String() },
            { description: 'Queued.', examples: [{ message: 'Test delivery queued.' }] },
          ),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const webhook = owned.get(request);
      // Sending to the subscriber is managing the webhook, as subscribing and deleting are.
      assertMay(request.principal.role, 'settings.manage');
      await publisher.publishTo(webhook, { webhook_id: webhook.id, message: 'This is a test delivery from Hoplink.' });
      return reply.code(202).send({ message: 'Test delivery queued.' });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Recent deliveries',
        description: 'The 50 most recent deliveries with their last attempt: status code, duration and error.',
        tags,
        params: IdParams,
        response: {
          200: DataList(DeliverySchema, { description: 'Newest first.', examples: [{ data: DELIVERIES_EXAMPLE }] }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const deliveries = await uow.read((stores) => recentDeliveries(stores, request.principal, request.params.id, 50));
      return {
        data: deliveries.map((d) => ({
          id: d.deliveryId,
          event: d.event,
          status: d.status,
          attempts: d.attempts,
          next_attempt_at: d.nextAttemptAt,
          created_at: d.createdAt,
          last_attempt: d.lastAttempt && {
            attempted_at: d.lastAttempt.attemptedAt,
            status_code: d.lastAttempt.statusCode,
            duration_ms: d.lastAttempt.durationMs,
            error: d.lastAttempt.error,
          },
        })),
      };
    },
  );
}
