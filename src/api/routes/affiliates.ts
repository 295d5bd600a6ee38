import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { affiliatePrograms, findProgram } from '../../core/affiliate.ts';
import type { AffiliateTag } from '../../core/model.ts';
import {
  AFFILIATE_PROGRAMS_EXAMPLE,
  AFFILIATE_TAG_EXAMPLE,
  AffiliateProgramSchema,
  AffiliateTagSchema,
  CreateAffiliateTagBody,
  UpdateAffiliateTagBody,
  type AffiliateTagRecord,
} from '../../schemas/affiliate.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import {
  addAffiliateTag,
  changeAffiliateTag,
  getAffiliateTagOrThrow,
  listUserAffiliateTags,
  removeAffiliateTag,
} from '../../services/affiliates.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

function tagResource(tag: AffiliateTag): AffiliateTagRecord {
  const program = findProgram(tag.programId);
  return {
    id: tag.id,
    affiliate_program: { id: tag.programId, name: program?.name ?? 'Unknown program' },
    tag: tag.tag,
    tracking_ids: tag.trackingIds,
    created_at: tag.createdAt,
    updated_at: tag.updatedAt,
  };
}

/** Affiliate tags (Business): the owner's tag is applied to matching destinations at redirect time. */
export const affiliateRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork }> = async (app, { uow }) => {
  app.addSchema(AffiliateTagSchema);
  registerProgramCatalog(app);
  registerTagCollection(app, uow);
  registerTagItem(app, uow);
};

const config = { business: 'Affiliate tags' };
const tags = ['Affiliate tags'];

/** GET /affiliate-programs: the programs a tag can be added for. */
function registerProgramCatalog(app: TypeBoxApp): void {
  app.get(
    '/affiliate-programs',
    {
      config,
      schema: {
        summary: 'The affiliate programs catalog',
        description:
          'The programs a tag can be added for: each with the hostnames it applies to (subdomains included) ' +
          'and the query parameter the tag is set in.',
        tags,
        response: {
          200: DataList(AffiliateProgramSchema, {
            description: 'The catalog.',
            examples: [{ data: AFFILIATE_PROGRAMS_EXAMPLE }],
          }),
          ...errorResponses(),
        },
      },
    },
    async () => ({ data: affiliatePrograms.map(({ id, name, hostnames, param }) => ({ id, name, hostnames, param })) }),
  );
}

/** GET and POST /affiliates: listing and adding the owner's tags. */
function registerTagCollection(app: TypeBoxApp, uow: UnitOfWork): void {
  app.get(
    '/affiliates',
    {
      config,
      schema: {
        summary: 'List your affiliate tags',
        description:
          "At most one tag per program. At redirect time, a destination on a program's hostnames gets your tag.",
        tags,
        response: {
          200: DataList(Type.Ref('AffiliateTag'), {
            description: 'Your tags.',
            examples: [{ data: [AFFILIATE_TAG_EXAMPLE] }],
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => ({
      data: (await uow.read((stores) => listUserAffiliateTags(stores, request.principal))).map(tagResource),
    }),
  );

  app.post(
    '/affiliates',
    {
      config,
      schema: {
        summary: 'Add a tag for a program',
        description: 'One tag per program per user.',
        tags,
        body: CreateAffiliateTagBody,
        response: {
          201: Type.Ref('AffiliateTag', { description: 'The tag added.' }),
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { affiliate_program_id: programId, tag, tracking_ids: trackingIds } = request.body;
      const created = await uow.transact((work) =>
        addAffiliateTag(work, request.principal, programId, tag, trackingIds),
      );
      return reply.code(201).send(tagResource(created));
    },
  );
}

/** PATCH and DELETE /affiliates/:id: one tag. */
function registerTagItem(app: TypeBoxApp, uow: UnitOfWork): void {
  const owned = ownedResource(uow, getAffiliateTagOrThrow);

  app.patch(
    '/affiliates/:id',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Change a tag or its tracking ids',
        description:
          "The tag, the tracking ids, or both: checked against the program's format, applied from the next " +
          'visit on. A link whose tracking id is removed gets the tag until it chooses another.',
        tags,
        params: IdParams,
        body: UpdateAffiliateTagBody,
        response: {
          200: Type.Ref('AffiliateTag', { description: 'The tag, changed.' }),
          ...errorResponses(404, ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const tag = await uow.transact((work) =>
        changeAffiliateTag(work, request.principal, request.params.id, request.body),
      );
      return tagResource(tag);
    },
  );

  app.delete(
    '/affiliates/:id',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Remove a tag',
        description: "From the next visit on, destinations on the program's hostnames are no longer tagged.",
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed; no body.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => removeAffiliateTag(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
}
