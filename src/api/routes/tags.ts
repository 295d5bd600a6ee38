import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Tag } from '../../core/tags.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import { CreateTagBody, TAG_EXAMPLE, UpdateTagBody } from '../../schemas/tag.ts';
import { createTag, deleteTag, getTagOrThrow, listWorkspaceTags, updateTag } from '../../services/tags.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';

export function tagResource(tag: Tag, linkCount: number) {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    link_count: linkCount,
    created_at: tag.createdAt,
    updated_at: tag.updatedAt,
  };
}

const tags = ['Tags'];

/** /tags: a workspace's tags (Pro and Business); a link carries up to 20 (docs/api.md#tags). */
export const tagRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork }> = async (app, { uow }) => {
  const owned = ownedResource(uow, getTagOrThrow);
  const counted = (tag: Tag) => uow.read(async (stores) => tagResource(tag, await stores.tags.countLinks(tag.id)));

  app.get(
    '/tags',
    {
      schema: {
        summary: 'List tags',
        description: 'All the workspace’s tags, by name, each with how many links carry it.',
        tags,
        response: {
          200: DataList(Type.Ref('Tag'), {
            description: 'The tags.',
            examples: [{ data: [TAG_EXAMPLE, { ...TAG_EXAMPLE, id: 8, name: 'Newsletter', color: 'blue' }] }],
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => ({
      data: (await uow.read((stores) => listWorkspaceTags(stores, request.principal))).map((tag) =>
        tagResource(tag, tag.linkCount),
      ),
    }),
  );

  app.post(
    '/tags',
    {
      schema: {
        summary: 'Create a tag',
        description: 'Names are unique in the workspace whatever their case (422 when taken).',
        tags,
        body: CreateTagBody,
        response: {
          201: Type.Ref('Tag', { description: 'The tag created.' }),
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const tag = await uow.transact((work) => createTag(work, request.principal, request.body));
      return reply.code(201).send(tagResource(tag, 0));
    },
  );

  app.get(
    '/tags/:id',
    {
      preValidation: owned.preValidation,
      schema: {
        summary: 'Read a tag',
        description: 'One of the workspace’s tags.',
        tags,
        params: IdParams,
        response: { 200: Type.Ref('Tag', { description: 'The tag.' }), ...errorResponses(404) },
      },
    },
    async (request) => counted(owned.get(request)),
  );

  app.patch(
    '/tags/:id',
    {
      preValidation: owned.preValidation,
      schema: {
        summary: 'Rename or recolour a tag',
        description: 'Its links keep it under the new name.',
        tags,
        params: IdParams,
        body: UpdateTagBody,
        response: {
          200: Type.Ref('Tag', { description: 'The tag, changed.' }),
          ...errorResponses(404, ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const tag = await uow.transact((work) => updateTag(work, request.principal, request.params.id, request.body));
      return counted(tag);
    },
  );

  app.delete(
    '/tags/:id',
    {
      preValidation: owned.preValidation,
      schema: {
        summary: 'Delete a tag',
        description: 'It is taken off its links, which stay.',
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted; no body.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => deleteTag(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
