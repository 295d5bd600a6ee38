import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp } from '../../src/api/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createAppContext } from '../../src/context.ts';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { changePlan } from '../../src/services/accounts.ts';
import { createTestApp, createUserWithToken, type TestApp } from '../helpers/app.ts';
import { capturingLogger } from '../helpers/log-lines.ts';

// docs/operations.md, Operating it: health for load balancers, metrics for Prometheus, logs without
// secrets.
let t: TestApp;
let edge: RunningEdge;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'scrape-secret', SHORT_PORT: '0', HOST: '127.0.0.1' });
  edge = await startEdge(t.ctx);
});
afterAll(async () => {
  await edge.close();
  await t.close();
});

describe('health', () => {
  it('answers /healthz and /readyz without credentials or rate limits', async () => {
    for (let i = 0; i < 200; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    const short = await fetch(`${edge.url}/healthz`);
    expect(short.status).toBe(200);
    expect(await short.json()).toEqual({ status: 'ok' });
  });

  it('keeps health checks out of the public OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((path) => /healthz|readyz|metrics/.test(path))).toEqual([]);
  });

  it('answers /readyz with 503 naming the database when it cannot be reached', async () => {
    const broken = await createTestApp();
    try {
      await broken.ctx.database.db.destroy();
      const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: expect.any(String) } });
      expect(res.json().checks.database).not.toBe('ok');
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // The whole app, not only its server: its background work would go on failing against the
      // destroyed pool, and its database would outlive the run.
      await broken.close();
    }
  });
});

describe('metrics', () => {
  it('needs the metrics token when one is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = { authorization: 'Bearer nope' };
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode).toBe(401);
  });

  it('exposes requests, redirects, clicks, the cache, batches and the process in Prometheus format', async () => {
    const { headers } = await createUserWithToken(t.ctx, 'pro');
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers,
        payload: { redirect_url: 'https://example.com' },
      })
    ).json();
    await fetch(`${edge.url}/${link.short_code}`, { redirect: 'manual' });
    await fetch(`${edge.url}/${link.short_code}`, { redirect: 'manual' });
    await fetch(`${edge.url}/no-such-code`, { redirect: 'manual' });
    await t.ctx.clicks.flush();
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    const text = res.body;
    expect(text).toMatch(/^hoplink_redirects_total\{outcome="redirect"\} 2$/m);
    expect(text).toMatch(/^hoplink_redirects_total\{outcome="not_found"\} 1$/m);
    expect(text).toMatch(/^hoplink_link_cache_requests_total\{result="hit"\} 1$/m);
    expect(text).toMatch(/^hoplink_clicks_total\{state="written"\} 2$/m);
    expect(text).toMatch(/^hoplink_click_buffer_depth 0$/m);
    expect(text).toMatch(/^hoplink_click_batch_write_seconds_count [1-9]/m);
    expect(text).toMatch(
      /^hoplink_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/links",status_code="201"\} 1$/m,
    );
    expect(text).toMatch(/^hoplink_nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^hoplink_process_resident_memory_bytes /m);
    expect(text).toMatch(/^# TYPE hoplink_webhook_deliveries_total counter$/m);
  });
});

describe('logs', () => {
  it('never carry tokens, cookies or passwords, and say in one line what a failed click batch keeps', async () => {
    const { logger, lines } = capturingLogger('trace');
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', APP_URL: 'http://api.test', LOG_LEVEL: 'trace' });
    const ctx = await createAppContext(config, { logger });
    const app = await buildApiApp(ctx, { logger: true });
    try {
      const password = 'a very particular passphrase';
      const signUp = await app.inject({
        method: 'POST',
        url: '/dashboard-api/signup',
        payload: { email: 'logs@example.com', password },
      });
      const cookie = `hoplink_session=${signUp.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
      const csrf = signUp.json().csrf_token as string;
      // Tokens are for plans with API access.
      await ctx.uow.transact((work) => changePlan(work, 'logs@example.com', 'pro'));
      const created = await app.inject({
        method: 'POST',
        url: '/dashboard-api/tokens',
        headers: { cookie, 'x-csrf-token': csrf },
        payload: { name: 'ci', abilities: ['read'] },
      });
      const token = created.json().token as string;
      await app.inject({ method: 'GET', url: '/api/v1/links', headers: { authorization: `Bearer ${token}` } });
      await app.inject({
        method: 'POST',
        url: '/dashboard-api/signin',
        payload: { email: 'logs@example.com', password: 'wrong one!' },
      });
      await app.inject({ method: 'POST', url: '/api/v1/links', headers: { cookie }, payload: {} });

      // A click batch that cannot be written: one line, with the batch and what is kept.
      const linkId = 999_999;
      await ctx.database.db.destroy();
      ctx.clicks.record({
        linkId,
        at: Date.now(),
        ip: '8.8.8.8',
        userAgent: 'x',
        referer: undefined,
        optionIndex: null,
      });
      await expect(ctx.clicks.flush()).rejects.toThrow();

      expect(lines.length).toBeGreaterThan(5);
      const everything = lines.join('\n');
      for (const secret of [password, token, cookie.split('=')[1]!, csrf]) expect(everything).not.toContain(secret);
      const failures = lines
        .map((line) => JSON.parse(line))
        .filter((entry) => /click batch write failed/.test(entry.msg));
      expect(failures.length).toBeGreaterThan(0);
      expect(failures[0]).toMatchObject({ level: 50, visits: 1, keptForRetry: 1 });
    } finally {
      await app.close();
      await ctx.close().catch(() => {});
    }
  });
});
