import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CHECK_DEFAULTS, LinkChecker } from '../../src/link-health/checker.ts';
import { createDnsResolver } from '../../src/outbound/dns-resolver.ts';
import { useTestApp, type TestUser } from '../helpers/app.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { startDnsServer } from '../helpers/dns-server.ts';

// Two accounts share the link checker. Every name resolves to 127.0.0.1 through a loopback DNS
// server: `shop.test` is a healthy site, `tarpit-N.test` a server that accepts connections and
// never answers (each destination then holds a request slot for the whole LINK_CHECK_TIMEOUT_MS).
// Tarpit destinations are on 21 names so the per-host pace (one request a second per host) does
// not by itself keep them from filling the slots.
const TARPIT_HOSTS = Array.from({ length: 21 }, (_, i) => `tarpit-${i}.test`);
const env: Record<string, string> = {
  LINK_CHECK_INTERVAL_HOURS: '0',
  LINK_CHECK_ALLOW_PRIVATE: 'true',
  LINK_CHECK_TIMEOUT_MS: '2000',
  LINK_CHECK_CONCURRENCY: '4',
};
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let site: Destinations;
let tarpit: Awaited<ReturnType<typeof startTarpit>>;

/** Accepts connections and never answers; counts them. */
async function startTarpit() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    get accepted() {
      return accepted;
    },
    url: (host: string, path: string) => `http://${host}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  const names = ['shop.test', ...TARPIT_HOSTS];
  dns = await startDnsServer(Object.fromEntries(names.map((host) => [host, { A: '127.0.0.1' }])));
  env.DNS_SERVERS = dns.address;
  site = await startDestinations({ '/fine': (_req, res) => res.writeHead(200).end() });
  tarpit = await startTarpit();
});
const t = useTestApp(env);
afterAll(async () => {
  // The app (and its checker) closes first, in useTestApp's afterAll; then the servers.
  await tarpit?.close();
  await site?.close();
  await dns?.close();
});

async function createLink(as: TestUser, body: Record<string, unknown>) {
  const res = await as.api('POST', '/links', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/** A link with 21 destinations, all on the tarpit: its redirect_url and 20 conditions. */
function tarpitLink(as: TestUser, n: number) {
  const [first, ...rest] = TARPIT_HOSTS.map((host) => tarpit.url(host, `/link-${n}`));
  return createLink(as, {
    redirect_url: first,
    conditions: rest.map((url, i) => ({
      type: 'device',
      operator: 'in',
      values: ['mobile'],
      redirect_url: `${url}?c=${i}`,
    })),
  });
}

async function healthOf(as: TestUser, id: number) {
  return (await as.api('GET', `/links/${id}`)).json().health as { status: string; checked_at: string | null };
}

async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('background passes share the links in flight between accounts', () => {
  it('one account’s due links fill at most half a pass, and another account’s are taken beside them', async () => {
    const a = await t.user('business');
    const b = await t.user('business');
    // A's destinations are on the tarpit, so its links stay in flight for the whole pass.
    const flood = [];
    for (let n = 0; n < 3; n++)
      flood.push(await createLink(a, { redirect_url: tarpit.url('tarpit-0.test', `/pass-${n}`) }));
    const other = await createLink(b, { redirect_url: site.url('shop.test', '/fine') });
    const checked: number[] = [];
    const checker = new LinkChecker(t.ctx.uow, {
      ...LINK_CHECK_DEFAULTS,
      intervalMs: 24 * 3_600_000,
      pollIntervalMs: 3_600_000,
      timeoutMs: 2000,
      perHostIntervalMs: 0,
      allowPrivate: true,
      resolveHost: createDnsResolver({ servers: [dns.address] }),
      batchSize: 4,
      onChecked: (id) => checked.push(id),
    });
    await checker.runOnce();
    await checker.close();
    // Room for 4 links: A's longest-waiting 2 (its share), and B's; A's third waits for a later pass.
    expect(checked.sort((x, y) => x - y)).toEqual([flood[0]!.id, flood[1]!.id, other.id]);
  });
});

describe('the link checker shares its request slots between accounts', () => {
  it('another account’s "Check now" runs at once while one account’s tarpit destinations fill the queue', async () => {
    const a = await t.user('business');
    const b = await t.user('business');
    const flood = [];
    for (let n = 0; n < 3; n++) flood.push(await tarpitLink(a, n));
    const healthy = await createLink(b, { redirect_url: site.url('shop.test', '/fine') });
    const earlier = tarpit.accepted;

    // A's 63 destinations are queued first, and its requests are under way on the tarpit.
    for (const link of flood) expect((await a.api('POST', `/links/${link.id}/check`)).statusCode).toBe(202);
    await until(() => tarpit.accepted - earlier >= 2);

    let tarpitAtB = -1;
    site.route('/fine', (_req, res) => {
      tarpitAtB = tarpit.accepted - earlier;
      res.writeHead(200).end();
    });
    expect((await b.api('POST', `/links/${healthy.id}/check`)).statusCode).toBe(202);
    await until(async () => (await healthOf(b, healthy.id)).checked_at !== null);

    expect((await healthOf(b, healthy.id)).status).toBe('ok');
    // B's request went out while A held only its share of the 4 slots, not after A's queue.
    expect(tarpitAtB).toBeGreaterThanOrEqual(2);
    expect(tarpitAtB).toBeLessThanOrEqual(4);
    // A's links are still being checked: none of them has a result yet.
    for (const link of flood) expect((await healthOf(a, link.id)).checked_at).toBeNull();
    // The time limit leaves room for a checker that does not share its slots to fail on the
    // assertions above rather than on the limit (B then waits ~10 s behind A's queue).
  }, 30_000);
});
