import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { receivePostback } from '../../services/conversions.ts';
import type { RateLimiter } from '../../services/rate-limits.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';

/** A postback carries a handful of short parameters: anything bigger is not one. */
export const POSTBACK_BODY_LIMIT_BYTES = 8 * 1024;
const MAX_SECRET_LENGTH = 100;

/**
 * `GET|POST {APP_URL}/postback/{secret}`: a network reports a sale the way networks do, in query
 * parameters (or a form or JSON body), with the workspace's secret in the path; no token. Limited
 * per client address before the secret is looked up, so guessing secrets costs as much as it can.
 * 201 for a new conversion, 200 for a known order, also when its click id names no click: a
 * network retries what it sees fail, for ever.
 */
export async function postbackRoutes(app: FastifyInstance, options: { uow: UnitOfWork; limiter: RateLimiter }) {
  const { uow, limiter } = options;
  // Only this plugin's routes read forms (encapsulated: the API stays JSON only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const handler = async (request: FastifyRequest<{ Params: { secret: string } }>, reply: FastifyReply) => {
    const decision = await limiter.consume(request.ip);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      throw new AppError('rate-limited', 'Too Many Attempts.');
    }
    const { secret } = request.params;
    if (secret.length > MAX_SECRET_LENGTH) throw new AppError('not-found', 'No postback endpoint has this secret.');
    const parameters = { ...stringsOf(request.query), ...stringsOf(request.body) };
    const recorded = await uow.transact((work) => receivePostback(work, secret, parameters));
    return reply.code(recorded.created ? 201 : 200).send({
      id: recorded.conversion.id,
      order_id: recorded.conversion.orderId,
      status: recorded.conversion.status,
      attributed: recorded.conversion.linkId !== null,
    });
  };
  const route = { bodyLimit: POSTBACK_BODY_LIMIT_BYTES, schema: { hide: true } };
  app.get('/postback/:secret', route, handler);
  app.post('/postback/:secret', route, handler);
}

/** The string values of a parsed query or body (the first of a repeated parameter). */
function stringsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const strings: Record<string, string> = {};
  for (const [name, raw] of Object.entries(value)) {
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (typeof first === 'string' || typeof first === 'number') strings[name] = String(first);
  }
  return strings;
}
