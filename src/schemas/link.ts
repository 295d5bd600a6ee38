import { Type, type Static } from 'typebox';
import { LINK_SORTS } from '../core/model.ts';
import {
  CONDITION_TYPES,
  MAX_CONDITION_VALUE_LENGTH,
  MAX_CONDITION_VALUES,
  MAX_CONDITIONS,
  OPERATORS,
  VOCABULARIES,
} from '../core/targeting.ts';
import {
  EXAMPLE_APP_URL,
  EXAMPLE_CREATED_AT,
  EXAMPLE_SHORT_URL,
  EXAMPLE_UPDATED_AT,
  Id,
  NullableInteger,
  Timestamp,
} from './common.ts';

/** The highest page a list answers: 100 million links at 100 a page, and an offset any engine takes. */
export const MAX_PAGE = 1_000_000;

export const HttpUrl = Type.String({
  format: 'http-url',
  maxLength: 2048,
  description: 'Absolute http or https URL, at most 2048 characters.',
});

const VALUES_HELP = [
  'country: ISO 3166 alpha-2',
  ...Object.entries(VOCABULARIES).map(([type, values]) => `${type}: ${values.join('|')}`),
  'language: ISO 639-1',
].join('; ');

export const CONDITION_EXAMPLE = {
  type: 'country',
  operator: 'in',
  values: ['DE', 'AT', 'CH'],
  redirect_url: 'https://example.com/de/sale',
};

export const ConditionSchema = Type.Object(
  {
    type: Type.Enum(CONDITION_TYPES),
    operator: Type.Enum(OPERATORS),
    values: Type.Array(Type.String({ maxLength: MAX_CONDITION_VALUE_LENGTH }), {
      minItems: 1,
      maxItems: MAX_CONDITION_VALUES,
      description: `${VALUES_HELP}.`,
    }),
    redirect_url: HttpUrl,
  },
  { $id: 'Condition', description: 'Evaluated in order; the first match wins.', examples: [CONDITION_EXAMPLE] },
);

const Conditions = Type.Array(Type.Any(), {
  maxItems: MAX_CONDITIONS,
  description:
    'Targeting conditions (Business plan). Each item is a Condition; items are validated one by one ' +
    'so errors name conditions.N.field.',
});

/** A link as the API answers it (examples for the OpenAPI document). */
export const LINK_EXAMPLE = {
  id: 42,
  short_code: 'aB3xY9z',
  short_url: `${EXAMPLE_SHORT_URL}/aB3xY9z`,
  redirect_url: 'https://example.com/sale',
  type: 'simple',
  is_active: true,
  click_count: 128,
  category: { id: 3, name: 'Newsletter' },
  domain: null,
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_UPDATED_AT,
};

const CUSTOM_CODE_LINK_EXAMPLE = {
  ...LINK_EXAMPLE,
  id: 41,
  short_code: 'summer-sale',
  short_url: `${EXAMPLE_SHORT_URL}/summer-sale`,
  redirect_url: 'https://example.com/summer?utm_source=newsletter',
  click_count: 12,
  category: null,
  created_at: '2026-10-28T14:03:51.000Z',
  updated_at: '2026-10-28T14:03:51.000Z',
};

/** GET /links?per_page=2: the first of 3 pages. */
export const LINK_PAGE_EXAMPLE = {
  data: [LINK_EXAMPLE, CUSTOM_CODE_LINK_EXAMPLE],
  links: {
    first: `${EXAMPLE_APP_URL}/api/v1/links?per_page=2&page=1`,
    last: `${EXAMPLE_APP_URL}/api/v1/links?per_page=2&page=3`,
    prev: null,
    next: `${EXAMPLE_APP_URL}/api/v1/links?per_page=2&page=2`,
  },
  meta: {
    current_page: 1,
    from: 1,
    last_page: 3,
    path: `${EXAMPLE_APP_URL}/api/v1/links`,
    per_page: 2,
    to: 2,
    total: 5,
  },
};

