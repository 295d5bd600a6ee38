import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Principal } from '../../core/model.ts';
import { abilityForMethod, assertAbility, assertApiAccess, assertBusiness, type Ability } from '../../core/plans.ts';
import type { RateLimiter, RateLimiters } from '../../services/rate-limits.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** No credentials needed (the OpenAPI document). */
    public?: boolean;
    /** The ability needed when it is not the method's (POST /domains/{id}/check needs update). */
    ability?: Ability;
    /** Business-only endpoint: the feature's name for the 403 message. */
    business?: string;
    /** Which limiter counts the request: the plan's general one, or the separate domains one. */
    limiter?: 'general' | 'domains';
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<Principal | undefined>;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function bearerAuthenticator(authenticate: (token: string) => Promise<Principal | undefined>): Authenticate {
  return async (request) => {
    const token = bearerToken(request);
    return token === undefined ? undefined : authenticate(token);
  };
}

async function applyLimit(reply: FastifyReply, limiter: RateLimiter, key: string): Promise<void> {
  const decision = await limiter.consume(key);
  reply.header('X-RateLimit-Limit', decision.limit);
  reply.header('X-RateLimit-Remaining', decision.remaining);
  if (!decision.allowed) {
    reply.header('Retry-After', decision.retryAfterSeconds);
    throw new AppError('rate-limited', 'Too Many Attempts.');
  }
}

/**
 * Which budget a request spends, and under which key: a token spends its workspace's plan limits of the
 * spec; the dashboard spends its session's own, so a person's clicking never eats a script's
 * allowance (or the reverse) and a search box cannot run into the API's per-minute limit.
 */
function budgetFor(
  limiters: RateLimiters,
  principal: Principal,
  kind: 'general' | 'domains',
): { limiter: RateLimiter; key: string } {
  if (principal.via === 'session' && principal.sessionId !== null) {
    const limiter = kind === 'domains' ? limiters.sessionDomains : limiters.session;
    return { limiter, key: `session:${principal.sessionId}` };
  }
  // The plan's limits are the workspace's: every token of its members draws on one budget.
  const key = `workspace:${principal.workspace.id}`;
  if (kind === 'domains') return { limiter: limiters.domains, key };
  return { limiter: principal.workspace.plan === 'business' ? limiters.business : limiters.pro, key };
}

/**
 * Every /api/v1 request: authenticate (401), count it against the caller's limit (429), then
 * the decided order of 403s: plan without API access, missing ability, Business-only endpoint.
 * 404, 403-not-yours and 422 follow in the route (see owned-resource.ts).
 */
export function registerAuth(
  app: FastifyInstance,
  options: { authenticators: Authenticate[]; limiters: RateLimiters },
): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    let principal: Principal | undefined;
    for (const authenticate of options.authenticators) {
      principal = await authenticate(request);
      if (principal) break;
    }
    if (!principal) {
      // Unauthenticated attempts are limited by address, which also slows token guessing.
      await applyLimit(reply, options.limiters.anonymous, `ip:${request.ip}`);
      throw new AppError('unauthenticated', 'Unauthenticated.');
    }
    const budget = budgetFor(options.limiters, principal, config.limiter ?? 'general');
    await applyLimit(reply, budget.limiter, budget.key);
    principal.address = request.ip;
    request.principal = principal;
    // The dashboard is not "the API": a signed-in person manages links on any plan.
    if (principal.via === 'token') assertApiAccess(principal.workspace.plan);
    assertAbility(principal.abilities, config.ability ?? abilityForMethod(request.method));
    if (config.business) assertBusiness(principal.workspace.plan, config.business);
  });
}
