import { Type, type Static } from 'typebox';
import { CONVERSION_STATUSES } from '../core/conversions.ts';
import { AMOUNT_PATTERN } from '../core/money.ts';
import { EXAMPLE_APP_URL, EXAMPLE_CREATED_AT, EXAMPLE_UPDATED_AT, Id, Timestamp } from './common.ts';

export const MAX_ORDER_ID_LENGTH = 128;
export const MAX_CLICK_ID_LENGTH = 64;

const Amount = (description: string) =>
  Type.String({ pattern: AMOUNT_PATTERN, maxLength: 17, description, examples: ['24.99'] });

const Currency = Type.String({
  minLength: 3,
  maxLength: 3,
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217, upper case (EUR, USD, JPY).',
});

const ClickId = Type.String({
  minLength: 1,
  maxLength: MAX_CLICK_ID_LENGTH,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The click id the redirect put in the destination (at most 64 URL-safe characters).',
});

const OrderId = Type.String({
  minLength: 1,
  maxLength: MAX_ORDER_ID_LENGTH,
  description: "The network's order or transaction id: a conversion is kept once per order id per workspace.",
});

const Status = Type.Enum(CONVERSION_STATUSES, { description: 'pending, approved or reversed.' });

export const RecordConversionBody = Type.Object(
  {
    click_id: Type.Optional(Type.Union([ClickId, Type.Null()])),
    order_id: OrderId,
    amount: Amount('Revenue: the sale amount as a decimal string (never a number), e.g. "24.99".'),
    commission: Type.Optional(
      Type.Union([Amount('Earnings: the commission paid on the sale, as a decimal string.'), Type.Null()]),
    ),
    currency: Currency,
    status: Type.Optional({ ...Status, default: 'pending' }),
    occurred_at: Type.Optional(
      Type.String({
        format: 'date-time',
        maxLength: 40,
        description: 'When the sale happened (ISO 8601 with a zone); by default, when its first report arrived.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        click_id: 'q3ZkB1tX0m9cP2wLrVn8aA',
        order_id: '114-5521973-0042311',
        amount: '24.99',
        commission: '1.00',
        currency: 'USD',
        status: 'approved',
        occurred_at: '2026-11-20T16:55:00.000Z',
      },
    ],
  },
);
export type RecordConversionInput = Static<typeof RecordConversionBody>;

export const CONVERSION_EXAMPLE = {
  id: 311,
  link_id: 42,
  click_id: 'q3ZkB1tX0m9cP2wLrVn8aA',
  order_id: '114-5521973-0042311',
  amount: '24.99',
  commission: '1.00',
  currency: 'USD',
  status: 'approved',
  source: 'postback',
  attributed: true,
  occurred_at: '2026-11-20T16:55:00.000Z',
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_UPDATED_AT,
};

export const ConversionSchema = Type.Object(
  {
    id: Type.Integer(),
    link_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The link whose click the click id names; null when unattributed.',
    }),
    click_id: Type.Union([Type.String(), Type.Null()]),
    order_id: Type.String(),
    amount: Type.String({ description: 'Revenue, a decimal string in the currency (two decimals for EUR).' }),
    commission: Type.Union([Type.String(), Type.Null()], { description: 'Earnings; null when not reported.' }),
    currency: Type.String(),
    status: Status,
    source: Type.Union([Type.Literal('api'), Type.Literal('postback'), Type.Literal('import')]),
    attributed: Type.Boolean({ description: 'Whether the click id named a click of this workspace.' }),
    occurred_at: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Conversion', examples: [CONVERSION_EXAMPLE] },
);
export type ConversionRecord = Static<typeof ConversionSchema>;

export const ConversionListQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    status: Type.Optional(Status),
    currency: Type.Optional(Currency),
    link_id: Type.Optional(Id),
    click_id: Type.Optional(ClickId),
    attributed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The parameters a postback carries, and the names a network may give them. */
export const POSTBACK_FIELDS = ['click_id', 'amount', 'commission', 'currency', 'order_id', 'status'] as const;

const ParameterName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$' });

export const PostbackParameterNames = Type.Object(
  {
    click_id: Type.Optional(ParameterName),
    amount: Type.Optional(ParameterName),
    commission: Type.Optional(ParameterName),
    currency: Type.Optional(ParameterName),
    order_id: Type.Optional(ParameterName),
    status: Type.Optional(ParameterName),
  },
  {
    additionalProperties: false,
    description:
      'The network\'s own name of each parameter, when it is not ours: {"click_id": "subid"} reads the ' +
      'click id from `subid`.',
  },
);

export const UpdatePostbackBody = Type.Object(
  { parameter_names: PostbackParameterNames },
  { additionalProperties: false, examples: [{ parameter_names: { click_id: 'subid', amount: 'sale_amount' } }] },
);
export type UpdatePostbackInput = Static<typeof UpdatePostbackBody>;

const POSTBACK_EXAMPLE = {
  configured: true,
  parameter_names: { click_id: 'subid', amount: 'sale_amount' },
  updated_at: EXAMPLE_UPDATED_AT,
};

export const PostbackSettingsSchema = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether a secret was made (rotate it once to get the URL).' }),
    parameter_names: Type.Record(Type.String(), Type.String()),
    updated_at: Type.Union([Timestamp, Type.Null()]),
  },
  { description: "The workspace's postback settings; the secret is never shown again.", examples: [POSTBACK_EXAMPLE] },
);

export const RotatedPostbackSchema = Type.Object(
  {
    ...PostbackSettingsSchema.properties,
    secret: Type.String({ description: 'Shown once: the old secret stops working at once.' }),
    postback_url: Type.String({ description: 'The URL to give the network, secret included.' }),
  },
  {
    description: 'A new secret and the postback URL that carries it, shown this once.',
    examples: [
      {
        ...POSTBACK_EXAMPLE,
        secret: 'pbs_4fJ2kQ9xLmN7vR1tY8wZ3aBcD5eF6gH0',
        postback_url: `${EXAMPLE_APP_URL}/postback/pbs_4fJ2kQ9xLmN7vR1tY8wZ3aBcD5eF6gH0`,
      },
    ],
  },
);
