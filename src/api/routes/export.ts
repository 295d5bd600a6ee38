import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify';
import { errorResponses } from '../../schemas/common.ts';
import { EXPORT_COLUMNS, EXPORT_EXAMPLE } from '../../schemas/import.ts';
import { assertCanExport, exportUserLinks } from '../../services/imports.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import type { ExportedLink } from '../../storage/links.kysely.ts';
import { shortUrl } from '../serializers.ts';

export const exportRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; shortUrl: string }> = async (
  app,
  { uow, shortUrl: shortBase },
) => {
  const row = (link: ExportedLink) => [
    link.id,
    link.shortCode,
    shortUrl(
      { shortCode: link.shortCode, domain: link.domain === null ? null : { id: 0, hostname: link.domain } },
      shortBase,
    ),
    link.redirectUrl,
    link.title,
    link.category,
    link.domain,
    link.isActive ? 'true' : 'false',
    link.clickCount,
    link.expiresAt,
    link.createdAt,
  ];

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
      async function* rows() {
        for await (const page of exportUserLinks(uow, principal)) for (const link of page) yield row(link);
      }
      const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS] });
      // Errors after the headers are sent can only end the response early; pipeline tears both down.
      pipeline(Readable.from(rows()), csv).catch((error: unknown) =>
        request.log.error({ err: error }, 'export failed'),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="hoplink-links-${day}.csv"`)
        .send(csv as unknown as string); // a stream: the 200 schema types the body as the text it becomes
    },
  );
};
