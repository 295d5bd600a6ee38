import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Domain } from '../../core/model.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import { CreateDomainBody, DOMAIN_EXAMPLE, DomainSchema } from '../../schemas/domain.ts';
import {
  addDomain,
  checkDomain,
  domainRecord,
  getDomainOrThrow,
  listUserDomains,
  removeDomain,
  type DomainSettings,
} from '../../services/domains.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';

/** Custom domains (Business), all under their own 10/min/user limit. */
export const domainRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; settings: DomainSettings }> = async (
  app,
  { uow, settings },
) => {
  app.addSchema(DomainSchema);
  const config = { business: 'Custom domains', limiter: 'domains' as const };
  const tags = ['Custom domains'];
  const owned = ownedResource(uow, getDomainOrThrow);
  const record = (domain: Domain) => domainRecord(domain, settings);

  app.get(
    '/domains',
    {
      config,
      schema: {
        summary: 'List your custom domains',
        description: 'Each with its status and the DNS record that verifies it.',
        tags,
        response: {
          200: DataList(Type.Ref('Domain'), { description: 'Your domains.', examples: [{ data: [DOMAIN_EXAMPLE] }] }),
          ...errorResponses(),
        },
      },
    },
    async (request) => ({ data: (await uow.read((stores) => listUserDomains(stores, request.principal))).map(record) }),
  );

  app.post(
    '/domains',
    {
      config,
      schema: {
        summary: 'Add a custom domain',
        description: 'Answers the DNS record to create. Hostnames are unique across users.',
        tags,
        body: CreateDomainBody,
        response: {
          201: Type.Ref('Domain', { description: 'The domain, pending until a check finds its record.' }),
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(record(await addDomain(uow, settings, request.principal, request.body.hostname))),
  );

  app.post(
    '/domains/:id/check',
    {
      config: { ...config, ability: 'update' },
      preValidation: owned.preValidation,
      schema: {
        summary: 'Check the verification record now',
        description: 'Needs the update ability. Counts against the 10/min domains limit: avoid tight polling.',
        tags,
        params: IdParams,
        response: { 200: Type.Ref('Domain', { description: 'The domain after the check.' }), ...errorResponses(404) },
      },
    },
    async (request) => record(await checkDomain(uow, settings, request.principal, request.params.id)),
  );

  app.delete(
    '/domains/:id',
    {
      config,
      preValidation: owned.preValidation,
      schema: {
        summary: 'Remove a custom domain',
        description: 'Refused (422) while links use it, so no link is lost.',
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed; no body.' }), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      await removeDomain(uow, settings, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
