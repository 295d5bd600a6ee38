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
import { Id, NullableInteger, Timestamp } from './common.ts';

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
  { $id: 'Condition', description: 'Evaluated in order; the first match wins.' },
);

const Conditions = Type.Array(Type.Any(), {
  maxItems: MAX_CONDITIONS,
  description:
    'Targeting conditions (Business plan). Each item is a Condition; items are validated one by one ' +
    'so errors name conditions.N.field.',
});

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
  { $id: 'Link' },
);

export const LinkWithConditionsSchema = Type.Object(
  { ...LinkSchema.properties, conditions: Type.Array(Type.Ref('Condition')) },
  { $id: 'LinkWithConditions' },
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
  { additionalProperties: false },
);

export const UpdateLinkBody = Type.Object(
  {
    is_active: Type.Optional(Type.Boolean()),
    category_id: Type.Optional(NullableInteger),
    redirect_url: Type.Optional(HttpUrl),
    domain_id: Type.Optional(NullableInteger),
    conditions: Type.Optional(Conditions),
  },
  { additionalProperties: false },
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
  { additionalProperties: false },
);

export const BulkItemErrorSchema = Type.Object({
  index: Type.Integer({ description: 'Position of the item in `links`, from 0.' }),
  message: Type.String(),
});
export type BulkItemError = Static<typeof BulkItemErrorSchema>;

export const BulkResponse = Type.Object({
  created: Type.Array(Type.Ref('Link')),
  errors: Type.Array(BulkItemErrorSchema),
});

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
  { additionalProperties: false },
);
export const LandingOptionsResponse = Type.Object({ options: Type.Array(Type.String()) });
