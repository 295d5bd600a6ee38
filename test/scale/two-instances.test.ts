import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUserWithToken } from '../helpers/cli.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { hoplink, startService, type RunningService } from '../helpers/process.ts';

// Needs real PostgreSQL and Redis servers: CI sets both (and fails if they cannot be reached);
// a machine without them skips this file.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl);

describe.skipIf(!enabled)('two instances sharing PostgreSQL and Redis', () => {
  let a: RunningService;
  let b: RunningService;
  let db: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    db = await freshDatabaseUrl('postgres');
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      CLICK_CLAIM_IDLE_MS: '1000',
      RATE_LIMIT_PRO: '6',
      RATE_LIMIT_SESSION: '8',
      WEBHOOK_ALLOW_HTTP: 'true', // the receiver below is http://127.0.0.1
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    a = await startService(env);
    b = await startService(env);
    ({ headers } = await cliUserWithToken({ env, email: 'scale@example.com', plan: 'pro', tokenName: 'scale' }));
  });
  afterAll(async () => {
    await a?.kill();
    await b?.stop().catch(() => {});
    await db?.drop();
  });

  const api = (s: RunningService, path: string, init: RequestInit = {}) =>
    fetch(`${s.apiUrl}/api/v1${path}`, { ...init, headers });
  const visit = (s: RunningService, code: string) =>
    fetch(`${s.shortUrl}/${code}`, {
      redirect: 'manual',
      headers: {
        'user-agent': CHROME_USER_AGENT,
      },
    });

  it('counts one rate limit across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await api(a, '/categories')).status, (await api(b, '/categories')).status);
    // RATE_LIMIT_PRO=6 per minute, shared: per-instance counting would still allow these two.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await api(a, '/categories')).status).toBe(429);
    expect((await api(b, '/categories')).status).toBe(429);
  });

  it("counts a dashboard session's own budget once across both instances", async () => {
    const signUp = await fetch(`${a.apiUrl}/dashboard-api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'session-budget@example.com', password: 'a long enough secret' }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    const list = (s: RunningService) => fetch(`${s.apiUrl}/api/v1/links`, { headers: { cookie } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await list(a)).status, (await list(b)).status);
    // RATE_LIMIT_SESSION=8 per minute, shared: more than the plan's 6, and counted in Redis.
    expect(statuses).toEqual(Array(8).fill(200));
    expect((await list(b)).status).toBe(429);
  });

  it('invalidates the other instance’s cache within 100 ms of a change', async () => {
    // A fresh user: the previous test used up the shared limit of the first one.
    ({ headers } = await cliUserWithToken({ env, email: 'cache@example.com', plan: 'pro', tokenName: 'cache' }));
    const link = await (
      await api(a, '/links', { method: 'POST', body: JSON.stringify({ redirect_url: 'https://example.com/old' }) })
    ).json();
    expect((await visit(b, link.short_code)).headers.get('location')).toBe('https://example.com/old');
    await api(a, `/links/${link.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ redirect_url: 'https://example.com/new' }),
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await visit(b, link.short_code)).headers.get('location')).toBe('https://example.com/new');
    await api(a, `/links/${link.id}`, { method: 'PATCH', body: JSON.stringify({ is_active: false }) });
    await new Promise((r) => setTimeout(r, 100));
    expect((await visit(b, link.short_code)).status).toBe(404);
  });

  it("applies what the CLI commits at once on every instance: an import's code each had found unknown", async () => {
    await hoplink(env, 'user', 'create', '--email', 'cli-import@example.com', '--plan', 'business');
    const code = `cli-${randomBytes(3).toString('hex')}`;
    // Both instances now remember the code as unknown (for 30 s, LINK_CACHE_NEGATIVE_TTL_MS).
    expect([(await visit(a, code)).status, (await visit(b, code)).status]).toEqual([404, 404]);
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-cli-import-'));
    writeFileSync(join(dir, 'links.csv'), `keyword,url\n${code},https://example.com/imported\n`);
    await hoplink(env, 'import', '--email', 'cli-import@example.com', '--file', join(dir, 'links.csv'), '--json');
    await new Promise((r) => setTimeout(r, 100));
    for (const instance of [a, b]) {
      expect((await visit(instance, code)).headers.get('location')).toBe('https://example.com/imported');
    }
  });

  it('delivers from one instance to a webhook created through the other, after it had found none', async () => {
    const receiver = await startReceiver();
    try {
      const hooks = await cliUserWithToken({ env, email: 'hooks@example.com', plan: 'business', tokenName: 'hooks' });
      const post = (s: RunningService, path: string, body: unknown) =>
        fetch(`${s.apiUrl}/api/v1${path}`, { method: 'POST', headers: hooks.headers, body: JSON.stringify(body) });
      expect((await post(b, '/links', { redirect_url: 'https://example.com/before' })).status).toBe(201);
      await new Promise((r) => setTimeout(r, 200)); // b has looked for the user's webhooks, and found none
      expect((await post(a, '/webhooks', { url: receiver.url, events: ['link.created'] })).status).toBe(201);
      await new Promise((r) => setTimeout(r, 100));
      expect((await post(b, '/links', { redirect_url: 'https://example.com/after' })).status).toBe(201);
      for (let i = 0; i < 100 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const delivered = receiver.received.map((delivery) => JSON.parse(delivery.body).data.redirect_url);
      expect(delivered).toEqual(['https://example.com/after']);
    } finally {
      await receiver.close();
    }
  });

  it('attributes a postback to a click another instance took, and counts an order once on either', async () => {
    const money = await cliUserWithToken({ env, email: 'money@example.com', plan: 'business', tokenName: 'money' });
    const call = (s: RunningService, method: string, path: string, body?: unknown) =>
      fetch(`${s.apiUrl}/api/v1${path}`, {
        method,
        headers: money.headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const link = await (
      await call(a, 'POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B0SCALE001', pass_click_id: true })
    ).json();
    // The visit on b goes through its Redis stream to the raw click, with its click id.
    const clickId = new URL((await visit(b, link.short_code)).headers.get('location')!).searchParams.get('ascsubtag');
    expect(clickId).toMatch(/^[0-9a-f]{32}$/);
    const clickIds = async () => (await (await call(a, 'GET', `/links/${link.id}/clicks`)).json()).data;
    for (let i = 0; i < 100 && (await clickIds()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await clickIds()).map((click: { click_id: string }) => click.click_id)).toEqual([clickId]);

    const { secret } = await (await call(b, 'POST', '/conversions/postback/rotate')).json();
    const query = new URLSearchParams({ click_id: clickId!, amount: '12.00', currency: 'USD', order_id: 'A-1' });
    const statuses = await Promise.all(
      [a, b, a, b].map(async (s) => (await fetch(`${s.apiUrl}/postback/${secret}?${query}`)).status),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 201]);
    const conversions = (await (await call(b, 'GET', '/conversions')).json()).data;
    expect(conversions).toMatchObject([{ order_id: 'A-1', link_id: link.id, amount: '12.00', attributed: true }]);
    const stats = await (await call(a, 'GET', `/links/${link.id}/stats`)).json();
    expect(stats.conversions).toMatchObject([{ currency: 'USD', conversions: 1, revenue: '12.00' }]);
  });

  it('lets exactly max_clicks of 50 simultaneous visitors through across both instances', async () => {
    ({ headers } = await cliUserWithToken({ env, email: 'limit@example.com', plan: 'pro', tokenName: 'limit' }));
    const link = await (
      await api(a, '/links', {
        method: 'POST',
        body: JSON.stringify({ redirect_url: 'https://example.com/limited', max_clicks: 10 }),
      })
    ).json();
    // Both instances load the link first, so each holds it in its cache with click_count 0.
    expect((await fetch(`${b.shortUrl}/${link.short_code}`, { method: 'HEAD', redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${a.shortUrl}/${link.short_code}`, { method: 'HEAD', redirect: 'manual' })).status).toBe(302);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => visit(i % 2 === 0 ? a : b, link.short_code).then((res) => res.status)),
    );
    expect(answers.sort()).toEqual([...Array(10).fill(302), ...Array(40).fill(410)]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const count = async () =>
        Number((await client.query('select click_count from links where id = $1', [link.id])).rows[0].click_count);
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && (await count()) < 10) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      expect(await count()).toBe(10);
    } finally {
      await client.end();
    }
  });

  it('tells a dashboard open on one instance of clicks that another instance took, within 2 s', async () => {
    const password = 'a long enough secret';
    ({ headers } = await cliUserWithToken({
      env,
      email: 'live@example.com',
      plan: 'business',
      tokenName: 'live',
      password,
    }));
    const signIn = await fetch(`${b.apiUrl}/dashboard-api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'live@example.com', password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const link = await (
      await api(a, '/links', { method: 'POST', body: JSON.stringify({ redirect_url: 'https://example.com/live' }) })
    ).json();
    const stream = await fetch(`${b.apiUrl}/dashboard-api/live`, { headers: { cookie } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const started = Date.now();
    expect((await visit(a, link.short_code)).status).toBe(302);
    while (!text.includes('event: clicks') && Date.now() - started < 2_000) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 2_000))]);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    await reader.cancel();
    expect(text).toContain(`event: clicks\ndata: {"link_ids":[${link.id}]}`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('loses no accepted click when an instance is killed mid-load, and counts none twice', async () => {
    const link = await (
      await api(b, '/links', { method: 'POST', body: JSON.stringify({ redirect_url: 'https://example.com/load' }) })
    ).json();
    let acceptedByA = 0;
    let killed: Promise<unknown> | undefined;
    const CONCURRENCY = 20;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = 0; i < 60 && !killed; i++) {
          try {
            if ((await visit(a, link.short_code)).status === 302) acceptedByA += 1;
          } catch {
            return;
          }
          if (acceptedByA >= 300 && !killed) killed = a.kill();
        }
      }),
    );
    await killed;
    let acceptedByB = 0;
    for (let i = 0; i < 50; i++) if ((await visit(b, link.short_code)).status === 302) acceptedByB += 1;

    // B's consumer claims what A left pending (idle > 1 s) and writes it.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      let count = 0;
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        count = Number(
          (await client.query('select click_count from links where id = $1', [link.id])).rows[0].click_count,
        );
        if (count >= acceptedByA + acceptedByB) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1500)); // anything more would be a double count
      count = Number(
        (await client.query('select click_count from links where id = $1', [link.id])).rows[0].click_count,
      );
      const rows = Number(
        (await client.query('select count(*) as n from clicks where link_id = $1', [link.id])).rows[0].n,
      );
      // Every 302 is counted; at most the requests in flight at the kill (answered to no one) more.
      expect(count).toBeGreaterThanOrEqual(acceptedByA + acceptedByB);
      expect(count).toBeLessThanOrEqual(acceptedByA + acceptedByB + CONCURRENCY);
      expect(rows).toBe(count);
    } finally {
      await client.end();
    }
  });
});

