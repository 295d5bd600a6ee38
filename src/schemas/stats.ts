import { Type, type Static } from 'typebox';

const Breakdown = Type.Optional(
  Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), {
    description: 'Sorted by clicks, most first. Unknown country is XX.',
  }),
);

/** A Business answer to `?with=country,device` on 2026-11-20 (an example for the OpenAPI document). */
const TREND_EXAMPLE = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10),
  clicks: [2, 5, 3, 0, 4, 6, 1][i % 7]!,
}));
const BUSINESS_STATS_EXAMPLE = {
  link_id: 42,
  total_clicks: 128,
  clicks_this_month: TREND_EXAMPLE.slice(-20).reduce((sum, day) => sum + day.clicks, 0),
  trend: TREND_EXAMPLE,
  country: [
    { value: 'DE', clicks: 70 },
    { value: 'US', clicks: 41 },
    { value: 'XX', clicks: 17 },
  ],
  device: [
    { value: 'desktop', clicks: 81 },
    { value: 'mobile', clicks: 44 },
    { value: 'tablet', clicks: 3 },
  ],
};

export const StatsSchema = Type.Object(
  {
    link_id: Type.Integer(),
    total_clicks: Type.Integer({ description: 'All counted clicks (bots excluded).' }),
    clicks_this_month: Type.Integer({ description: 'Since the first day of the current UTC month.' }),
    trend: Type.Optional(
      Type.Array(Type.Object({ date: Type.String({ format: 'date' }), clicks: Type.Integer() }), {
        description: 'Business: the last 30 UTC days including today, oldest first, zero-filled.',
      }),
    ),
    country: Breakdown,
    device: Breakdown,
    browser: Breakdown,
    os: Breakdown,
    storefront: Type.Optional(
      Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), {
        description:
          'Links with storefront localisation: where localised clicks went (amazon.de, apple:de), most first. ' +
          'Clicks left on the original URL are not in it.',
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
    description: 'Totals; with the Business plan also the trend, the breakdowns asked for, and choice-page picks.',
    examples: [{ link_id: 42, total_clicks: 128, clicks_this_month: 60 }, BUSINESS_STATS_EXAMPLE],
  },
);

export const StatsQuery = Type.Object({
  with: Type.Optional(
    Type.String({ maxLength: 100, description: 'Business only: country,device,browser,os,storefront' }),
  ),
});

export type LinkStats = Static<typeof StatsSchema>;
