import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BODY_ERRORS, errorResponses } from '../../schemas/common.ts';
import { BulkBody, BulkResponse, BulkUpdateBody, BulkUpdateResponse, CreateLinkBody } from '../../schemas/link.ts';
import { updateLinksInBulk } from '../../services/bulk-updates.ts';
import { hashLinkPassword } from '../../services/link-passwords.ts';
import { assertLinkFieldPlans } from '../../services/links.ts';
import { createLinksInBulk, prepareBulkItems, refreshLinkStatistics } from '../../services/bulk-links.ts';
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
      await uow.read((stores) => refreshLinkStatistics(stores, result.created.length));
      return { created: result.created.map((link) => linkResource(link, shortUrl)), errors: result.errors };
    },
  );

  app.patch(
    '/links/bulk',
    {
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        const tags = body && (body.add_tags !== undefined || body.remove_tags !== undefined) ? { tags: [] } : {};
        assertLinkFieldPlans(request.principal, { ...body, ...tags });
      },
      schema: {
        summary: 'Update up to 100 links',
        description:
          'The same change to each link named: any field of PATCH /links/{id}, and `add_tags` / `remove_tags`. ' +
          'A link that is missing, not yours or refuses the change is reported in `errors` by id and never ' +
          'stops the others, which are changed together in one transaction.',
        tags: ['Links'],
        body: BulkUpdateBody,
        response: { 200: BulkUpdateResponse, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { ids, add_tags, remove_tags, ...fields } = request.body;
      const hashed = await hashLinkPassword(request.principal, fields);
      const result = await uow.transact((work) =>
        updateLinksInBulk(work, request.principal, { ids, fields: hashed, addTags: add_tags, removeTags: remove_tags }),
      );
      return { updated: result.updated.map((link) => linkResource(link, shortUrl)), errors: result.errors };
    },
  );
};
