import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { EXPORT_COLUMNS, EXPORT_EXAMPLE } from '../../schemas/import.ts';
import { assertCanExport } from '../../services/imports.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { linksCsv } from '../export-csv.ts';

export const exportRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; shortUrl: string }> = async (
  app,
  { uow, shortUrl: shortBase },
) => {
  app.get(
    '/links/export',
    {
      schema: {
        summary: 'Export your links as CSV',
        description:
          `Every link of yours, oldest first, as \`text/csv\` with the header \`${EXPORT_COLUMNS.join(',')}\`. ` +
          'Streamed from the database page by page, so any number of links downloads in constant memory. ' +
          'Empty cells are nulls. Pro and Business. The file imports back through POST /imports.',
        tags: ['Links'],
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The CSV file (quoted where a cell needs it).',
            content: { 'text/csv': { schema: Type.String({ examples: [EXPORT_EXAMPLE] }) } },
          },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      assertCanExport(principal); // before the first byte: afterwards there is no status to change
      const csv = linksCsv(uow, principal, shortBase, (error) => request.log.error({ err: error }, 'export failed'));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="hoplink-links-${day}.csv"`)
        .send(csv as unknown as string); // a stream: the 200 schema types the body as the text it becomes
    },
  );
};
