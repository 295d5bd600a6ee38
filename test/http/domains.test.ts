import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, createTestApp, createUserWithToken, type ApiMethod, type TestApp } from '../helpers/app.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { startFakeCloudflare } from '../helpers/fake-cloudflare.ts';

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let headers: Record<string, string>;
beforeAll(async () => {
  dns = await startDnsServer({});
  t = await createTestApp({ DNS_SERVERS: '', SHORT_URL: 'https://hop.example', RATE_LIMIT_DOMAINS: '1000' });
  // The DNS provider reads DNS_SERVERS at start; point it at the loopback server.
  const { createDnsProvider } = await import('../../src/domain-verification/dns-provider.ts');
  t.ctx.domains.provider = createDnsProvider({ servers: [dns.address], shortHostname: 'hop.example', timeoutMs: 500 });
  headers = (await createUserWithToken(t.ctx, 'business')).headers;
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const call = (method: ApiMethod, url: string, payload?: object, h = headers) =>
  apiRequest(t.app, method, url, payload, h);

describe('custom domains (Business)', () => {
  it('answers the verification record on create, normalising the hostname', async () => {
    const res = await call('POST', '/domains', { hostname: 'Go.Bücher.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      hostname: 'go.xn--bcher-kva.test',
      status: 'pending',
      verification: { type: 'CNAME', name: 'go.xn--bcher-kva.test', value: 'hop.example' },
      last_checked_at: null,
    });
    expect((await call('GET', '/domains')).json().data).toHaveLength(1);
  });

  it.each(['10.0.0.1', 'localhost', 'intranet', 'hop.example', 'api.test', 'https://x.test/'])(
    'refuses %s',
    async (hostname) => {
      const res = await call('POST', '/domains', { hostname });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.hostname).toBeDefined();
    },
  );

  it('keeps hostnames unique across users', async () => {
    await call('POST', '/domains', { hostname: 'shared.brand.test' });
    const other = (await createUserWithToken(t.ctx, 'business')).headers;
    expect((await call('POST', '/domains', { hostname: 'SHARED.brand.test' }, other)).json().errors.hostname).toEqual([
      'The hostname has already been taken.',
    ]);
  });

  it('goes pending -> active when the CNAME appears, and a failing check stays pending', async () => {
    const domain = (await call('POST', '/domains', { hostname: 'links.brand.test' })).json();
    const first = (await call('POST', `/domains/${domain.id}/check`)).json();
    expect(first.status).toBe('pending');
    expect(first.last_checked_at).not.toBeNull();
    dns.setZone({ 'links.brand.test': { CNAME: 'hop.example.' } });
    expect((await call('POST', `/domains/${domain.id}/check`)).json().status).toBe('active');
  });

  it('queues a domain.verified webhook delivery when a domain becomes active', async () => {
    const hook = await call('POST', '/webhooks', {
      url: 'https://hooks.example.com/hoplink',
      events: ['domain.verified'],
    });
    expect(hook.statusCode).toBe(201);
    const domain = (await call('POST', '/domains', { hostname: 'hooked.brand.test' })).json();
    dns.setZone({ 'hooked.brand.test': { CNAME: 'hop.example' } });
    expect((await call('POST', `/domains/${domain.id}/check`)).json().status).toBe('active');
    let payload: string | undefined;
    for (let i = 0; i < 100 && !payload; i++) {
      payload = (
        await t.ctx.database.db
          .selectFrom('webhook_deliveries')
          .select('payload')
          .where('webhook_id', '=', hook.json().id)
          .executeTakeFirst()
      )?.payload;
      if (!payload) await new Promise((r) => setTimeout(r, 10));
    }
    expect(JSON.parse(payload!)).toMatchObject({
      event: 'domain.verified',
      data: { id: domain.id, hostname: 'hooked.brand.test', status: 'active' },
    });
  });

  it('accepts the TXT token as well', async () => {
    const domain = (await call('POST', '/domains', { hostname: 'txt.brand.test' })).json();
    const token = (
      await t.ctx.database.db
        .selectFrom('domains')
        .select('verification_token')
        .where('id', '=', domain.id)
        .executeTakeFirstOrThrow()
    ).verification_token;
    dns.setZone({ '_hoplink.txt.brand.test': { TXT: [token] } });
    expect((await call('POST', `/domains/${domain.id}/check`)).json().status).toBe('active');
  });

  it('fails a domain left unverified for 7 days', async () => {
    const domain = (await call('POST', '/domains', { hostname: 'late.brand.test' })).json();
    await t.ctx.database.db
      .updateTable('domains')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', domain.id)
      .execute();
    expect((await call('POST', `/domains/${domain.id}/check`)).json().status).toBe('failed');
  });

  it('serves links on an active domain only, and refuses to delete a domain links use', async () => {
    dns.setZone({ 'go.shop.test': { CNAME: 'hop.example' } });
    const pending = (await call('POST', '/domains', { hostname: 'pending.shop.test' })).json();
    const domain = (await call('POST', '/domains', { hostname: 'go.shop.test' })).json();
    await call('POST', `/domains/${domain.id}/check`);
    expect(
      (await call('POST', '/links', { redirect_url: 'https://example.com', domain_id: pending.id })).json().errors
        .domain_id,
    ).toBeDefined();
    const link = (
      await call('POST', '/links', { redirect_url: 'https://example.com', domain_id: domain.id, short_code: 'sale' })
    ).json();
    expect(link).toMatchObject({
      short_url: 'https://go.shop.test/sale',
      domain: { id: domain.id, hostname: 'go.shop.test' },
    });
    expect((await call('POST', '/links', { redirect_url: 'https://example.com', short_code: 'sale' })).statusCode).toBe(
      201,
    );
    const refused = await call('DELETE', `/domains/${domain.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.domain[0]).toMatch(/used by 1 link/);
    await call('DELETE', `/links/${link.id}`);
    expect((await call('DELETE', `/domains/${domain.id}`)).statusCode).toBe(204);
  });

  it('is Business only, needs update to check, and 403s another user', async () => {
    const domain = (await call('POST', '/domains', { hostname: 'mine.brand.test' })).json();
    const readOnly = (await createUserWithToken(t.ctx, 'business', ['read'])).headers;
    expect((await call('POST', `/domains/${domain.id}/check`, undefined, readOnly)).statusCode).toBe(403);
    const other = (await createUserWithToken(t.ctx, 'business')).headers;
    expect((await call('POST', `/domains/${domain.id}/check`, undefined, other)).statusCode).toBe(403);
    const pro = (await createUserWithToken(t.ctx, 'pro')).headers;
    expect((await call('GET', '/domains', undefined, pro)).statusCode).toBe(403);
    expect(
      (await call('POST', '/links', { redirect_url: 'https://example.com', domain_id: domain.id }, pro)).statusCode,
    ).toBe(403);
  });

  it('refuses domain_id from a Pro token whatever its value, null included, and changes nothing', async () => {
    const pro = (await createUserWithToken(t.ctx, 'pro')).headers;
    const created = await call('POST', '/links', { redirect_url: 'https://example.com/pro', domain_id: null }, pro);
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toMatch(/Custom domains/);
    const link = (await call('POST', '/links', { redirect_url: 'https://example.com/pro' }, pro)).json();
    const patched = await call(
      'PATCH',
      `/links/${link.id}`,
      { redirect_url: 'https://example.com/new', domain_id: null },
      pro,
    );
    expect(patched.statusCode).toBe(403);
    expect((await call('GET', `/links/${link.id}`, undefined, pro)).json().redirect_url).toBe(
      'https://example.com/pro',
    );
    expect((await call('GET', '/links', undefined, pro)).json().meta.total).toBe(1);
  });
});

describe('the separate domains rate limit', () => {
  it('limits /domains on its own, leaving the general limit untouched', async () => {
    const limited = await createTestApp({ RATE_LIMIT_DOMAINS: '3', RATE_LIMIT_BUSINESS: '100' });
    try {
      const h = (await createUserWithToken(limited.ctx, 'business')).headers;
      for (let i = 0; i < 3; i++) {
        const res = await apiRequest(limited.app, 'GET', '/domains', undefined, h);
        expect(res.headers['x-ratelimit-limit']).toBe('3');
      }
      const blocked = await apiRequest(limited.app, 'GET', '/domains', undefined, h);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const links = await apiRequest(limited.app, 'GET', '/links', undefined, h);
      expect(links.statusCode).toBe(200);
      expect(links.headers['x-ratelimit-remaining']).toBe('99');
    } finally {
      await limited.close();
    }
  });
});

describe('Cloudflare for SaaS when configured', () => {
  it('registers the hostname with the provider and activates when it reports active', async () => {
    const cf = await startFakeCloudflare('tok', 'zone9');
    const app = await createTestApp({
      CLOUDFLARE_API_TOKEN: 'tok',
      CLOUDFLARE_ZONE_ID: 'zone9',
      CLOUDFLARE_API_BASE: cf.baseUrl,
    });
    try {
      const h = (await createUserWithToken(app.ctx, 'business')).headers;
      const domain = (await apiRequest(app.app, 'POST', '/domains', { hostname: 'cf.brand.test' }, h)).json();
      expect([...cf.hostnames.values()].map((x) => x.hostname)).toEqual(['cf.brand.test']);
      expect((await apiRequest(app.app, 'POST', `/domains/${domain.id}/check`, undefined, h)).json().status).toBe(
        'pending',
      );
      cf.activate('cf.brand.test');
      expect((await apiRequest(app.app, 'POST', `/domains/${domain.id}/check`, undefined, h)).json().status).toBe(
        'active',
      );
      expect((await apiRequest(app.app, 'DELETE', `/domains/${domain.id}`, undefined, h)).statusCode).toBe(204);
      expect(cf.hostnames.size).toBe(0);
    } finally {
      await app.close();
      await cf.close();
    }
  });
});
