import { Type, type Static, type TSchema } from 'typebox';
import { HEALTH_STATUSES } from '../core/link-health.ts';
import { LINK_SORTS } from '../core/model.ts';
import {
  MAX_CONDITION_VALUE_LENGTH,
  MAX_CONDITION_VALUES,
  MAX_CONDITIONS,
  OPERATORS,
  VOCABULARIES,
  type ConditionType,
} from '../core/targeting.ts';
import {
  EXAMPLE_APP_URL,
  EXAMPLE_CREATED_AT,
  EXAMPLE_SHORT_URL,
  EXAMPLE_UPDATED_AT,
  Id,
  Nullable,
  NullableInteger,
  Timestamp,
} from './common.ts';
import { LINK_TAG_EXAMPLE, TagNames } from './tag.ts';

/** The highest page a list answers: 100 million links at 100 a page, and an offset any engine takes. */
export const MAX_PAGE = 1_000_000;

export const HttpUrl = Type.String({
  format: 'http-url',
  maxLength: 2048,
  description: 'Absolute http or https URL, at most 2048 characters.',
});

export const CONDITION_EXAMPLE = {
  type: 'country',
  operator: 'in',
  values: ['DE', 'AT', 'CH'],
  redirect_url: 'https://example.com/de/sale',
};

/** One kind of targeting condition: its `type`, and the values that kind may list. */
function conditionKind<Kind extends ConditionType, Value extends TSchema>(type: Kind, value: Value, help: string) {
  return Type.Object(
    {
      type: Type.Literal(type),
      operator: Type.Enum(OPERATORS, { description: "`in`: the visitor's value is listed; `not_in`: it is not." }),
      values: Type.Array(value, { minItems: 1, maxItems: MAX_CONDITION_VALUES, description: help }),
      redirect_url: HttpUrl,
    },
    { additionalProperties: false },
  );
}

/**
 * An ISO code in either case. Whether it names a real country or language is checked after the
 * schema (normalizeConditions in core/targeting.ts), and its two-letter shape with it, so any value
 * that is not a code gets the one message "is invalid for country" (or language).
 */
const IsoCode = (description: string) => Type.String({ maxLength: MAX_CONDITION_VALUE_LENGTH, description });

const CONDITION_KINDS = [
  conditionKind(
    'country',
    IsoCode('An ISO 3166-1 alpha-2 country code, in either case (kept upper case).'),
    'Countries, from the GeoIP database; a code that names no country is refused.',
  ),
  conditionKind('device', Type.Enum(VOCABULARIES.device), 'Device classes, from the user agent.'),
  conditionKind('os', Type.Enum(VOCABULARIES.os), 'Operating systems, from the user agent.'),
  conditionKind('browser', Type.Enum(VOCABULARIES.browser), 'Browsers, from the user agent.'),
  conditionKind(
    'language',
    IsoCode('An ISO 639-1 language code, in either case (kept lower case).'),
    "Languages: the primary subtag of the visitor's preferred Accept-Language entry; a code that names " +
      'no language is refused.',
  ),
];

/**
 * A targeting condition: one object of each kind, told apart by `type` (a discriminator, so a
 * refused condition is reported against its own kind's fields only).
 */
function conditionUnion(options: { $id?: string; description: string; examples?: unknown[] }) {
  return Type.Unsafe<Static<(typeof CONDITION_KINDS)[number]>>({
    type: 'object',
    oneOf: CONDITION_KINDS,
    discriminator: { propertyName: 'type' },
    ...options,
  });
}

const CONDITION_DESCRIPTION = 'Evaluated in order; the first match wins.';

export const ConditionSchema = conditionUnion({
  $id: 'Condition',
  description: CONDITION_DESCRIPTION,
  examples: [CONDITION_EXAMPLE],
});

const Conditions = Type.Array(conditionUnion({ description: CONDITION_DESCRIPTION }), {
  maxItems: MAX_CONDITIONS,
  description: 'Targeting conditions (Business plan), at most 20; an empty list removes them.',
});

