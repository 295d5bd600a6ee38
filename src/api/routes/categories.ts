import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { getCategoryOrThrow } from '../../services/categories.ts';
import { deleteCategory, insertCategory, listCategories, renameCategory } from '../../storage/categories.kysely.ts';
import type { Database } from '../../storage/schema.ts';
import { ownedResource } from '../owned-resource.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../schemas/common.ts';
import { CategoryBody } from '../schemas/category.ts';
import { categoryResource } from '../serializers.ts';

export const categoryRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database> }> = async (app, { db }) => {
  const owned = ownedResource((principal, id) => getCategoryOrThrow(db, principal.user.id, id));

  app.get('/categories', {
    schema: { summary: 'List categories', tags: ['Categories'], response: { 200: DataList(Type.Ref('Category')), ...errorResponses() } },
  }, async (request) => ({ data: (await listCategories(db, request.principal.user.id)).map(categoryResource) }));

  app.post('/categories', {
    schema: { summary: 'Create a category', description: 'Names are unique per user.', tags: ['Categories'], body: CategoryBody, response: { 201: Type.Ref('Category'), ...errorResponses(...BODY_ERRORS) } },
  }, async (request, reply) => reply.code(201).send(categoryResource(await insertCategory(db, request.principal.user.id, request.body.name.trim()))));

  app.get('/categories/:id', {
    preValidation: owned.preValidation,
    schema: { summary: 'Read a category', tags: ['Categories'], params: IdParams, response: { 200: Type.Ref('Category'), ...errorResponses(404) } },
  }, async (request) => categoryResource(owned.get(request)));

  app.patch('/categories/:id', {
    preValidation: owned.preValidation,
    schema: { summary: 'Rename a category', tags: ['Categories'], params: IdParams, body: CategoryBody, response: { 200: Type.Ref('Category'), ...errorResponses(404, ...BODY_ERRORS) } },
  }, async (request) => categoryResource(await renameCategory(db, owned.get(request).id, request.body.name.trim())));

  app.delete('/categories/:id', {
    preValidation: owned.preValidation,
    schema: { summary: 'Delete a category', description: 'Its links stay, with category null.', tags: ['Categories'], params: IdParams, response: { 204: Type.Null(), ...errorResponses(404) } },
  }, async (request, reply) => {
    await deleteCategory(db, owned.get(request).id);
    return reply.code(204).send(null);
  });
};
