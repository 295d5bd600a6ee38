import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createBoundedServer } from '../edge/bounded-server.ts';
import { proxyTrust } from '../clicks/client-ip.ts';
import { TlsAsk } from '../services/tls-ask.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.ts';
import { registerDashboard } from '../dashboard/plugin.ts';
import { bearerAuthenticator, registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerValidators } from './plugins/validation.ts';
import { affiliateRoutes } from './routes/affiliates.ts';
import { workspaceRoutes } from './routes/workspace.ts';
import { bulkRoutes } from './routes/bulk.ts';
import { domainRoutes } from './routes/domains.ts';
import { categoryRoutes } from './routes/categories.ts';
import { tagRoutes } from './routes/tags.ts';
import { landingOptionRoutes } from './routes/landing-options.ts';
import { linkRoutes } from './routes/links.ts';
import { qrCodeRoutes } from './routes/qr-codes.ts';
import { qrLogoRoutes } from './routes/qr-logo.ts';
import { rawClickRoutes } from './routes/raw-clicks.ts';
import { exportRoutes } from './routes/export.ts';
import { importRoutes } from './routes/imports.ts';
import { statsRoutes } from './routes/stats.ts';
import { operationsRoutes } from './routes/operations.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { conversionRoutes } from './routes/conversions.ts';
import { postbackRoutes } from './routes/postback.ts';
import { internalRoutes } from './routes/internal.ts';
import { CategorySchema } from '../schemas/category.ts';
import { LinkTagSchema, TagSchema } from '../schemas/tag.ts';
import { ImportSchema } from '../schemas/import.ts';
import { MessageBody, ValidationErrorBody } from '../schemas/common.ts';
import { ConditionSchema, LinkSchema, LinkWithConditionsSchema } from '../schemas/link.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the API + dashboard app. Production (main.ts) and every HTTP test call this same function. */
export async function buildApiApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: ctx.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // request.ip: the same decision as the short host's (clicks/client-ip.ts).
    trustProxy: proxyTrust(ctx.config.trustProxy) ?? false,
    serverFactory: (handler) => createBoundedServer(ctx.config.requestTimeoutMs, 72_000, handler),
    routerOptions: { ignoreTrailingSlash: true },
    // The response serializer picks an anyOf branch (a nullable URL) with its own ajv: it needs
    // to know the custom formats' names, not to check them (the input was checked on the way in).
    serializerOpts: { ajv: { formats: { 'http-url': true, 'https-url': true } } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerValidators(app);
  registerErrorHandling(app);
  registerJsonParser(app);
  await registerSecurityHeaders(app, { https: ctx.config.appUrl.startsWith('https:') });
  for (const schema of [
    MessageBody,
    ValidationErrorBody,
    ConditionSchema,
    LinkTagSchema,
    LinkSchema,
    LinkWithConditionsSchema,
    CategorySchema,
    TagSchema,
    ImportSchema,
  ])
    app.addSchema(schema);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: one series per endpoint, whatever ids are asked for.
    const route = request.routeOptions.url ?? 'unmatched';
    ctx.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  await app.register(operationsRoutes, {
    readiness: ctx.readiness,
    metrics: ctx.metrics,
    metricsToken: ctx.config.metricsToken,
  });
  await registerOpenApi(app, ctx.config.appUrl);
  // The TLS server's certificate ask (Caddy's on_demand_tls) is answered here, beside the API.
  const tlsAsk = new TlsAsk(ctx.uow, ctx.events, ctx.domains.shortHostname);
  app.addHook('onClose', async () => tlsAsk.close());
  await app.register(internalRoutes, { allowed: proxyTrust(ctx.config.internalAllow)!, tlsAsk });
  await registerDashboard(app, ctx);
  await app.register(postbackRoutes, { uow: ctx.uow, limiter: ctx.rateLimiters.postbacks });

  await app.register(
    async (api) => {
      registerAuth(api, {
        authenticators: [bearerAuthenticator((token) => ctx.tokens.authenticate(token)), ...ctx.extraAuthenticators],
        limiters: ctx.rateLimiters,
      });
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      const { uow, config } = ctx;
      await api.register(linkRoutes, {
        uow,
        appUrl: config.appUrl,
        shortUrl: config.shortUrl,
        checkLink: (linkId) => ctx.linkChecker.checkNow(linkId),
      });
      await api.register(exportRoutes, { uow, shortUrl: config.shortUrl });
      await api.register(importRoutes, { uow, onQueued: () => ctx.imports.poke() });
      await api.register(statsRoutes, { uow });
      await api.register(qrCodeRoutes, { uow, shortUrl: config.shortUrl });
      await api.register(qrLogoRoutes, { uow });
      await api.register(rawClickRoutes, { uow });
      await api.register(bulkRoutes, { uow, shortUrl: config.shortUrl });
      await api.register(landingOptionRoutes, { uow });
      await api.register(categoryRoutes, { uow });
      await api.register(tagRoutes, { uow });
      await api.register(affiliateRoutes, { uow });
      await api.register(domainRoutes, { uow, settings: ctx.domains });
      await api.register(webhookRoutes, { uow, policy: config.webhooks, publisher: ctx.webhooks.publisher });
      await api.register(conversionRoutes, { uow, appUrl: config.appUrl });
      await api.register(workspaceRoutes, { uow, appUrl: config.appUrl, sendInvitation: ctx.sendInvitation });
    },
    { prefix: '/api/v1' },
  );

  return app;
}

/**
 * JSON only (anything else is 415). An empty body with a JSON content type is treated as no
 * body, since many clients send the header on every request, DELETE included.
 */
function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