export const LinkSchema = Type.Object(
  {
    id: Type.Integer(),
    short_code: Type.String(),
    short_url: Type.String(),
    redirect_url: Type.String(),
    type: Type.Union([Type.Literal('simple'), Type.Literal('choice_page')]),
    is_active: Type.Boolean(),
    click_count: Type.Integer(),
    category: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
    domain: Type.Union([Type.Object({ id: Type.Integer(), hostname: Type.String() }), Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Link', examples: [LINK_EXAMPLE] },
);

export const LinkWithConditionsSchema = Type.Object(
  { ...LinkSchema.properties, conditions: Type.Array(Type.Ref('Condition')) },
  { $id: 'LinkWithConditions', examples: [{ ...LINK_EXAMPLE, conditions: [CONDITION_EXAMPLE] }] },
);

export const CreateLinkBody = Type.Object(
  {
    redirect_url: HttpUrl,
    category_id: Type.Optional(NullableInteger),
    short_code: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Custom alias: 3-64 of A-Z a-z 0-9 _ -, unique per domain, not reserved.',
      }),
    ),
    domain_id: Type.Optional(NullableInteger),
    is_active: Type.Optional(Type.Boolean()),
    conditions: Type.Optional(Conditions),
  },
  {
    additionalProperties: false,
    examples: [
      { redirect_url: 'https://example.com/sale' },
      { redirect_url: 'https://example.com/summer?utm_source=newsletter', short_code: 'summer-sale', category_id: 3 },
      {
        redirect_url: 'https://example.com/sale',
        conditions: [
          CONDITION_EXAMPLE,
          { type: 'device', operator: 'in', values: ['mobile'], redirect_url: 'https://m.example.com/sale' },
        ],
      },
    ],
  },
);

export const UpdateLinkBody = Type.Object(
  {
    is_active: Type.Optional(Type.Boolean()),
    category_id: Type.Optional(NullableInteger),
    redirect_url: Type.Optional(HttpUrl),
    domain_id: Type.Optional(NullableInteger),
    conditions: Type.Optional(Conditions),
  },
  {
    additionalProperties: false,
    examples: [{ redirect_url: 'https://example.com/winter-sale', is_active: false }, { category_id: null }],
  },
);

export const ListLinksQuery = Type.Object(
  {
    sort: Type.Optional(Type.Enum(LINK_SORTS, { default: 'created_at' })),
    direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    category_id: Type.Optional(Id),
    search: Type.Optional(Type.String({ maxLength: 255 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 15 })),
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE,
        default: 1,
        description: `1 to ${MAX_PAGE.toLocaleString('en')}; past the last page the list is empty.`,
      }),
    ),
  },
  { additionalProperties: false },
);

export type LinkRecord = Static<typeof LinkSchema>;
export type CreateLinkInput = Static<typeof CreateLinkBody>;
export type UpdateLinkInput = Static<typeof UpdateLinkBody>;
export type ListLinksInput = Static<typeof ListLinksQuery>;

export const MAX_BULK_ITEMS = 100;

export const BulkBody = Type.Object(
  {
    links: Type.Array(Type.Any(), {
      minItems: 1,
      maxItems: MAX_BULK_ITEMS,
      description: '1 to 100 items, each shaped like the body of POST /links. Items are validated one by one.',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        links: [
          { redirect_url: 'https://example.com/spring' },
          { redirect_url: 'https://example.com/summer?utm_source=newsletter', short_code: 'summer-sale' },
          { redirect_url: 'example.com/autumn' },
        ],
      },
    ],
  },
);

export const BulkItemErrorSchema = Type.Object({
  index: Type.Integer({ description: 'Position of the item in `links`, from 0.' }),
  message: Type.String(),
});
export type BulkItemError = Static<typeof BulkItemErrorSchema>;

export const BulkResponse = Type.Object(
  {
    created: Type.Array(Type.Ref('Link')),
    errors: Type.Array(BulkItemErrorSchema),
  },
  {
    description: 'The links created, in the order sent, and the items refused.',
    examples: [
      {
        created: [
          {
            ...LINK_EXAMPLE,
            id: 43,
            short_code: 'Qm7pT2w',
            short_url: `${EXAMPLE_SHORT_URL}/Qm7pT2w`,
            redirect_url: 'https://example.com/spring',
            click_count: 0,
            category: null,
            created_at: EXAMPLE_UPDATED_AT,
          },
          {
            ...CUSTOM_CODE_LINK_EXAMPLE,
            id: 44,
            click_count: 0,
            created_at: EXAMPLE_UPDATED_AT,
            updated_at: EXAMPLE_UPDATED_AT,
          },
        ],
        errors: [
          { index: 2, message: 'The redirect url field must be a valid http or https URL of at most 2048 characters.' },
        ],
      },
    ],
  },
);

const LANDING_OPTIONS_EXAMPLE = ['https://www.amazon.com/dp/B0C1234567', 'https://www.ebay.com/itm/1234567890'];

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;

export const LandingOptionsBody = Type.Object(
  {
    options: Type.Array(HttpUrl, {
      minItems: MIN_OPTIONS,
      maxItems: MAX_OPTIONS,
      description: '2 to 8 absolute http(s) URLs, in the order shown to visitors.',
    }),
  },
  { additionalProperties: false, examples: [{ options: LANDING_OPTIONS_EXAMPLE }] },
);
export const LandingOptionsResponse = Type.Object(
  { options: Type.Array(Type.String()) },
  { description: 'The options, in order.', examples: [{ options: LANDING_OPTIONS_EXAMPLE }] },
);
