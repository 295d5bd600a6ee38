import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUserWithToken } from '../helpers/cli.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { startService, type RunningService } from '../helpers/process.ts';
import { startReceiver } from '../helpers/receiver.ts';

// The service as `npm start` runs it, with its own background checker polling every 200 ms and
// resolving names through a loopback DNS server (DNS_SERVERS): nothing here calls the checker.
let service: RunningService;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let site: Destinations;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  dns = await startDnsServer({ 'shop.test': { A: '127.0.0.1' } });
  site = await startDestinations({ '/fine': (_req, res) => res.writeHead(200).end() });
  receiver = await startReceiver();
  service = await startService({
    DNS_SERVERS: dns.address,
    LINK_CHECK_ALLOW_PRIVATE: 'true',
    LINK_CHECK_POLL_MS: '200',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_POLL_MS: '200',
  });
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await site?.close();
  await dns?.close();
});

describe('link health in the running service', () => {
  it('checks new links in the background and sends link.broken for the broken one', async () => {
    const { headers: cliHeaders } = await cliUserWithToken({
      env: service.env,
      email: 'health-e2e@example.com',
      password: 'plum tree in spring',
      plan: 'business',
      tokenName: 'e2e',
      abilities: ['read', 'create', 'update', 'delete'],
    });
    const headers = { ...cliHeaders, accept: 'application/json' };
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${service.apiUrl}/api/v1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    const hook = await api('POST', '/webhooks', { url: receiver.url, events: ['link.broken'] });
    expect(hook.status).toBe(201);
    const fine = await api('POST', '/links', { redirect_url: site.url('shop.test', '/fine') });
    const gone = await api('POST', '/links', { redirect_url: site.url('shop.test', '/gone') });
    expect([fine.status, gone.status]).toEqual([201, 201]);

    const statusOf = async (id: number) => (await api('GET', `/links/${id}`)).body.health.status as string;
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      ((await statusOf(fine.body.id)) === 'unknown' || (await statusOf(gone.body.id)) === 'unknown')
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await statusOf(fine.body.id)).toBe('ok');
    expect(await statusOf(gone.body.id)).toBe('broken');
    expect((await api('GET', '/links?health=broken')).body.data.map((l: { id: number }) => l.id)).toEqual([
      gone.body.id,
    ]);

    while (Date.now() < deadline && receiver.received.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'link.broken', data: { id: gone.body.id, health: { http_status: 404 } } });
    // Each destination was fetched by the background checker: HEAD once; the 404 then once with GET.
    expect(site.hits.filter((hit) => hit.path === '/fine').map((hit) => hit.method)).toEqual(['HEAD']);
    expect(site.hits.filter((hit) => hit.path === '/gone').map((hit) => hit.method)).toEqual(['HEAD', 'GET']);
  });
});
