import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addDomain, checkDomain, domainRecord, getDomainOrThrow, removeDomain, type DomainServiceDeps } from '../../services/domains.ts';
import { listDomains } from '../../storage/domains.kysely.ts';
import { ownedResource } from '../owned-resource.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams, Timestamp } from '../schemas/common.ts';

const DomainSchema = Type.Object(
  {
    id: Type.Integer(),
    hostname: Type.String({ description: 'Lower case; internationalised names in punycode.' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('failed')], { description: 'pending -> active when a check finds the record; failed after 7 days unverified (checking again can still activate it).' }),
    verification: Type.Object({ type: Type.Union([Type.Literal('CNAME'), Type.Literal('TXT')]), name: Type.String(), value: Type.String() }, { description: 'The DNS record to create.' }),
    last_checked_at: Type.Union([Timestamp, Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Domain' },
);

/** Custom domains (Business), all under their own 10/min/user limit. */
export const domainRoutes: FastifyPluginAsyncTypebox<{ deps: DomainServiceDeps }> = async (app, { deps }) => {
  app.addSchema(DomainSchema);
  const config = { business: 'Custom domains', limiter: 'domains' as const };
  const owned = ownedResource((principal, id) => getDomainOrThrow(deps.db, principal, id));
  const record = (domain: Parameters<typeof domainRecord>[0]) => domainRecord(domain, deps.shortHostname);

  app.get('/domains', {
    config,
    schema: { summary: 'List your custom domains', tags: ['Custom domains'], response: { 200: DataList(Type.Ref('Domain')), ...errorResponses() } },
  }, async (request) => ({ data: (await listDomains(deps.db, request.principal.user.id)).map(record) }));

  app.post('/domains', {
    config,
    schema: {
      summary: 'Add a custom domain',
      description: 'Answers the DNS record to create. Hostnames are unique across users.',
      tags: ['Custom domains'],
      body: Type.Object({ hostname: Type.String({ minLength: 1, maxLength: 253 }) }, { additionalProperties: false }),
      response: { 201: Type.Ref('Domain'), ...errorResponses(...BODY_ERRORS) },
    },
  }, async (request, reply) => reply.code(201).send(record(await addDomain(deps, request.principal, request.body.hostname))));

  app.post('/domains/:id/check', {
    config: { ...config, ability: 'update' },
    preValidation: owned.preValidation,
    schema: { summary: 'Check the verification record now', description: 'Needs the update ability. Counts against the 10/min domains limit: avoid tight polling.', tags: ['Custom domains'], params: IdParams, response: { 200: Type.Ref('Domain'), ...errorResponses(404) } },
  }, async (request) => record(await checkDomain(deps, owned.get(request))));

  app.delete('/domains/:id', {
    config,
    preValidation: owned.preValidation,
    schema: { summary: 'Remove a custom domain', description: 'Refused (422) while links use it, so no link is lost.', tags: ['Custom domains'], params: IdParams, response: { 204: Type.Null(), ...errorResponses(404, 422) } },
  }, async (request, reply) => {
    await removeDomain(deps, owned.get(request));
    return reply.code(204).send(null);
  });
};
