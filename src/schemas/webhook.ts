import { Type, type Static } from 'typebox';
import { WEBHOOK_EVENTS } from '../core/model.ts';
import { EXAMPLE_CREATED_AT, EXAMPLE_UPDATED_AT, Nullable, Timestamp } from './common.ts';

export const WEBHOOK_EXAMPLE = {
  id: 7,
  url: 'https://hooks.example.com/hoplink',
  events: ['link.created', 'link.clicked'],
  description: 'Zapier: new links to the team sheet',
  is_active: true,
  disabled_reason: null,
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_CREATED_AT,
};

/** One delivered at the first attempt, one waiting for its third after a timeout. */
export const DELIVERIES_EXAMPLE = [
  {
    id: '3f1c2a9e-6b7d-4e21-9a8f-0c5d7e4b2a11',
    event: 'link.created',
    status: 'succeeded',
    attempts: 1,
    next_attempt_at: null,
    created_at: EXAMPLE_UPDATED_AT,
    last_attempt: { attempted_at: EXAMPLE_UPDATED_AT, status_code: 200, duration_ms: 84, error: null },
  },
  {
    id: 'b7e2d4f6-1a3c-4e5b-8d7f-9a0b1c2d3e4f',
    event: 'link.clicked',
    status: 'pending',
    attempts: 2,
    next_attempt_at: '2026-11-20T16:53:10.000Z',
    created_at: '2026-11-20T16:46:55.000Z',
    last_attempt: {
      attempted_at: '2026-11-20T16:48:10.000Z',
      status_code: null,
      duration_ms: 5000,
      error: 'no response within 5000 ms',
    },
  },
];

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
  { $id: 'Webhook', examples: [WEBHOOK_EXAMPLE] },
);

export const CreatedWebhookSchema = Type.Object(
  { ...WebhookSchema.properties, secret: Type.String() },
  {
    description: 'The webhook, with its signing secret: shown only in this answer.',
    examples: [{ ...WEBHOOK_EXAMPLE, secret: 'whsec_Xr4vN8qL2mT6zB0kD3hF7jW9sC1yE5aG' }],
  },
);

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
  {
    additionalProperties: false,
    examples: [
      {
        url: 'https://hooks.example.com/hoplink',
        events: ['link.created', 'link.clicked'],
        description: 'Zapier: new links to the team sheet',
      },
    ],
  },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(CreateWebhookBody.properties.url),
    events: Type.Optional(CreateWebhookBody.properties.events),
    description: Type.Optional(Nullable(Type.String({ maxLength: 255, description: 'null removes it.' }))),
    is_active: Type.Optional(
      Type.Boolean({
        description:
          'false turns deliveries off; true turns them on again, also after 3 days of failures disabled the ' +
          'webhook (the failure count starts over). Events while off are not sent later.',
      }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [{ events: ['link.created', 'conversion.created'] }, { is_active: true }],
  },
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
export type CreatedWebhook = Static<typeof CreatedWebhookSchema>;
export type CreateWebhookInput = Static<typeof CreateWebhookBody>;
export type UpdateWebhookInput = Static<typeof UpdateWebhookBody>;
export type DeliveryRecord = Static<typeof DeliverySchema>;
