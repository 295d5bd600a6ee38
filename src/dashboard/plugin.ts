import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { DASHBOARD_DIR, dashboardBuilt } from './assets.ts';
import { dashboardRoutes } from './routes.ts';
import { SessionStore, sessionAuthenticator } from './sessions.ts';

/**
 * The web dashboard: its own few endpoints under /dashboard-api, the built app at /, and the
 * session cookie accepted by /api/v1 (so the browser uses the same API as every client).
 */
export async function registerDashboard(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(cookie);
  const sessions = new SessionStore(ctx.db, ctx.config.appUrl);
  ctx.extraAuthenticators.push(sessionAuthenticator(sessions));
  await app.register(dashboardRoutes, { prefix: '/dashboard-api', db: ctx.db, sessions });
  if (dashboardBuilt()) {
    await app.register(fastifyStatic, { root: DASHBOARD_DIR, prefix: '/', wildcard: false, index: 'index.html' });
  }
}