describe.skipIf(!enabled)('hoplink serve --workers 2', () => {
  it('runs two processes on the same ports sharing the database and the cache bus, and stops on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    const { freePort, projectRoot } = await import('../helpers/process.ts');
    const db = await freshDatabaseUrl('postgres');
    const [port, shortPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      PORT: String(port),
      SHORT_PORT: String(shortPort),
      HOST: '127.0.0.1',
    };
    // The bin run by the pinned Node, as npx resolves it (and as a systemd unit starts it).
    const child = spawn(process.execPath, ['bin/hoplink.js', 'serve', '--workers', '2'], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    try {
      let ready = false;
      for (let i = 0; i < 150 && !ready; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready).toBe(true);
      const { headers: h } = await cliUserWithToken({ env, email: 'workers@example.com', plan: 'pro', tokenName: 'w' });
      const link = await (
        await fetch(`http://127.0.0.1:${port}/api/v1/links`, {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ redirect_url: 'https://example.com/w' }),
        })
      ).json();
      // New connections land on either worker; every one must see the link and its changes.
      for (let i = 0; i < 10; i++)
        expect(
          (
            await fetch(`http://127.0.0.1:${shortPort}/${link.short_code}`, {
              redirect: 'manual',
              headers: { connection: 'close' },
            })
          ).status,
        ).toBe(302);
      await fetch(`http://127.0.0.1:${port}/api/v1/links/${link.id}`, {
        method: 'PATCH',
        headers: h,
        body: JSON.stringify({ is_active: false }),
      });
      await new Promise((r) => setTimeout(r, 150));
      for (let i = 0; i < 10; i++)
        expect(
          (
            await fetch(`http://127.0.0.1:${shortPort}/${link.short_code}`, {
              redirect: 'manual',
              headers: { connection: 'close' },
            })
          ).status,
        ).toBe(404);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await db.drop();
    }
  });
});
