import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readiness } from '../../context.ts';
import type { Metrics } from '../../observability/metrics.ts';

export interface OperationsOptions {
  readiness: () => Promise<Readiness>;
  metrics: Metrics;
  /** When set, /metrics needs `Authorization: Bearer <it>`. */
  metricsToken: string | undefined;
}

const hidden = { schema: { hide: true } };

/**
 * For load balancers and Prometheus, beside the API: no authentication (but the optional metrics
 * token), no rate limit, not in the public OpenAPI document (docs/operations.md, "Operating it").
 */
export async function operationsRoutes(app: FastifyInstance, options: OperationsOptions): Promise<void> {
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));

  app.get('/readyz', hidden, async (_request, reply) => {
    const { ready, checks } = await options.readiness();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  app.get('/metrics', hidden, async (request, reply) => {
    if (options.metricsToken && !bearerMatches(request, options.metricsToken)) return unauthorized(reply);
    return reply.header('content-type', options.metrics.contentType).send(await options.metrics.text());
  });
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function unauthorized(reply: FastifyReply) {
  return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthenticated.' });
}
