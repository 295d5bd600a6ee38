import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { resolveDeliveryTarget } from '../outbound/address-guard.ts';
import { createDnsResolver } from '../outbound/dns-resolver.ts';
import type { PageMetadataSettings } from '../services/page-metadata.ts';
import { AccountMail } from './account-mail.ts';
import { accountRecoveryRoutes } from './account-recovery.ts';
import { DASHBOARD_DIR, dashboardBuilt } from './assets.ts';
import { bulkLinkRoutes } from './bulk-links.ts';
import { workspaceDashboardRoutes } from './workspace-routes.ts';
import { LiveClicks } from './live.ts';
import { pageMetadataRoutes } from './page-metadata-routes.ts';
import { RememberedDevices } from './remembered-devices.ts';
import { dashboardRoutes } from './routes.ts';
import { SessionStore, sessionAuthenticator } from './sessions.ts';
import { servesAppShell } from './spa-fallback.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

/**
 * The web dashboard: its own few endpoints under /dashboard-api, the built app at /, and the
 * session cookie accepted by /api/v1 (so the browser uses the same API as every client).
 */
export async function registerDashboard(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(cookie);
  const sessions = new SessionStore(ctx.uow, ctx.config.appUrl);
  ctx.extraAuthenticators.push(sessionAuthenticator(sessions, ctx.uow));
  const live = new LiveClicks(ctx.uow, ctx.events, (error) => ctx.logger.error({ err: error }, 'live clicks'));
  // Open event streams end first: the server's close waits for every open response.
  app.addHook('preClose', async () => live.close());
  const accountMail = new AccountMail(ctx.uow, ctx.mail, ctx.config.appUrl);
  const devices = await RememberedDevices.load(ctx.uow, ctx.config.appUrl);
  const account = { prefix: '/dashboard-api', uow: ctx.uow, sessions, limits: ctx.rateLimiters, devices };
  await app.register(dashboardRoutes, { ...account, live, accountMail });
  await app.register(twoFactorRoutes, account);
  await app.register(accountRecoveryRoutes, {
    prefix: '/dashboard-api',
    uow: ctx.uow,
    sessions,
    limits: ctx.rateLimiters,
    accountMail,
  });
  await app.register(workspaceDashboardRoutes, { prefix: '/dashboard-api', uow: ctx.uow, sessions });
  await app.register(bulkLinkRoutes, { prefix: '/dashboard-api', uow: ctx.uow, sessions, limits: ctx.rateLimiters });
  await app.register(pageMetadataRoutes, {
    prefix: '/dashboard-api',
    uow: ctx.uow,
    sessions,
    limits: ctx.rateLimiters,
    settings: pageMetadataSettings(ctx),
  });
  if (!dashboardBuilt()) return;
  await app.register(fastifyStatic, {
    root: DASHBOARD_DIR,
    prefix: '/',
    wildcard: false,
    index: 'index.html',
    // File names under assets/ carry a content hash, so they never change; index.html always may.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Any other page address (a bookmark, a reload) gets the app, which routes in the browser; the
  // API, its docs and missing files keep their own 404.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (!servesAppShell(request.url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * The create form's page look-ups reach the destinations links point to, as the link checker does:
 * the same address guard and the same development setting (LINK_CHECK_ALLOW_PRIVATE) to reach
 * loopback, names resolved through DNS_SERVERS when set. A person waits for the answer: 4 s at most.
 */
function pageMetadataSettings(ctx: AppContext): PageMetadataSettings {
  const allowPrivate = ctx.config.linkChecks.allowPrivate;
  const resolveHost = createDnsResolver({ servers: ctx.config.dnsServers });
  return {
    guard: (hostname) => resolveDeliveryTarget(hostname, allowPrivate, resolveHost),
    timeoutMs: 4000,
    maxRedirects: 5,
    maxPageBytes: 512 * 1024,
    maxImageBytes: 2 * 1024 * 1024,
    allowPrivate,
    userAgent: 'Mozilla/5.0 (compatible; HoplinkPreview/1.0)',
  };
}
