import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLinkOrThrow, type LinkServiceDeps } from '../../services/links.ts';
import { getLandingOptions, MAX_OPTIONS, MIN_OPTIONS, removeLandingOptions, setLandingOptions } from '../../services/landing-options.ts';
import { ownedResource } from '../owned-resource.ts';
import { BODY_ERRORS, errorResponses, IdParams } from '../schemas/common.ts';
import { HttpUrl } from '../schemas/link.ts';

const OptionsBody = Type.Object(
  { options: Type.Array(HttpUrl, { minItems: MIN_OPTIONS, maxItems: MAX_OPTIONS, description: '2 to 8 absolute http(s) URLs, in the order shown to visitors.' }) },
  { additionalProperties: false },
);
const OptionsResponse = Type.Object({ options: Type.Array(Type.String()) });

/** Choice pages (Business): the spec's state table single <-> choice page. */
export const landingOptionRoutes: FastifyPluginAsyncTypebox<{ links: LinkServiceDeps }> = async (app, { links }) => {
  const ownedLink = ownedResource((principal, id) => getLinkOrThrow(links, principal, id));
  const config = { business: 'Choice pages' };

  app.get('/links/:id/landing-options', {
    config,
    preValidation: ownedLink.preValidation,
    schema: { summary: "Read a link's choice-page options", description: '`[]` for a single-destination link.', tags: ['Choice pages'], params: IdParams, response: { 200: OptionsResponse, ...errorResponses(404) } },
  }, async (request) => ({ options: await getLandingOptions(links, ownedLink.get(request)) }));

  app.put('/links/:id/landing-options', {
    config,
    preValidation: ownedLink.preValidation,
    schema: { summary: 'Replace the choice-page options', description: 'Makes the link a choice page (type `choice_page`). The full set is replaced: to add, reorder or remove, send the complete list. Pick counts follow their URL.', tags: ['Choice pages'], params: IdParams, body: OptionsBody, response: { 200: OptionsResponse, ...errorResponses(404, ...BODY_ERRORS) } },
  }, async (request) => ({ options: await setLandingOptions(links, ownedLink.get(request), request.body.options) }));

  app.delete('/links/:id/landing-options', {
    config,
    preValidation: ownedLink.preValidation,
    schema: { summary: 'Remove the choice-page options', description: 'The link becomes a single-destination link (type `simple`).', tags: ['Choice pages'], params: IdParams, response: { 204: Type.Null(), ...errorResponses(404) } },
  }, async (request, reply) => {
    await removeLandingOptions(links, ownedLink.get(request));
    return reply.code(204).send(null);
  });
};
