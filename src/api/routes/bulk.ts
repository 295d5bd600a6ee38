import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createLinksInBulk, MAX_BULK_ITEMS } from '../../services/bulk-links.ts';
import type { LinkServiceDeps } from '../../services/links.ts';
import { validationErrors } from '../plugins/errors.ts';
import { compileBodyValidator } from '../plugins/validation.ts';
import { BODY_ERRORS, errorResponses } from '../schemas/common.ts';
import { CreateLinkBody } from '../schemas/link.ts';
import { linkResource } from '../serializers.ts';

const BulkBody = Type.Object(
  {
    links: Type.Array(Type.Any(), {
      minItems: 1,
      maxItems: MAX_BULK_ITEMS,
      description: '1 to 100 items, each shaped like the body of POST /links. Items are validated one by one.',
    }),
  },
  { additionalProperties: false },
);

const BulkResponse = Type.Object({
  created: Type.Array(Type.Ref('Link')),
  errors: Type.Array(Type.Object({ index: Type.Integer({ description: 'Position of the item in `links`, from 0.' }), message: Type.String() })),
});

export const bulkRoutes: FastifyPluginAsyncTypebox<{ links: LinkServiceDeps; shortUrl: string }> = async (app, { links, shortUrl }) => {
  const validateItem = compileBodyValidator(CreateLinkBody);
  const problemWith = (item: unknown): string | undefined => {
    if (validateItem(item)) return undefined;
    const errors = validationErrors(validateItem.errors ?? [], 'body');
    return Object.values(errors)[0]?.[0] ?? 'The item is invalid.';
  };

  app.post('/links/bulk', {
    config: { business: 'Bulk creation' },
    schema: {
      summary: 'Create up to 100 links',
      description: 'Each item is validated on its own: invalid items are reported in `errors` (with their index) and never stop the valid ones, which are created in order in one transaction. An empty list or more than 100 items is a 422 for the whole call.',
      tags: ['Links'],
      body: BulkBody,
      response: { 200: BulkResponse, ...errorResponses(...BODY_ERRORS) },
    },
  }, async (request) => {
    const result = await createLinksInBulk(links, request.principal, request.body.links, problemWith);
    return { created: result.created.map((link) => linkResource(link, shortUrl)), errors: result.errors };
  });
};
