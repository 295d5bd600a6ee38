import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { AccountStatsQuery, AccountStatsSchema, StatsQuery, StatsSchema } from '../../schemas/stats.ts';
import { getLinkOrThrow } from '../../services/links.ts';
import { getAccountStats, getLinkStats, parseFilters, parseRange, parseWith } from '../../services/stats.ts';
import { tagFilter } from '../../services/tags.ts';
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
          'Totals and unique visitors on every plan with API access. Business adds the `trend` (the last 30 ' +
          'UTC days, or `from`..`to`) and, per `with` dimension (comma-separated: country, device, browser, ' +
          'os, referrer, language, utm_source, utm_medium, utm_campaign, storefront), a breakdown over all ' +
          'time or the range. Business filters (`country=DE&device=mobile`, each one value, AND) restrict ' +
          'the clicks, the trend and every breakdown to the matching visits (unique visitors are then null). ' +
          'Answered from rollups.',
        tags: ['Statistics'],
        params: IdParams,
        querystring: StatsQuery,
        response: { 200: StatsSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const at = now();
      const dimensions = parseWith(request.principal, request.query.with);
      const range = parseRange(request.principal, request.query, at);
      const filters = parseFilters(request.principal, request.query);
      return uow.read((stores) =>
        getLinkStats(stores, request.principal, ownedLink.get(request), dimensions, at, range, filters),
      );
    },
  );

  app.get(
    '/stats',
    {
      config: { business: 'Account statistics' },
      schema: {
        summary: "Your account's statistics",
        description:
          'Total and unique clicks of all your links, clicks this month, the daily trend (the last 30 UTC days, ' +
          'or `from`..`to`, at most 366 days) and the 10 links with the most clicks over that range. Business plan. ' +
          "`tag` restricts every figure to the links carrying any of the tags named; the filters of a link's " +
          'statistics (`country=DE&device=mobile`) to the matching visits. The breakdowns by country, referrer, ' +
          'device, browser, os and language carry the 20 values with the most clicks.',
        tags: ['Statistics'],
        querystring: AccountStatsQuery,
        response: { 200: AccountStatsSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      const at = now();
      const range = parseRange(request.principal, request.query, at);
      const tags = tagFilter(request.query.tag);
      const filters = parseFilters(request.principal, request.query);
      return uow.read((stores) => getAccountStats(stores, request.principal, at, range, tags, filters));
    },
  );
};