// Link controls (docs/api.md, "Link controls"): limits shared by the schemas, the service and the dashboard.
export const MAX_TITLE_LENGTH = 255;
export const MAX_CLICKS_LIMIT = 2_147_483_647;
export const MIN_LINK_PASSWORD = 4;
export const MAX_LINK_PASSWORD = 128;
export const MAX_UTM_LENGTH = 255;
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 5;
export const MAX_VARIANT_WEIGHT = 100;
export const MAX_PREVIEW_TITLE = 255;
export const MAX_PREVIEW_DESCRIPTION = 1000;

const UtmValue = Nullable(Type.String({ maxLength: MAX_UTM_LENGTH }));

export const UtmSchema = Type.Object(
  {
    source: Type.Optional(UtmValue),
    medium: Type.Optional(UtmValue),
    campaign: Type.Optional(UtmValue),
    term: Type.Optional(UtmValue),
    content: Type.Optional(UtmValue),
  },
  { additionalProperties: false },
);

export const VariantSchema = Type.Object(
  {
    url: HttpUrl,
    weight: Type.Integer({ minimum: 1, maximum: MAX_VARIANT_WEIGHT, description: 'A share: 1-100.' }),
  },
  { additionalProperties: false },
);

export const PreviewSchema = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ maxLength: MAX_PREVIEW_TITLE }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: MAX_PREVIEW_DESCRIPTION }))),
    image: Type.Optional(
      Nullable(Type.String({ format: 'https-url', maxLength: 2048, description: 'An absolute https URL.' })),
    ),
  },
  { additionalProperties: false },
);

/** The link controls a create, a PATCH or a bulk item may send; null clears one. */
const LinkControlFields = {
  title: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength: MAX_TITLE_LENGTH,
        pattern: '\\S',
        description: 'A label of your own (Pro); `search` matches it too.',
      }),
    ),
  ),
  expires_at: Type.Optional(
    Nullable(
      Type.String({
        format: 'date-time',
        maxLength: 40,
        description: 'ISO 8601 with a time zone, in the future (Pro). From then on the link is expired.',
      }),
    ),
  ),
  max_clicks: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CLICKS_LIMIT,
        description: 'The link is expired once click_count reaches this (Pro); exactly this many visitors get through.',
      }),
    ),
  ),
  expired_url: Type.Optional(
    Nullable({
      ...HttpUrl,
      description: 'Where an expired link sends visitors (302); without it they get a 410 page (Pro).',
    }),
  ),
  password: Type.Optional(
    Nullable(
      Type.String({
        minLength: MIN_LINK_PASSWORD,
        maxLength: MAX_LINK_PASSWORD,
        description: 'Write-only (Business): visitors must enter it; stored hashed; null removes it.',
      }),
    ),
  ),
  utm: Type.Optional(
    Nullable({
      ...UtmSchema,
      description: 'utm_* parameters set on the destination at redirect time, after the affiliate tag (Pro).',
    }),
  ),
  variants: Type.Optional(
    Nullable(
      Type.Array(VariantSchema, {
        minItems: MIN_VARIANTS,
        maxItems: MAX_VARIANTS,
        description:
          'A/B split (Business): each visitor gets variant i with probability weight_i / sum of weights, ' +
          'and keeps it. Excludes choice-page options.',
      }),
    ),
  ),
  preview: Type.Optional(
    Nullable({
      ...PreviewSchema,
      description: 'The social card link-preview crawlers get (Business).',
    }),
  ),
  localize: Type.Optional(
    Nullable(
      Type.Boolean({
        description:
          "Business: send visitors of Amazon product or search URLs and Apple links to their own country's " +
          "storefront (with your tag there). null follows the account's default (off unless turned on).",
      }),
    ),
  ),
  pass_click_id: Type.Optional(
    Type.Boolean({
      description:
        "Business: each counted visit gets a click id in the destination's sub-id parameter (Amazon ascsubtag, " +
        'eBay customid, CJ sid, Impact subId1, Awin clickref, ShareASale afftrack, Rakuten u1) or in place of ' +
        '{click_id} anywhere in the URL; conversions name it (docs/api.md, "Affiliate money").',
    }),
  ),
  open_in_app: Type.Optional(
    Type.Boolean({
      description:
        'Business: visitors on iOS or Android (in-app browsers too) whose destination has a known app ' +
        '(Amazon, YouTube, Instagram, ...) get a page that opens the app, then the web page if it does not ' +
        'open. Crawlers and desktops get the 302. Default false.',
    }),
  ),
  tracking_id: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description:
          "Business: the tracking id injected instead of the program's tag: the tag or one of the " +
          "tracking_ids of your tag record for the program of redirect_url. null: the record's tag.",
      }),
    ),
  ),
};

