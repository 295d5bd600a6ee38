import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../core/errors.ts';
import { MAX_URL_LENGTH } from '../core/urls.ts';
import { fetchCardImage, lookUpPageMetadata, type PageMetadataSettings } from '../services/page-metadata.ts';
import type { RateLimiters } from '../services/rate-limits.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { sessionAuthenticator, type SessionStore } from './sessions.ts';

const UrlQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }) });

/**
 * The create form's look at a destination: its page's title and social card (GET page-metadata),
 * and the card's image served again from this origin (GET page-metadata/image), so the dashboard's
 * Content-Security-Policy keeps images to its own origin and the person's browser never contacts
 * the other site. Both fetch through the address guard, count against the person's own per-minute
 * budget for them, and need a dashboard session.
 */
export const pageMetadataRoutes: FastifyPluginAsyncTypebox<{
  uow: UnitOfWork;
  sessions: SessionStore;
  limits: RateLimiters;
  settings: PageMetadataSettings;
}> = async (app, { uow, sessions, limits, settings }) => {
  const authenticate = sessionAuthenticator(sessions, uow);
  // Who asks and whether they may is settled before the query is validated (401, 429, then 422).
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await authenticate(request);
    if (!principal) throw new AppError('unauthenticated', 'Unauthenticated.');
    const decision = await limits.pageMetadata.consume(`user:${principal.user.id}`);
    reply.header('X-RateLimit-Limit', decision.limit);
    reply.header('X-RateLimit-Remaining', decision.remaining);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      throw new AppError('rate-limited', 'Too Many Attempts.');
    }
  };

  app.get(
    '/page-metadata',
    { schema: { hide: true, querystring: UrlQuery }, preValidation },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lookUpPageMetadata(request.query.url, settings);
    },
  );

  app.get(
    '/page-metadata/image',
    { schema: { hide: true, querystring: UrlQuery }, preValidation },
    async (request, reply) => {
      const image = await fetchCardImage(request.query.url, settings);
      // The browser keeps it a while: the card is drawn again as the person edits the form.
      return reply
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .type(image.contentType)
        .send(image.body);
    },
  );
};
