import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLinkOrThrow, type LinkServiceDeps } from '../../services/links.ts';
import { getLinkStats, parseWith } from '../../services/stats.ts';
import { ownedResource } from '../owned-resource.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';

const Breakdown = Type.Optional(Type.Array(Type.Object({ value: Type.String(), clicks: Type.Integer() }), { description: 'Sorted by clicks, most first. Unknown country is XX.' }));

const StatsSchema = Type.Object({
  link_id: Type.Integer(),
  total_clicks: Type.Integer({ description: 'All counted clicks (bots excluded).' }),
  clicks_this_month: Type.Integer({ description: 'Since the first day of the current UTC month.' }),
  trend: Type.Optional(Type.Array(Type.Object({ date: Type.String({ format: 'date' }), clicks: Type.Integer() }), { description: 'Business: the last 30 UTC days including today, oldest first, zero-filled.' })),
  country: Breakdown,
  device: Breakdown,
  browser: Breakdown,
  os: Breakdown,
  options: Type.Optional(Type.Array(Type.Object({ url: Type.String(), picks: Type.Integer() }), { description: 'Business, choice-page links: picks per option, in option order.' })),
});

export const statsRoutes: FastifyPluginAsyncTypebox<{ links: LinkServiceDeps; now?: () => Date }> = async (app, { links, now = () => new Date() }) => {
  const ownedLink = ownedResource((principal, id) => getLinkOrThrow(links, principal, id));

  app.get('/links/:id/stats', {
    preValidation: ownedLink.preValidation,
    schema: {
      summary: "A link's click statistics",
      description: 'Totals on every plan with API access. Business adds the 30-day `trend` and, per `with` dimension (comma-separated: country, device, browser, os), a breakdown. Answered from rollups.',
      tags: ['Statistics'],
      params: IdParams,
      querystring: Type.Object({ with: Type.Optional(Type.String({ maxLength: 100, description: 'Business only: country,device,browser,os' })) }),
      response: { 200: StatsSchema, ...errorResponses(404, 422) },
    },
  }, async (request) => {
    const dimensions = parseWith(request.principal, request.query.with);
    return getLinkStats(links.db, request.principal, ownedLink.get(request), dimensions, now());
  });
};
