import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { RAW_BOTS_PER_DAY } from '../../core/clicks.ts';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { getLinkOrThrow } from '../../services/links.ts';
import { listRawClicks } from '../../services/raw-clicks.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import { rawClicksCsv } from '../raw-clicks-csv.ts';

const RawClick = Type.Object({
  clicked_at: Type.String({ format: 'date-time' }),
  country: Type.String({ description: 'ISO 3166 alpha-2; XX when unknown.' }),
  device: Type.String(),
  browser: Type.String(),
  os: Type.String(),
  referrer_host: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  is_bot: Type.Boolean({
    description:
      `True for a bot's visit (isbot, or no user agent): a link's first ${RAW_BOTS_PER_DAY} bot visits of each ` +
      'UTC day are raw clicks, every one is counted in `bot_visits` of the stats.',
  }),
  option: Type.Union([Type.Integer(), Type.Null()], { description: 'The choice-page option picked, from 1.' }),
  variant: Type.Union([Type.Integer(), Type.Null()], { description: 'The A/B variant sent to, from 1.' }),
  click_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The click id the redirect put in the destination (links with `pass_click_id`); null for others.',
  }),
});

export const rawClickRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork }> = async (app, { uow }) => {
  const ownedLink = ownedResource(uow, getLinkOrThrow);

  app.get(
    '/links/:id/clicks',
    {
      preValidation: ownedLink.preValidation,
      config: { business: 'Raw clicks' },
      schema: {
        summary: "A link's raw clicks",
        description:
          'Newest first, a page at a time: pass `next_cursor` back as `cursor` until it is null (clicks that ' +
          'arrive meanwhile never shift a page); every page is one indexed read, however deep. ' +
          '`Accept: text/csv` or `format=csv` streams the whole history as CSV with a header row, read a ' +
          'thousand rows at a time as the client takes them. Of bot visits, only the first ' +
          `${RAW_BOTS_PER_DAY} of each UTC day are raw clicks (\`is_bot\`); \`bot_visits\` in the stats counts ` +
          'them all. No client address is stored or shown. Business plan.',
        tags: ['Statistics'],
        params: IdParams,
        querystring: Type.Object(
          {
            cursor: Type.Optional(Type.String({ maxLength: 64 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
            format: Type.Optional(Type.Enum(['json', 'csv'])),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            { data: Type.Array(RawClick), next_cursor: Type.Union([Type.String(), Type.Null()]) },
            {
              description: 'A page of clicks (or, for CSV, the whole history).',
              examples: [
                {
                  data: [
                    {
                      clicked_at: '2026-11-20T16:42:08.123Z',
                      country: 'DE',
                      device: 'mobile',
                      browser: 'safari',
                      os: 'ios',
                      referrer_host: 'news.ycombinator.com',
                      language: 'de',
                      is_bot: false,
                      option: null,
                      variant: 2,
                      click_id: 'q3ZkB1tX0m9cP2wLrVn8aA',
                    },
                  ],
                  next_cursor: 'YzEyMzQ1',
                },
              ],
            },
          ),
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const link = ownedLink.get(request);
      const csv = request.query.format === 'csv' || (request.headers.accept ?? '').includes('text/csv');
      if (!csv) {
        return uow.read((stores) =>
          listRawClicks(stores, request.principal, link.id, request.query.cursor, request.query.limit ?? 100),
        );
      }
      const body = rawClicksCsv(uow, link.id);
      // The response schema describes the JSON answer; CSV goes out as a stream, past the serializer.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="clicks-${link.shortCode}.csv"`)
        .send(body);
    },
  );
};
