import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { StatsQuery, StatsSchema } from '../../schemas/stats.ts';
import { getLinkOrThrow } from '../../services/links.ts';
import { getLinkStats, parseWith } from '../../services/stats.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';

export const statsRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; now?: () => Date }> = async (
  app,
  { uow, now = () => new Date() },
) => {
  const ownedLink = ownedResource(uow, getLinkOrThrow);

  app.get(
    '/links/:id/stats',
    {
      preValidation: ownedLink.preValidation,
      schema: {
        summary: "A link's click statistics",
        description:
          'Totals on every plan with API access. Business adds the 30-day `trend` and, per `with` dimension ' +
          '(comma-separated: country, device, browser, os), a breakdown. Answered from rollups.',
        tags: ['Statistics'],
        params: IdParams,
        querystring: StatsQuery,
        response: { 200: StatsSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const dimensions = parseWith(request.principal, request.query.with);
      return uow.read((stores) => getLinkStats(stores, request.principal, request.params.id, dimensions, now()));
    },
  );
};