export const LinkHealthSchema = Type.Object(
  {
    status: Type.Enum(HEALTH_STATUSES, {
      description:
        'ok: every destination answered 2xx (after following redirects); broken: a destination answered ' +
        '4xx/5xx, did not resolve, did not answer in time, redirected more than 10 times or resolved to a ' +
        'refused address; unknown: not checked yet, or a destination answered 429/503 (checked again sooner).',
    }),
    checked_at: Type.Union([Timestamp, Type.Null()]),
    http_status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The status that decided (the broken destination’s), else the main destination’s final status.',
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why it is broken or unknown; null when ok.' }),
    affiliate_tag_lost: Type.Union([Type.Boolean(), Type.Null()], {
      description:
        'Your affiliate tag was on the first request but not on the URL the redirects ended at; ' +
        'null before a check got an answer.',
    }),
  },
  {
    description: 'The last check of the link’s destinations (Business accounts’ active links, every 24 h by default).',
  },
);

const HEALTH_EXAMPLE = {
  status: 'ok',
  checked_at: '2026-11-02T06:00:00.000Z',
  http_status: 200,
  error: null,
  affiliate_tag_lost: false,
};

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
  title: 'Black Friday sale',
  expires_at: '2026-12-01T00:00:00.000Z',
  max_clicks: null,
  expired_url: 'https://example.com/sale-over',
  has_password: false,
  utm: { source: 'newsletter', medium: 'email', campaign: 'black-friday', term: null, content: null },
  variants: null,
  preview: null,
  is_expired: false,
  localize: false,
  localize_follows_default: true,
  tags: [LINK_TAG_EXAMPLE],
  pass_click_id: false,
  open_in_app: false,
  tracking_id: null,
  health: HEALTH_EXAMPLE,
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
  title: null,
  expires_at: null,
  expired_url: null,
  utm: null,
  variants: [
    { url: 'https://example.com/summer-a', weight: 70 },
    { url: 'https://example.com/summer-b', weight: 30 },
  ],
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
    title: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.Union([Timestamp, Type.Null()]),
    max_clicks: Type.Union([Type.Integer(), Type.Null()]),
    expired_url: Type.Union([Type.String(), Type.Null()]),
    has_password: Type.Boolean({ description: 'Whether visitors must enter a password; the password is never shown.' }),
    utm: Type.Union([UtmSchema, Type.Null()]),
    variants: Type.Union([Type.Array(VariantSchema), Type.Null()]),
    preview: Type.Union([PreviewSchema, Type.Null()]),
    is_expired: Type.Boolean({ description: 'Computed now: past expires_at, or click_count at max_clicks.' }),
    localize: Type.Boolean({
      description:
        "Storefront localisation as it applies now: the link's own choice, or the workspace's default " +
        '(false unless turned on) when it follows the default.',
    }),
    tags: Type.Array(Type.Ref('LinkTag'), { description: 'Its tags, by name.' }),
    localize_follows_default: Type.Boolean({
      description: 'True when the link was created or set with `localize: null`, so it follows the default.',
    }),
    pass_click_id: Type.Boolean({ description: 'Counted visits get a click id in the destination (Business).' }),
    open_in_app: Type.Boolean({ description: 'Phone visitors get the page that opens the destination’s app.' }),
    tracking_id: Type.Union([Type.String(), Type.Null()], {
      description: "The tracking id injected instead of the program's tag; null: the tag.",
    }),
    health: LinkHealthSchema,
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
    tags: Type.Optional(TagNames('Pro: tag names; the ones that do not exist yet are made. At most 20.')),
    ...LinkControlFields,
  },
  {
    additionalProperties: false,
    examples: [
      { redirect_url: 'https://example.com/sale' },
      { redirect_url: 'https://example.com/sale', tags: ['Black Friday', 'Newsletter'] },
      {
        redirect_url: 'https://example.com/sale',
        title: 'Black Friday sale',
        expires_at: '2026-12-01T00:00:00Z',
        expired_url: 'https://example.com/sale-over',
        utm: { source: 'newsletter', medium: 'email', campaign: 'black-friday' },
      },
      { redirect_url: 'https://example.com/summer?utm_source=newsletter', short_code: 'summer-sale', category_id: 3 },
      { redirect_url: 'https://www.amazon.com/dp/B0C1234567', open_in_app: true, tracking_id: 'hoplink-yt-20' },
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
    tags: Type.Optional(TagNames("Pro: the link's tags from now on (the ones not named are taken off). At most 20.")),
    ...LinkControlFields,
  },
  {
    additionalProperties: false,
    examples: [
      { redirect_url: 'https://example.com/winter-sale', is_active: false },
      { tags: ['Black Friday'] },
      { category_id: null },
      { max_clicks: 500, password: 'open sesame' },
      { expires_at: null, variants: null },
      { open_in_app: true, tracking_id: 'hoplink-news-20' },
    ],
  },
);

