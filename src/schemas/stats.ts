import { Type, type Static } from 'typebox';

const Breakdown = Type.Optional(
  Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), {
    description: 'Sorted by clicks, most first. Unknown country is XX.',
  }),
);

export const StatsSchema = Type.Object({
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
  options: Type.Optional(
    Type.Array(Type.Object({ url: Type.String(), picks: Type.Integer() }), {
      description: 'Business, choice-page links: picks per option, in option order.',
    }),
  ),
});

export const StatsQuery = Type.Object({
  with: Type.Optional(Type.String({ maxLength: 100, description: 'Business only: country,device,browser,os' })),
});

export type LinkStats = Static<typeof StatsSchema>;
