import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { affiliatePrograms, findProgram, validateTag } from '../../core/affiliate.ts';
import { DomainError, invalidField } from '../../core/errors.ts';
import type { LinkEvents } from '../../services/link-events.ts';
import { deleteAffiliateTag, findAffiliateTag, insertAffiliateTag, listAffiliateTags, updateAffiliateTag, type AffiliateTag } from '../../storage/affiliate-tags.kysely.ts';
import type { Database } from '../../storage/schema.ts';
import { ownedResource } from '../owned-resource.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams, Timestamp } from '../schemas/common.ts';

const TagSchema = Type.Object(
  { id: Type.Integer(), affiliate_program: Type.Object({ id: Type.Integer(), name: Type.String() }), tag: Type.String(), created_at: Timestamp, updated_at: Timestamp },
  { $id: 'AffiliateTag' },
);
const ProgramSchema = Type.Object({ id: Type.Integer(), name: Type.String(), hostnames: Type.Array(Type.String()), param: Type.String() });
const TagValue = Type.String({ minLength: 1, maxLength: 128, description: 'Validated against the program’s format (Amazon: letters, digits, - and _; eBay campid: 10 digits).' });

function tagResource(tag: AffiliateTag) {
  const program = findProgram(tag.programId);
  return { id: tag.id, affiliate_program: { id: tag.programId, name: program?.name ?? 'Unknown program' }, tag: tag.tag, created_at: tag.createdAt, updated_at: tag.updatedAt };
}

/** Affiliate tags (Business): the owner's tag is applied to matching destinations at redirect time. */
export const affiliateRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database>; events: LinkEvents }> = async (app, { db, events }) => {
  app.addSchema(TagSchema);
  const config = { business: 'Affiliate tags' };
  const owned = ownedResource(async (principal, id) => {
    const tag = await findAffiliateTag(db, id);
    if (!tag) throw new DomainError('not-found', 'Affiliate tag not found.');
    if (tag.userId !== principal.user.id) throw new DomainError('forbidden', 'This affiliate tag does not belong to you.');
    return tag;
  });
  const changed = (userId: number) => events.emit({ kind: 'tags-changed', userId });

  app.get('/affiliate-programs', {
    config,
    schema: { summary: 'The affiliate programs catalog', tags: ['Affiliate tags'], response: { 200: DataList(ProgramSchema), ...errorResponses() } },
  }, async () => ({ data: affiliatePrograms.map(({ id, name, hostnames, param }) => ({ id, name, hostnames, param })) }));

  app.get('/affiliates', {
    config,
    schema: { summary: 'List your affiliate tags', tags: ['Affiliate tags'], response: { 200: DataList(Type.Ref('AffiliateTag')), ...errorResponses() } },
  }, async (request) => ({ data: (await listAffiliateTags(db, request.principal.user.id)).map(tagResource) }));

  app.post('/affiliates', {
    config,
    schema: {
      summary: 'Add a tag for a program',
      description: 'One tag per program per user.',
      tags: ['Affiliate tags'],
      body: Type.Object({ affiliate_program_id: Type.Integer({ minimum: 1 }), tag: TagValue }, { additionalProperties: false }),
      response: { 201: Type.Ref('AffiliateTag'), ...errorResponses(...BODY_ERRORS) },
    },
  }, async (request, reply) => {
    const program = findProgram(request.body.affiliate_program_id);
    if (!program) throw invalidField('affiliate_program_id', 'The selected affiliate program id is invalid.');
    validateTag(program, request.body.tag);
    const tag = await insertAffiliateTag(db, { userId: request.principal.user.id, programId: program.id, tag: request.body.tag });
    changed(tag.userId);
    return reply.code(201).send(tagResource(tag));
  });

  app.patch('/affiliates/:id', {
    config,
    preValidation: owned.preValidation,
    schema: { summary: 'Change a tag', tags: ['Affiliate tags'], params: IdParams, body: Type.Object({ tag: TagValue }, { additionalProperties: false }), response: { 200: Type.Ref('AffiliateTag'), ...errorResponses(404, ...BODY_ERRORS) } },
  }, async (request) => {
    const current = owned.get(request);
    validateTag(findProgram(current.programId)!, request.body.tag);
    const tag = await updateAffiliateTag(db, current.id, request.body.tag);
    changed(tag.userId);
    return tagResource(tag);
  });

  app.delete('/affiliates/:id', {
    config,
    preValidation: owned.preValidation,
    schema: { summary: 'Remove a tag', tags: ['Affiliate tags'], params: IdParams, response: { 204: Type.Null(), ...errorResponses(404) } },
  }, async (request, reply) => {
    const tag = owned.get(request);
    await deleteAffiliateTag(db, tag.id);
    changed(tag.userId);
    return reply.code(204).send(null);
  });
};
