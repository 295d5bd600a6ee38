import { Type, type Static } from 'typebox';
import { WEBHOOK_EVENTS } from '../core/model.ts';
import { Timestamp } from './common.ts';

export const MAX_WEBHOOKS_PER_USER = 20;

export const WebhookSchema = Type.Object(
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

export const CreatedWebhookSchema = Type.Object({ ...WebhookSchema.properties, secret: Type.String() });

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      maxLength: 2048,
      description: 'Absolute https URL (http only when the server allows it for development).',
    }),
    events: Type.Array(Type.Enum(WEBHOOK_EVENTS), {
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      description: WEBHOOK_EVENTS.join(', '),
    }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);

const AttemptSchema = Type.Object({
  attempted_at: Timestamp,
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const DeliverySchema = Type.Object({
  id: Type.String({
    description: 'The delivery id, also sent as Hoplink-Delivery and in the body: use it for idempotency.',
  }),
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  last_attempt: Type.Union([AttemptSchema, Type.Null()]),
});

export type WebhookRecord = Static<typeof WebhookSchema>;
export type CreateWebhookInput = Static<typeof CreateWebhookBody>;
export type DeliveryRecord = Static<typeof DeliverySchema>;
