import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ProxyTrust } from '../../clicks/client-ip.ts';
import type { TlsAsk } from '../../services/tls-ask.ts';

/**
 * Endpoints for the machines beside Hoplink, not for users: reachable only from INTERNAL_ALLOW
 * (checked against request.ip, so a request relayed by a trusted proxy counts as its client's),
 * never rate-limited, and left out of the OpenAPI document.
 */
export const internalRoutes: FastifyPluginAsyncTypebox<{ allowed: ProxyTrust; tlsAsk: TlsAsk }> = async (
  app,
  { allowed, tlsAsk },
) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!allowed(request.ip, 0))
      return reply.code(403).send({ message: 'This endpoint answers only the addresses in INTERNAL_ALLOW.' });
  });

  app.get(
    '/internal/tls-ask',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) }),
      },
    },
    async (request, reply) => {
      const domain = request.query.domain.toLowerCase().replace(/\.$/, '');
      if (await tlsAsk.allows(domain)) return { message: `A certificate may be issued for ${domain}.` };
      return reply.code(404).send({ message: `${domain} is not a domain served here.` });
    },
  );
};
