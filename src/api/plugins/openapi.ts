import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI 3.1 document is generated from the route schemas, so the document and the
 * validation cannot drift. Shared schemas (added with $id) become components by their $id.
 */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hoplink API',
        version: '1.0.0',
        description: [
          'The public REST API of Hoplink: links, categories, click statistics and the Business features.',
          'Every request carries `Authorization: Bearer <token>` (create one with `hoplink token create` or on ' +
            "the dashboard's API Tokens page) and `Accept: application/json`.",
          'Plans: `pro` may create, list, read, update and delete links and read stats totals; ' +
            '`business` has everything; other plans get 403.',
          'Errors: 401 `{"message":"Unauthenticated."}`; 403/404 `{"message"}`; ' +
            '422 `{"message","errors":{"field":["..."]}}`; 429 with `Retry-After`. ' +
            'Every response carries `X-RateLimit-Limit` and `X-RateLimit-Remaining`.',
        ].join('\n\n'),
      },
      servers: [{ url: `${appUrl}/api/v1` }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token, `hl_...`.' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    // Routes live under /api/v1 but the document's server URL already says so.
    transform: ({ schema, url }) => ({ schema, url: url.replace(/^\/api\/v1/, '') }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
    // Swagger UI injects a <style> element at run time; its scripts stay limited to its own files.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
}
