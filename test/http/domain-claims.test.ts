import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsProvider } from '../../src/domain-verification/dns-provider.ts';
import { apiRequest, createTestApp, createUserWithToken, type ApiMethod, type TestApp } from '../helpers/app.ts';
import { startDnsServer } from '../helpers/dns-server.ts';

// A hostname whose DNS already points here (a CNAME its earlier owner left)
// must not activate for whoever adds it next: a hostname claimed before by another account
// needs the TXT token, and its verification record says so.
let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer({ 'claimed.brand.test': { CNAME: 'hop.example.' } });
  t = await createTestApp({ SHORT_URL: 'https://hop.example', RATE_LIMIT_DOMAINS: '1000' });
  t.ctx.domains.provider = createDnsProvider({ servers: [dns.address], shortHostname: 'hop.example', timeoutMs: 500 });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const call = (headers: Record<string, string>, method: ApiMethod, url: string, payload?: object) =>
  apiRequest(t.app, method, url, payload, headers);

describe('claiming a hostname someone else used', () => {
  it('activates by CNAME for its first claimant, and needs the TXT token from the next', async () => {
    const first = (await createUserWithToken(t.ctx, 'business')).headers;
    const second = (await createUserWithToken(t.ctx, 'business')).headers;

    const original = (await call(first, 'POST', '/domains', { hostname: 'claimed.brand.test' })).json();
    expect(original.verification.type).toBe('CNAME');
    expect((await call(first, 'POST', `/domains/${original.id}/check`)).json().status).toBe('active');
    expect((await call(first, 'DELETE', `/domains/${original.id}`)).statusCode).toBe(204);

    // The CNAME still points here, but it proves nothing about the second account.
    const res = await call(second, 'POST', '/domains', { hostname: 'claimed.brand.test' });
    expect(res.statusCode).toBe(201);
    const taken = res.json();
    expect(taken.verification).toMatchObject({ type: 'TXT', name: '_hoplink.claimed.brand.test' });
    expect((await call(second, 'POST', `/domains/${taken.id}/check`)).json().status).toBe('pending');

    dns.setZone({
      'claimed.brand.test': { CNAME: 'hop.example.' },
      '_hoplink.claimed.brand.test': { TXT: [taken.verification.value] },
    });
    expect((await call(second, 'POST', `/domains/${taken.id}/check`)).json().status).toBe('active');
  });
});
