import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { BulkLinkActionBody } from '../schemas/bulk-link-action.ts';
import { applyBulkLinkAction } from '../services/bulk-link-actions.ts';
import { purgeClicksBeforeDeletion } from '../services/link-deletion.ts';
import type { RateLimiters } from '../services/rate-limits.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { sessionAuthenticator, type SessionStore } from './sessions.ts';

/**
 * The Links page's bulk bar: activate, deactivate, move or delete up to 100 selected links in one
 * request and one unit of work, answered per id. Every plan has it: it is what the person could do
 * one link at a time.
 */
export const bulkLinkRoutes: FastifyPluginAsyncTypebox<{
  uow: UnitOfWork;
  sessions: SessionStore;
  limits: RateLimiters;
}> = async (app, { uow, sessions, limits }) => {
  const authenticate = sessionAuthenticator(sessions, uow);
  // Who asks is settled before the body is validated: no session is a 401 and a missing CSRF header
  // a 403 even for a malformed body (the order of checks in docs/api.md: 401, 429, 403, then 422).
  const principals = new WeakMap<FastifyRequest, Principal>();

  app.post(
    '/links/bulk-action',
    {
      schema: { hide: true, body: BulkLinkActionBody },
      preValidation: async (request, reply) => {
        const principal = await authenticate(request);
        if (!principal) throw new AppError('unauthenticated', 'Unauthenticated.');
        await countRequest(limits, principal, reply);
        principals.set(request, principal);
      },
    },
    async (request) => {
      const principal = principals.get(request)!;
      if (request.body.action === 'delete') await purgeClicksBeforeDeletion(uow, principal, request.body.ids);
      const results = await uow.transact((work) => applyBulkLinkAction(work, principal, request.body));
      const failed = results.filter((r) => !r.ok).length;
      return { results, succeeded: results.length - failed, failed };
    },
  );
};

/**
 * One bulk call counts as one request against the session's own budget, the one every dashboard call
 * to /api/v1 spends (api/plugins/auth.ts): the key is the session, so the two add up.
 */
async function countRequest(limits: RateLimiters, principal: Principal, reply: FastifyReply): Promise<void> {
  const decision = await limits.session.consume(`session:${principal.sessionId}`);
  reply.header('X-RateLimit-Limit', decision.limit);
  reply.header('X-RateLimit-Remaining', decision.remaining);
  if (!decision.allowed) {
    reply.header('Retry-After', decision.retryAfterSeconds);
    throw new AppError('rate-limited', 'Too Many Attempts.');
  }
}
