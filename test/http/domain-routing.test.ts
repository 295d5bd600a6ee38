import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, createTestApp, createUserWithToken, type ApiMethod, type TestApp } from '../helpers/app.ts';
import { startDnsServer, type Zone } from '../helpers/dns-server.ts';

// One loopback DNS server for every app here; each test sets the zone it needs. A test that starts
// an app of its own has 30 s: starting one takes seconds on a loaded machine.
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer({});
});
afterAll(async () => {
  await dns.close();
});

async function routedApp(env: Record<string, string>) {
  const t = await createTestApp({
    DNS_SERVERS: dns.address,
    SHORT_URL: 'https://hop.example',
    RATE_LIMIT_DOMAINS: '1000',
    ...env,
  });
  const { headers } = await createUserWithToken(t.ctx, 'business');
  const call = (method: ApiMethod, url: string, payload?: object) => apiRequest(t.app, method, url, payload, headers);
  return { t, call };
}

async function tokenOf(t: TestApp, id: number): Promise<string> {
  const row = await t.ctx.database.db
    .selectFrom('domains')
    .select('verification_token')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.verification_token;
}

describe('routing to a target (SHORT_ROUTING_TARGET) and addresses (SHORT_ROUTING_ADDRESSES)', () => {
  let app: Awaited<ReturnType<typeof routedApp>>;
  beforeAll(async () => {
    app = await routedApp({
      SHORT_ROUTING_TARGET: 'edge.hop.example',
      SHORT_ROUTING_ADDRESSES: '203.0.113.7, 2001:DB8::7',
    });
  });
  afterAll(async () => {
    await app.t.close();
  });

  /** Adds the domain, publishes its TXT token plus `records`, checks it, and answers the check's body. */
  async function checked(hostname: string, records: (token: string) => Zone) {
    const domain = (await app.call('POST', '/domains', { hostname })).json();
    const token = await tokenOf(app.t, domain.id);
    dns.setZone(records(token));
    const res = await app.call('POST', `/domains/${domain.id}/check`);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('lists the TXT ownership record and a CNAME routing record for a subdomain', async () => {
    const res = await app.call('POST', '/domains', { hostname: 'go.brand.test' });
    expect(res.json()).toMatchObject({
      verification: { type: 'TXT', name: '_hoplink.go.brand.test', value: expect.stringMatching(/^hoplink-verify=/) },
      routing_records: [{ type: 'CNAME', name: 'go.brand.test', value: 'edge.hop.example' }],
      ownership: null,
      routing: null,
    });
  });

  it('lists A and AAAA routing records for an apex domain', async () => {
    const res = await app.call('POST', '/domains', { hostname: 'brand-apex.test' });
    expect(res.json().routing_records).toEqual([
      { type: 'A', name: 'brand-apex.test', value: '203.0.113.7' },
      { type: 'AAAA', name: 'brand-apex.test', value: '2001:DB8::7' },
    ]);
    expect((await app.call('POST', '/domains', { hostname: 'shop.co.uk' })).json().routing_records[0].type).toBe('A');
  });

  it('is active when the TXT token and the CNAME to the target both hold', async () => {
    const body = await checked('cname-ok.brand.test', (token) => ({
      '_hoplink.cname-ok.brand.test': { TXT: [token] },
      'cname-ok.brand.test': { CNAME: 'edge.hop.example.' },
    }));
    expect(body).toMatchObject({ status: 'active', ownership: 'ok', routing: 'ok' });
  });

  it('stays pending with routing missing when only the TXT token is there', async () => {
    const body = await checked('cname-missing.brand.test', (token) => ({
      '_hoplink.cname-missing.brand.test': { TXT: [token] },
    }));
    expect(body).toMatchObject({ status: 'pending', ownership: 'ok', routing: 'missing' });
    expect((await app.call('GET', '/domains')).json().data.find((d: { id: number }) => d.id === body.id)).toMatchObject(
      { ownership: 'ok', routing: 'missing' },
    );
  });

  it('stays pending with routing wrong when the CNAME points elsewhere', async () => {
    const body = await checked('cname-wrong.brand.test', (token) => ({
      '_hoplink.cname-wrong.brand.test': { TXT: [token] },
      'cname-wrong.brand.test': { CNAME: 'other-host.example' },
    }));
    expect(body).toMatchObject({ status: 'pending', ownership: 'ok', routing: 'wrong' });
  });

  it('stays pending with ownership missing when only the routing record (no proof of ownership) is there', async () => {
    const body = await checked('no-txt.brand.test', () => ({ 'no-txt.brand.test': { CNAME: 'edge.hop.example' } }));
    expect(body).toMatchObject({ status: 'pending', ownership: 'missing', routing: 'ok' });
  });

  it.each([
    ['an A record with our address', { A: '203.0.113.7' }, 'ok', 'active'],
    ['an AAAA record with our address, spelled otherwise', { AAAA: '2001:db8:0:0::7' }, 'ok', 'active'],
    ['no address', {}, 'missing', 'pending'],
    ['an A record with another address', { A: '198.51.100.1' }, 'wrong', 'pending'],
    ['our A record beside a foreign AAAA', { A: '203.0.113.7', AAAA: '2001:db8::99' }, 'wrong', 'pending'],
  ])('judges an apex domain with %s', async (_name, records, routing, status) => {
    const hostname = `apex-${routing}-${Math.random().toString(36).slice(2, 9)}.test`;
    const body = await checked(hostname, (token) => ({
      [`_hoplink.${hostname}`]: { TXT: [token] },
      ...(Object.keys(records).length > 0 ? { [hostname]: records } : {}),
    }));
    expect(body).toMatchObject({ status, ownership: 'ok', routing });
  });

  it('takes a verified domain whose routing record went away back to pending', async () => {
    const hostname = 'moved.brand.test';
    const domain = (await app.call('POST', '/domains', { hostname })).json();
    const token = await tokenOf(app.t, domain.id);
    const txt = { [`_hoplink.${hostname}`]: { TXT: [token] } };
    dns.setZone({ ...txt, [hostname]: { CNAME: 'edge.hop.example' } });
    expect((await app.call('POST', `/domains/${domain.id}/check`)).json().status).toBe('active');
    dns.setZone(txt);
    expect((await app.call('POST', `/domains/${domain.id}/check`)).json()).toMatchObject({
      status: 'pending',
      routing: 'missing',
    });
  });
});

describe('an apex domain with only a routing target', () => {
  it('asks for an ALIAS and accepts addresses that are the target’s own (a flattened CNAME)', async () => {
    const { t, call } = await routedApp({ SHORT_ROUTING_TARGET: 'edge.hop.example' });
    try {
      const domain = (await call('POST', '/domains', { hostname: 'flat.test' })).json();
      expect(domain.routing_records).toEqual([{ type: 'ALIAS', name: 'flat.test', value: 'edge.hop.example' }]);
      const token = await tokenOf(t, domain.id);
      const zone = (address: string) => ({
        '_hoplink.flat.test': { TXT: [token] },
        'edge.hop.example': { A: '192.0.2.10' },
        'flat.test': { A: address },
      });
      dns.setZone(zone('192.0.2.99'));
      expect((await call('POST', `/domains/${domain.id}/check`)).json().routing).toBe('wrong');
      dns.setZone(zone('192.0.2.10'));
      expect((await call('POST', `/domains/${domain.id}/check`)).json()).toMatchObject({
        status: 'active',
        routing: 'ok',
      });
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('with no routing requirement', () => {
  it('reports routing unchecked, lists no routing record, and activates on ownership alone', async () => {
    const { t, call } = await routedApp({});
    try {
      const domain = (await call('POST', '/domains', { hostname: 'plain.brand.test' })).json();
      expect(domain).toMatchObject({
        verification: { type: 'CNAME', name: 'plain.brand.test', value: 'hop.example' },
        routing_records: [],
        ownership: null,
        routing: 'unchecked',
      });
      dns.setZone({});
      expect((await call('POST', `/domains/${domain.id}/check`)).json()).toMatchObject({
        status: 'pending',
        ownership: 'missing',
        routing: 'unchecked',
      });
      dns.setZone({ 'plain.brand.test': { CNAME: 'hop.example' } });
      expect((await call('POST', `/domains/${domain.id}/check`)).json()).toMatchObject({
        status: 'active',
        ownership: 'ok',
        routing: 'unchecked',
      });
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('GET /internal/tls-ask', () => {
  let app: Awaited<ReturnType<typeof routedApp>>;
  beforeAll(async () => {
    app = await routedApp({ SHORT_ROUTING_TARGET: 'edge.hop.example', INTERNAL_ALLOW: '127.0.0.1, 10.9.0.0/16' });
  });
  afterAll(async () => {
    await app.t.close();
  });
  const ask = (domain: string, remoteAddress = '127.0.0.1') =>
    app.t.app.inject({ method: 'GET', url: `/internal/tls-ask?domain=${encodeURIComponent(domain)}`, remoteAddress });

  it('answers 200 for an active custom domain and the short host, 404 for anything else', async () => {
    const domain = (await app.call('POST', '/domains', { hostname: 'ask.brand.test' })).json();
    expect((await ask('ask.brand.test')).statusCode).toBe(404); // pending
    const token = await tokenOf(app.t, domain.id);
    dns.setZone({
      '_hoplink.ask.brand.test': { TXT: [token] },
      'ask.brand.test': { CNAME: 'edge.hop.example' },
    });
    expect((await app.call('POST', `/domains/${domain.id}/check`)).json().status).toBe('active');
    // The answer cached while pending is forgotten when the domain changes.
    const allowed = await ask('ASK.brand.test');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().message).toMatch(/ask\.brand\.test/);
    expect((await ask('hop.example')).statusCode).toBe(200);
    const refused = await ask('unknown.brand.test');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'unknown.brand.test is not a domain served here.' });
  });

  it('answers a repeated question from its cache, without the database', async () => {
    await ask('cached.brand.test');
    const read = app.t.ctx.uow.read.bind(app.t.ctx.uow);
    let reads = 0;
    app.t.ctx.uow.read = ((fn: Parameters<typeof read>[0]) => {
      reads += 1;
      return read(fn);
    }) as typeof read;
    try {
      expect((await ask('cached.brand.test')).statusCode).toBe(404);
      expect(reads).toBe(0);
    } finally {
      app.t.ctx.uow.read = read;
    }
  });

  it('refuses addresses outside INTERNAL_ALLOW with 403 JSON, and allows its CIDRs', async () => {
    const refused = await ask('hop.example', '192.0.2.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/INTERNAL_ALLOW/);
    expect((await ask('hop.example', '10.9.3.4')).statusCode).toBe(200);
    expect((await ask('hop.example', '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('answers a missing domain parameter with a 4xx JSON error', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/internal/tls-ask', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeDefined();
  });

  it('is not rate-limited', async () => {
    for (let i = 0; i < 200; i++) expect((await ask('hop.example')).statusCode).toBe(200);
  });
});

describe('INTERNAL_ALLOW by default', () => {
  it('allows loopback only', async () => {
    const { t } = await routedApp({});
    try {
      const ask = (remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: '/internal/tls-ask?domain=hop.example', remoteAddress });
      expect((await ask('127.0.0.1')).statusCode).toBe(200);
      expect((await ask('::1')).statusCode).toBe(200);
      expect((await ask('10.0.0.1')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  }, 30_000);
});
