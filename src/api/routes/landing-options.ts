import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BODY_ERRORS, errorResponses, IdParams } from '../../schemas/common.ts';
import { LandingOptionsBody, LandingOptionsResponse } from '../../schemas/link.ts';
import { getLandingOptions, removeLandingOptions, setLandingOptions } from '../../services/landing-options.ts';
import { getLinkOrThrow } from '../../services/links.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';

/** Choice pages (Business): the spec's state table single <-> choice page. */
export const landingOptionRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork }> = async (app, { uow }) => {
  const ownedLink = ownedResource(uow, getLinkOrThrow);
  const config = { business: 'Choice pages' };
  const tags = ['Choice pages'];

  app.get(
    '/links/:id/landing-options',
    {
      config,
      preValidation: ownedLink.preValidation,
      schema: {
        summary: "Read a link's choice-page options",
        description: '`[]` for a single-destination link.',
        tags,
        params: IdParams,
        response: { 200: LandingOptionsResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      options: await uow.read((stores) => getLandingOptions(stores, request.principal, request.params.id)),
    }),
  );

  app.put(
    '/links/:id/landing-options',
    {
      config,
      preValidation: ownedLink.preValidation,
      schema: {
        summary: 'Replace the choice-page options',
        description:
          'Makes the link a choice page (type `choice_page`). The full set is replaced: to add, reorder ' +
          'or remove, send the complete list. Pick counts follow their URL.',
        tags,
        params: IdParams,
        body: LandingOptionsBody,
        response: { 200: LandingOptionsResponse, ...errorResponses(404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const options = await uow.transact((work) =>
        setLandingOptions(work, request.principal, request.params.id, request.body.options),
      );
      return { options };
    },
  );

  app.delete(
    '/links/:id/landing-options',
    {
      config,
      preValidation: ownedLink.preValidation,
      schema: {
        summary: 'Remove the choice-page options',
        description: 'The link becomes a single-destination link (type `simple`).',
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed; no body.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => removeLandingOptions(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
