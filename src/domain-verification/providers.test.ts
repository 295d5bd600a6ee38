import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/helpers/dns-server.ts';
import { startFakeCloudflare } from '../../test/helpers/fake-cloudflare.ts';
import { createCloudflareProvider } from './cloudflare-provider.ts';
import { createDnsProvider } from './dns-provider.ts';

describe('DNS verification against a real DNS server on loopback', () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    dns = await startDnsServer({
      'go.brand.test': { CNAME: 'hop.example' },
      'other.brand.test': { CNAME: 'elsewhere.example' },
      '_hoplink.txt.brand.test': { TXT: ['hoplink-verify=abc'] },
      '_hoplink.wrong.brand.test': { TXT: ['hoplink-verify=nope'] },
    });
  });
  afterAll(async () => {
    await dns.close();
  });
  const provider = () => createDnsProvider({ servers: [dns.address], shortHostname: 'hop.example', timeoutMs: 500 });

  it.each([
    ['a CNAME to the short host', 'go.brand.test', true],
    ['a CNAME to another host', 'other.brand.test', false],
    ['the TXT token', 'txt.brand.test', true],
    ['a TXT with another token', 'wrong.brand.test', false],
    ['an unknown name', 'nothing.brand.test', false],
  ])('finds %s: %s', async (_name, hostname, found) => {
    expect((await provider().check({ hostname, verificationToken: 'hoplink-verify=abc' })).found).toBe(found);
  });

  it('ignores a CNAME for a hostname that needs the TXT token', async () => {
    const check = (hostname: string) =>
      provider().check({ hostname, verificationToken: 'hoplink-verify=abc', txtOnly: true });
    expect(await check('go.brand.test')).toMatchObject({
      found: false,
      detail: expect.stringMatching(/needs the TXT token/),
    });
    expect((await check('txt.brand.test')).found).toBe(true);
  });

  it('reports an unreachable server as not found, without throwing', async () => {
    const unreachable = createDnsProvider({ servers: ['127.0.0.1:9'], shortHostname: 'hop.example', timeoutMs: 200 });
    const result = await unreachable.check({ hostname: 'go.brand.test', verificationToken: 'x' });
    expect(result.found).toBe(false);
    expect(result.detail).toMatch(/no CNAME/);
  });
});

describe('Cloudflare for SaaS adapter against a local server with the documented shapes', () => {
  let cf: Awaited<ReturnType<typeof startFakeCloudflare>>;
  beforeAll(async () => {
    cf = await startFakeCloudflare('cf-token', 'zone1');
  });
  afterAll(async () => {
    await cf.close();
  });

  it('registers, reports pending then active, and removes a hostname', async () => {
    const provider = createCloudflareProvider({ baseUrl: cf.baseUrl, zoneId: 'zone1', apiToken: 'cf-token' });
    await provider.register('shop.brand.test');
    expect((await provider.check({ hostname: 'shop.brand.test', verificationToken: '' })).found).toBe(false);
    cf.activate('shop.brand.test');
    expect(await provider.check({ hostname: 'shop.brand.test', verificationToken: '' })).toMatchObject({
      found: true,
      detail: expect.stringMatching(/active/),
    });
    await provider.remove('shop.brand.test');
    expect(cf.hostnames.size).toBe(0);
  });

  it('needs the TXT token as well for a hostname another account claimed before', async () => {
    let tokenPublished = false;
    const provider = createCloudflareProvider({
      baseUrl: cf.baseUrl,
      zoneId: 'zone1',
      apiToken: 'cf-token',
      hasTxtToken: async (hostname, token) => tokenPublished && hostname === 'taken.brand.test' && token === 't1',
    });
    await provider.register('taken.brand.test');
    cf.activate('taken.brand.test');
    const domain = { hostname: 'taken.brand.test', verificationToken: 't1', txtOnly: true };
    expect(await provider.check(domain)).toMatchObject({ found: false, detail: expect.stringMatching(/no TXT token/) });
    tokenPublished = true;
    expect((await provider.check(domain)).found).toBe(true);
  });

  it('turns a duplicate into a conflict and a bad token into an error', async () => {
    const provider = createCloudflareProvider({ baseUrl: cf.baseUrl, zoneId: 'zone1', apiToken: 'cf-token' });
    await provider.register('dup.brand.test');
    await expect(provider.register('dup.brand.test')).rejects.toMatchObject({ code: 'conflict' });
    const wrong = createCloudflareProvider({ baseUrl: cf.baseUrl, zoneId: 'zone1', apiToken: 'bad' });
    await expect(wrong.check({ hostname: 'dup.brand.test', verificationToken: '' })).rejects.toThrow(
      /Authentication error/,
    );
  });
});
