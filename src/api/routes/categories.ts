import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CATEGORY_EXAMPLE, CategoryBody } from '../../schemas/category.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import {
  createCategory,
  deleteCategory,
  getCategoryOrThrow,
  listUserCategories,
  renameCategory,
} from '../../services/categories.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import { categoryResource } from '../serializers.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

export const categoryRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork }> = async (app, { uow }) => {
  registerCategoryCollection(app, uow);
  registerCategoryItem(app, uow);
};

const tags = ['Categories'];

/** GET and POST /categories: listing and creating categories. */
function registerCategoryCollection(app: TypeBoxApp, uow: UnitOfWork): void {
  app.get(
    '/categories',
    {
      schema: {
        summary: 'List categories',
        description: 'All your categories, by name.',
        tags,
        response: {
          200: DataList(Type.Ref('Category'), {
            description: 'Your categories.',
            examples: [
              {
                data: [
                  CATEGORY_EXAMPLE,
                  { ...CATEGORY_EXAMPLE, id: 4, name: 'Partners', updated_at: CATEGORY_EXAMPLE.created_at },
                ],
              },
            ],
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => ({
      data: (await uow.read((stores) => listUserCategories(stores, request.principal))).map(categoryResource),
    }),
  );

  app.post(
    '/categories',
    {
      schema: {
        summary: 'Create a category',
        description: 'Names are unique per user.',
        tags,
        body: CategoryBody,
        response: {
          201: Type.Ref('Category', { description: 'The category created.' }),
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const category = await uow.transact((work) => createCategory(work, request.principal, request.body.name));
      return reply.code(201).send(categoryResource(category));
    },
  );
}

/** GET, PATCH and DELETE /categories/:id: one category. */
function registerCategoryItem(app: TypeBoxApp, uow: UnitOfWork): void {
  const owned = ownedResource(uow, getCategoryOrThrow);

  app.get(
    '/categories/:id',
    {
      preValidation: owned.preValidation,
      schema: {
        summary: 'Read a category',
        description: 'One of your categories.',
        tags,
        params: IdParams,
        response: { 200: Type.Ref('Category', { description: 'The category.' }), ...errorResponses(404) },
      },
    },
    async (request) => categoryResource(owned.get(request)),
  );

  app.patch(
    '/categories/:id',
    {
      preValidation: owned.preValidation,
      schema: {
        summary: 'Rename a category',
        description: 'The new name is trimmed and must be unique among your categories; its links keep it.',
        tags,
        params: IdParams,
        body: CategoryBody,
        response: {
          200: Type.Ref('Category', { description: 'The category, renamed.' }),
          ...errorResponses(404, ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const category = await uow.transact((work) =>
        renameCategory(work, request.principal, request.params.id, request.body.name),
      );
      return categoryResource(category);
    },
  );

  app.delete(
    '/categories/:id',
    {
      preValidation: owned.preValidation,
      schema: {
        summary: 'Delete a category',
        description: 'Its links stay, with category null.',
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted; no body.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => deleteCategory(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
}