export const ListLinksQuery = Type.Object(
  {
    sort: Type.Optional(Type.Enum(LINK_SORTS, { default: 'created_at' })),
    direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
    category_id: Type.Optional(Id),
    search: Type.Optional(Type.String({ maxLength: 255 })),
    health: Type.Optional(
      Type.Enum(HEALTH_STATUSES, { description: 'Only links whose last check found this: ok, broken or unknown.' }),
    ),
    tag: Type.Optional(
      Type.String({
        maxLength: 1050,
        description: 'Only links carrying any of these tags: names separated by commas (at most 20), any case.',
        examples: ['black friday,newsletter'],
      }),
    ),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 15 })),
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE,
        default: 1,
        // Grouped by hand: toLocaleString would read ICU's locale data into every process (~5 MB).
        description: `1 to ${String(MAX_PAGE).replace(/\B(?=(\d{3})+$)/g, ',')}; past the last page the list is empty.`,
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

export const BulkUpdateBody = Type.Object(
  {
    ids: Type.Array(Id, {
      minItems: 1,
      maxItems: MAX_BULK_ITEMS,
      description: '1 to 100 link ids; a repeat is done once.',
    }),
    ...UpdateLinkBody.properties,
    add_tags: Type.Optional(TagNames('Pro: tags put on each link beside its own; made when missing.')),
    remove_tags: Type.Optional(TagNames('Pro: tags taken off each link.')),
  },
  {
    additionalProperties: false,
    examples: [
      { ids: [42, 43], add_tags: ['Black Friday'], remove_tags: ['Summer'] },
      { ids: [42, 43, 44], is_active: false },
      { ids: [42], category_id: 3, utm: { source: 'newsletter' } },
    ],
  },
);
export type BulkUpdateInput = Static<typeof BulkUpdateBody>;

export const BulkUpdateErrorSchema = Type.Object({
  id: Type.Integer({ description: 'The link id the change was refused for.' }),
  message: Type.String(),
});
export type BulkUpdateError = Static<typeof BulkUpdateErrorSchema>;

export const BulkUpdateResponse = Type.Object(
  {
    updated: Type.Array(Type.Ref('Link')),
    errors: Type.Array(BulkUpdateErrorSchema),
  },
  {
    description: 'The links changed, in the order of `ids`, and the ids refused (missing, not yours, or invalid).',
    examples: [
      {
        updated: [{ ...LINK_EXAMPLE, tags: [LINK_TAG_EXAMPLE] }],
        errors: [{ id: 99, message: 'Link not found.' }],
      },
    ],
  },
);
