import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { BODY_ERRORS, errorResponses, IdParams, Paginated } from '../../schemas/common.ts';
import { CreateLinkBody, LINK_PAGE_EXAMPLE, ListLinksQuery, UpdateLinkBody } from '../../schemas/link.ts';
import { purgeClicksBeforeDeletion } from '../../services/link-deletion.ts';
import { hashLinkPassword } from '../../services/link-passwords.ts';
import {
  assertLinkFieldPlans,
  createLink,
  deleteUserLink,
  getLinkOrThrow,
  listUserLinks,
  updateUserLink,
} from '../../services/links.ts';
import { tagFilter } from '../../services/tags.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { ownedResource } from '../owned-resource.ts';
import { linkDetailResource, linkResource, paginate } from '../serializers.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

export interface LinkRoutesOptions {
  uow: UnitOfWork;
  appUrl: string;
  shortUrl: string;
  /** Starts a check of one link in the background (the link checker). */
  checkLink: (linkId: number) => Promise<unknown>;
}

export const linkRoutes: FastifyPluginAsyncTypebox<LinkRoutesOptions> = async (app, options) => {
  registerLinkCollection(app, options);
  registerLinkReadAndUpdate(app, options);
  registerLinkCheckAndDeletion(app, options);
};

// A field the plan lacks is a 403 before anything in the body is a 422, and before a 404.
const fieldPlans = async (request: FastifyRequest) => assertLinkFieldPlans(request.principal, request.body);

/** GET /links and POST /links: listing and creating links. */
function registerLinkCollection(app: TypeBoxApp, { uow, appUrl, shortUrl }: LinkRoutesOptions): void {
  app.get(
    '/links',
    {
      schema: {
        summary: 'List links',
        description:
          'Your links, newest first by default. ' +
          '`search` matches redirect_url, short_code or title, case-insensitively; ' +
          '`tag` keeps the links carrying any of the tags named.',
        tags: ['Links'],
        querystring: ListLinksQuery,
        response: {
          200: Paginated(Type.Ref('Link'), {
            description: 'A page of links, with the links to other pages and the counts.',
            examples: [LINK_PAGE_EXAMPLE],
          }),
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const perPage = q.per_page ?? 15;
      const { links, total } = await uow.read((stores) =>
        listUserLinks(stores, request.principal, {
          sort: q.sort ?? 'created_at',
          direction: q.direction ?? 'desc',
          categoryId: q.category_id,
          search: q.search,
          health: q.health,
          tags: tagFilter(q.tag),
          page,
          perPage,
        }),
      );
      const data = links.map((link) => linkResource(link, shortUrl));
      return paginate(data, { total, page, perPage, path: `${appUrl}/api/v1/links`, requestUrl: request.url });
    },
  );

  app.post(
    '/links',
    {
      preValidation: fieldPlans,
      schema: {
        summary: 'Create a link',
        description:
          'Creates a link with a random 7-character base62 code, or the custom `short_code`. ' +
          '`conditions`, `domain_id`, `password`, `variants` and `preview` need the Business plan; ' +
          '`title`, `expires_at`, `max_clicks`, `expired_url` and `utm` the Pro or Business plan.',
        tags: ['Links'],
        body: CreateLinkBody,
        response: { 201: Type.Ref('Link', { description: 'The link created.' }), ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const input = await hashLinkPassword(request.principal, request.body);
      const link = await uow.transact((work) => createLink(work, request.principal, input));
      return reply.code(201).send(linkResource(link, shortUrl));
    },
  );
}

/** GET and PATCH /links/:id: one link, read and changed. */
function registerLinkReadAndUpdate(app: TypeBoxApp, { uow, shortUrl }: LinkRoutesOptions): void {
  const ownedLink = ownedResource(uow, getLinkOrThrow);

  app.get(
    '/links/:id',
    {
      preValidation: ownedLink.preValidation,
      schema: {
        summary: 'Read a link',
        description: 'The link including its targeting conditions.',
        tags: ['Links'],
        params: IdParams,
        response: { 200: Type.Ref('LinkWithConditions', { description: 'The link.' }), ...errorResponses(404) },
      },
    },
    async (request) => linkDetailResource(ownedLink.get(request), shortUrl),
  );

  app.patch(
    '/links/:id',
    {
      preValidation: [fieldPlans, ownedLink.preValidation],
      schema: {
        summary: 'Update a link',
        description: 'Only the fields sent change.',
        tags: ['Links'],
        params: IdParams,
        body: UpdateLinkBody,
        response: {
          200: Type.Ref('Link', { description: 'The link, updated.' }),
          ...errorResponses(404, ...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const input = await hashLinkPassword(request.principal, request.body);
      const link = await uow.transact((work) => updateUserLink(work, request.principal, request.params.id, input));
      return linkResource(link, shortUrl);
    },
  );
}

/** POST /links/:id/check and DELETE /links/:id. */
function registerLinkCheckAndDeletion(app: TypeBoxApp, { uow, shortUrl, checkLink }: LinkRoutesOptions): void {
  const ownedLink = ownedResource(uow, getLinkOrThrow);

  app.post(
    '/links/:id/check',
    {
      config: { ability: 'update', business: 'Link health checks' },
      preValidation: ownedLink.preValidation,
      schema: {
        summary: 'Check the link’s destinations now',
        description:
          'Starts a check of every destination of the link (redirect_url, condition URLs, choice-page options, ' +
          'variants) in the background and answers at once with the link as it is; `health` changes when the ' +
          'check is done (within seconds: at most 10 s of network time per destination). A check already ' +
          'running is not started twice. Business plan; needs the update ability.',
        tags: ['Links'],
        params: IdParams,
        response: {
          202: Type.Ref('Link', { description: 'The link; its check runs in the background.' }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const link = ownedLink.get(request);
      await checkLink(link.id);
      return reply.code(202).send(linkResource(link, shortUrl));
    },
  );

  app.delete(
    '/links/:id',
    {
      preValidation: ownedLink.preValidation,
      schema: {
        summary: 'Delete a link',
        description:
          'Deletes the link with its clicks, statistics and choice-page options; ' +
          'its short URL answers 404 from then on.',
        tags: ['Links'],
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted; no body.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await purgeClicksBeforeDeletion(uow, request.principal, [request.params.id]);
      await uow.transact((work) => deleteUserLink(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
}
