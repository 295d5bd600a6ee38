import { Type } from '@fastify/type-provider-typebox';
import { LINK_SORTS } from '../../storage/links.kysely.ts';
import { NullableInteger, Timestamp } from './common.ts';

export const HttpUrl = Type.String({ format: 'http-url', maxLength: 2048, description: 'Absolute http or https URL, at most 2048 characters.' });

export const ConditionSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('country'), Type.Literal('device'), Type.Literal('os'), Type.Literal('browser'), Type.Literal('language')]),
    operator: Type.Union([Type.Literal('in'), Type.Literal('not_in')]),
    values: Type.Array(Type.String(), { minItems: 1, description: 'country: ISO 3166 alpha-2; device: desktop|mobile|tablet; os: ios|android|windows|macos|linux; browser: chrome|safari|firefox|edge|opera|samsung; language: ISO 639-1.' }),
    redirect_url: HttpUrl,
  },
  { $id: 'Condition', description: 'Evaluated in order; the first match wins.' },
);

const Conditions = Type.Array(Type.Any(), { maxItems: 20, description: 'Targeting conditions (Business plan). Each item is a Condition; items are validated one by one so errors name conditions.N.field.' });

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
    short_code: Type.Optional(Type.String({ description: 'Custom alias: 3-64 of A-Z a-z 0-9 _ -, unique per domain, not reserved.' })),
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
    sort: Type.Optional(Type.Union(LINK_SORTS.map((s) => Type.Literal(s)), { default: 'created_at' })),
    direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    category_id: Type.Optional(Type.Integer({ minimum: 1 })),
    search: Type.Optional(Type.String({ maxLength: 255 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 15 })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  },
  { additionalProperties: false },
);
