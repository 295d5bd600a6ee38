import { Type, type Static } from 'typebox';
import { RAW_BOTS_PER_DAY } from '../core/clicks.ts';

const Breakdown = Type.Optional(
  Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), {
    description: 'Sorted by clicks, most first. Unknown country is XX; no referrer is `direct`.',
  }),
);

/** A currency's conversions over some days, with the rates over the counted clicks of those days. */
const ConversionFigures = Type.Object({
  currency: Type.String({ description: 'ISO 4217.' }),
  conversions: Type.Integer({ description: 'Attributed conversions not reversed.' }),
  revenue: Type.String({ description: 'Their amounts, a decimal string.' }),
  earnings: Type.String({ description: 'Their commissions, a decimal string.' }),
  conversion_rate: Type.Number({ description: 'Conversions per counted click over the same days (4 decimals).' }),
  epc: Type.String({
    description: 'Earnings per counted click: two decimals more than the currency has, rounded half up.',
  }),
});

/** Conversions per currency (Business): from the rollups, never converted between currencies. */
const ConversionTotals = Type.Optional(
  Type.Array(ConversionFigures, {
    maxItems: 200,
    description:
      'Business: per currency, the conversions of the same days as the clicks (all time for a link without ' +
      'from/to; the range or the last 30 days for the account). Unattributed conversions are in none.',
  }),
);

const TrendDay = Type.Object({
  date: Type.String({ format: 'date' }),
  clicks: Type.Integer(),
  unique_clicks: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Distinct visitors that day; null when the statistics are filtered.',
  }),
  conversions: Type.Optional(
    Type.Array(ConversionFigures, {
      maxItems: 200,
      description: "Business: that day's conversions per currency (none: empty), the rates over that day's clicks.",
    }),
  ),
});

const CONVERSIONS_EXAMPLE = [
  { currency: 'USD', conversions: 3, revenue: '74.97', earnings: '3.00', conversion_rate: 0.0234, epc: '0.0234' },
];

/** A Business answer to `?with=country,device` on 2026-11-20 (an example for the OpenAPI document). */
const TREND_EXAMPLE = Array.from({ length: 30 }, (_, i) => {
  const clicks = [2, 5, 3, 0, 4, 6, 1][i % 7]!;
  return {
    date: new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10),
    clicks,
    unique_clicks: Math.ceil(clicks * 0.8),
  };
});
const BUSINESS_STATS_EXAMPLE = {
  link_id: 42,
  total_clicks: 128,
  unique_clicks: 97,
  clicks_this_month: TREND_EXAMPLE.slice(-20).reduce((sum, day) => sum + day.clicks, 0),
  trend: TREND_EXAMPLE,
  bot_visits: 31,
  conversions: CONVERSIONS_EXAMPLE,
  country: [
    { value: 'DE', clicks: 70 },
    { value: 'US', clicks: 41 },
    { value: 'XX', clicks: 17 },
  ],
  referrer: [
    { value: 'direct', clicks: 80 },
    { value: 'news.ycombinator.com', clicks: 48 },
  ],
};

const UniqueClicks = Type.Union([Type.Integer(), Type.Null()], {
  description:
    'Visitors counted once per UTC day, summed over days (a visitor is a daily-salted hash of address and ' +
    'user agent; the salt is discarded). Bots count in neither. null when the statistics are filtered: ' +
    'the rollup that filters counts clicks, not who made them.',
});

/** The click-to-filter parameters: each the one value the visits counted must have (Business). */
const FilterFields = Object.fromEntries(
  (
    [
      ['country', 'ISO 3166 alpha-2 (XX: unknown), e.g. DE'],
      ['referrer', 'A referring host, or direct'],
      ['device', 'desktop, mobile, tablet, ...'],
      ['browser', 'As in the browser breakdown, e.g. chrome'],
      ['os', 'As in the os breakdown, e.g. macos'],
      ['language', 'As in the language breakdown, e.g. de (unknown: none sent)'],
      ['utm_source', 'A utm_source value'],
      ['utm_medium', 'A utm_medium value'],
      ['utm_campaign', 'A utm_campaign value'],
    ] as const
  ).map(([name, what]) => [
    name,
    Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: `Business: only the visits with this ${name}. ${what}. Filters combine with AND.`,
      }),
    ),
  ]),
) as Record<
  'country' | 'referrer' | 'device' | 'browser' | 'os' | 'language' | 'utm_source' | 'utm_medium' | 'utm_campaign',
  ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>
>;

const AccountBreakdown = Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), {
  maxItems: 20,
  description: 'The 20 values with the most clicks over the range, most first.',
});

