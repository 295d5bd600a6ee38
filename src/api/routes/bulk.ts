import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BODY_ERRORS, errorResponses } from '../../schemas/common.ts';
import { BulkBody, BulkResponse, CreateLinkBody } from '../../schemas/link.ts';
import { createLinksInBulk, prepareBulkItems } from '../../services/bulk-links.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { validationErrors } from '../plugins/errors.ts';
import { compileBodyValidator } from '../plugins/validation.ts';
import { linkResource } from '../serializers.ts';

export const bulkRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; shortUrl: string }> = async (
  app,
  { uow, shortUrl },
) => {
  const validateItem = compileBodyValidator(CreateLinkBody);
  const problemWith = (item: unknown): string | undefined => {
    if (validateItem(item)) return undefined;
    const errors = validationErrors(validateItem.errors ?? [], 'body');
    return Object.values(errors)[0]?.[0] ?? 'The item is invalid.';
  };

  app.post(
    '/links/bulk',
    {
      config: { business: 'Bulk creation' },
      schema: {
        summary: 'Create up to 100 links',
        description:
          'Each item is validated on its own: invalid items are reported in `errors` (with their index) ' +
          'and never stop the valid ones, which are created in order in one transaction. ' +
          'An empty list or more than 100 items is a 422 for the whole call.',
        tags: ['Links'],
        body: BulkBody,
        response: { 200: BulkResponse, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => {
      const items = await prepareBulkItems(request.principal, request.body.links, problemWith);
      const result = await uow.transact((work) => createLinksInBulk(work, request.principal, items));
      return { created: result.created.map((link) => linkResource(link, shortUrl)), errors: result.errors };
    },
  );
};