export const StatsSchema = Type.Object(
  {
    link_id: Type.Integer(),
    total_clicks: Type.Integer({ description: 'All counted clicks (bots excluded).' }),
    unique_clicks: UniqueClicks,
    clicks_this_month: Type.Integer({ description: 'Since the first day of the current UTC month.' }),
    trend: Type.Optional(
      Type.Array(TrendDay, {
        description: 'Business: the last 30 UTC days including today, or from..to, oldest first, zero-filled.',
      }),
    ),
    bot_visits: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description:
          'Business: visits by bots (isbot, or no user agent) over all time, or from..to, never counted as clicks. ' +
          `The first ${RAW_BOTS_PER_DAY} of each UTC day are raw clicks too (\`is_bot\`), the rest only this count.`,
      }),
    ),
    conversions: ConversionTotals,
    country: Breakdown,
    device: Breakdown,
    browser: Breakdown,
    os: Breakdown,
    referrer: Breakdown,
    language: Breakdown,
    utm_source: Breakdown,
    utm_medium: Breakdown,
    utm_campaign: Breakdown,
    storefront: Type.Optional(
      Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), {
        description:
          'Links with storefront localisation: every click by the storefront it was sent to (amazon.de, ' +
          'apple:de), the original one included, most first.',
      }),
    ),
    options: Type.Optional(
      Type.Array(Type.Object({ url: Type.String(), picks: Type.Integer() }), {
        description: 'Business, choice-page links: picks per option, in option order.',
      }),
    ),
    variants: Type.Optional(
      Type.Array(Type.Object({ url: Type.String(), clicks: Type.Integer() }), {
        description: 'Business, links with A/B variants: counted clicks sent to each variant, in variant order.',
      }),
    ),
  },
  {
    description:
      'Totals; with the Business plan also the trend, the breakdowns asked for, choice-page picks and variants.',
    examples: [{ link_id: 42, total_clicks: 128, unique_clicks: 97, clicks_this_month: 60 }, BUSINESS_STATS_EXAMPLE],
  },
);

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const RangeFields = {
  from: Type.Optional(
    Type.String({
      pattern: DAY_PATTERN,
      maxLength: 10,
      description: 'Business: first UTC day (YYYY-MM-DD), inclusive. With `to`, at most 366 days.',
    }),
  ),
  to: Type.Optional(
    Type.String({ pattern: DAY_PATTERN, maxLength: 10, description: 'Business: last UTC day, inclusive.' }),
  ),
};

export const StatsQuery = Type.Object({
  with: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Business only: country,device,browser,os,referrer,language,utm_source,utm_medium,utm_campaign,storefront',
    }),
  ),
  ...RangeFields,
  ...FilterFields,
});

export const AccountStatsQuery = Type.Object(
  {
    ...RangeFields,
    ...FilterFields,
    tag: Type.Optional(
      Type.String({
        maxLength: 1050,
        description: 'Only the links carrying any of these tags: names separated by commas (at most 20), any case.',
        examples: ['black friday'],
      }),
    ),
  },
  { additionalProperties: false },
);

export const AccountStatsSchema = Type.Object(
  {
    total_clicks: Type.Integer({ description: 'All counted clicks of all your links.' }),
    unique_clicks: UniqueClicks,
    clicks_this_month: Type.Integer(),
    trend: Type.Array(TrendDay, { description: 'The last 30 UTC days, or from..to, zero-filled.' }),
    top_links: Type.Array(Type.Object({ id: Type.Integer(), short_code: Type.String(), clicks: Type.Integer() }), {
      description: 'Your 10 links with the most clicks over the range.',
    }),
    conversions: ConversionTotals,
    programs: Type.Optional(
      Type.Array(
        Type.Object({
          program_id: Type.Integer({ description: 'The affiliate catalog id (GET /affiliate-programs).' }),
          program: Type.String({ description: "The program's name, e.g. Amazon US." }),
          tracking_id: Type.Union([Type.String(), Type.Null()], {
            description: "The tracking id the links chose; null: the program's own tag.",
          }),
          clicks: Type.Integer({ description: 'Counted clicks of links whose destination is in the program.' }),
          conversions: Type.Array(ConversionFigures, { maxItems: 200 }),
        }),
        {
          maxItems: 1000,
          description:
            'Per affiliate program and tracking id over the range: clicks, and conversions per currency with ' +
            'their rate and earnings per click. Most clicks first. Not restricted by the click filters (like ' +
            '`conversions`); absent with `tag`.',
        },
      ),
    ),
    country: AccountBreakdown,
    referrer: AccountBreakdown,
    device: AccountBreakdown,
    browser: AccountBreakdown,
    os: AccountBreakdown,
    language: AccountBreakdown,
  },
  {
    description: "The account's totals, trend, top links and breakdowns over the range, from the rollups.",
    examples: [
      {
        total_clicks: 5120,
        unique_clicks: 3904,
        clicks_this_month: 412,
        trend: TREND_EXAMPLE,
        top_links: [
          { id: 42, short_code: 'aB3xY9z', clicks: 88 },
          { id: 41, short_code: 'summer-sale', clicks: 12 },
        ],
        conversions: CONVERSIONS_EXAMPLE,
        country: BUSINESS_STATS_EXAMPLE.country,
        referrer: BUSINESS_STATS_EXAMPLE.referrer,
        device: [
          { value: 'mobile', clicks: 71 },
          { value: 'desktop', clicks: 57 },
        ],
        browser: [{ value: 'chrome', clicks: 128 }],
        os: [
          { value: 'ios', clicks: 64 },
          { value: 'windows', clicks: 64 },
        ],
        language: [{ value: 'de', clicks: 128 }],
      },
    ],
  },
);

export type LinkStats = Static<typeof StatsSchema>;
export type AccountStats = Static<typeof AccountStatsSchema>;
