import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_CHECK_DEFAULTS, LinkChecker, type LinkCheckerOptions } from '../../src/link-health/checker.ts';
import { probeDestination } from '../../src/link-health/probe.ts';
import { createDnsResolver } from '../../src/outbound/dns-resolver.ts';
import { WebhookWorker } from '../../src/webhooks/worker.ts';
import { useTestApp, type TestUser } from '../helpers/app.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { startReceiver } from '../helpers/receiver.ts';

// Every destination is on 127.0.0.1, under names the loopback DNS server answers (DNS_SERVERS),
// so the checker resolves `www.amazon.com` or `shop.test` to the test's own server. The context's
// checker makes no background passes (interval 0); tests drive checkers of their own, with
// deadlines short enough to wait for, or the context's through POST /links/{id}/check.
const env: Record<string, string> = {
  LINK_CHECK_INTERVAL_HOURS: '0',
  LINK_CHECK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '3600000',
};
const HOSTS = ['shop.test', 'hop.test', 'pace.test', 'www.amazon.com', 'amzn.test'];
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let site: Destinations;
beforeAll(async () => {
  dns = await startDnsServer(Object.fromEntries(HOSTS.map((host) => [host, { A: '127.0.0.1' }])));
  env.DNS_SERVERS = dns.address;
  site = await startDestinations();
});
const t = useTestApp(env);
afterAll(async () => {
  await site?.close();
  await dns?.close();
});

let user: TestUser;
beforeEach(async () => {
  user = await t.user('business');
});

function checker(overrides: Partial<LinkCheckerOptions> = {}) {
  return new LinkChecker(t.ctx.uow, {
    ...LINK_CHECK_DEFAULTS,
    intervalMs: 24 * 3_600_000,
    pollIntervalMs: 3_600_000,
    timeoutMs: 2000,
    perHostIntervalMs: 0,
    allowPrivate: true,
    resolveHost: createDnsResolver({ servers: [dns.address] }),
    ...overrides,
  });
}

async function createLink(redirectUrl: string, as: TestUser = user) {
  const res = await as.api('POST', '/links', { redirect_url: redirectUrl });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; health: Record<string, unknown> };
}

async function healthOf(id: number, as: TestUser = user) {
  return (await as.api('GET', `/links/${id}`)).json().health as {
    status: string;
    checked_at: string | null;
    http_status: number | null;
    error: string | null;
    affiliate_tag_lost: boolean | null;
  };
}

/** Creates a link to `url`, checks it with `options`, and answers its health. */
async function check(url: string, options: Partial<LinkCheckerOptions> = {}) {
  const link = await createLink(url);
  const c = checker(options);
  const { started, done } = await c.checkNow(link.id);
  expect(started).toBe(true);
  await done;
  await c.close();
  return { id: link.id, health: await healthOf(link.id) };
}

const hitsOn = (path: string) => site.hits.filter((hit) => hit.path === path);

describe('the link checker', () => {
  it('a new link shows unknown health with nulls until its first check', async () => {
    const link = await createLink(site.url('shop.test', '/never-checked'));
    expect(link.health).toEqual({
      status: 'unknown',
      checked_at: null,
      http_status: null,
      error: null,
      affiliate_tag_lost: null,
    });
  });

  it('a destination answering 200 to HEAD is ok, with one request', async () => {
    site.route('/fine', (_req, res) => res.writeHead(200).end());
    const { health } = await check(site.url('shop.test', '/fine'));
    expect(health).toMatchObject({ status: 'ok', http_status: 200, error: null, affiliate_tag_lost: false });
    expect(health.checked_at).not.toBeNull();
    expect(hitsOn('/fine').map((hit) => hit.method)).toEqual(['HEAD']);
  });

  it('a destination answering 404 is broken with the status as the reason', async () => {
    const { health } = await check(site.url('shop.test', '/gone'));
    expect(health).toMatchObject({ status: 'broken', http_status: 404, error: 'HTTP 404' });
  });

  it('follows a redirect chain by hand, across hosts, to its final answer', async () => {
    site.route('/chain/1', (_req, res) => res.writeHead(301, { location: '/chain/2' }).end());
    site.route('/chain/2', (_req, res) => res.writeHead(302, { location: site.url('hop.test', '/chain/3') }).end());
    site.route('/chain/3', (_req, res) => res.writeHead(200).end());
    const { health } = await check(site.url('shop.test', '/chain/1'));
    expect(health).toMatchObject({ status: 'ok', http_status: 200 });
    expect(['/chain/1', '/chain/2', '/chain/3'].map((path) => hitsOn(path).length)).toEqual([1, 1, 1]);
    expect(hitsOn('/chain/3')[0]!.host).toBe(`hop.test:${site.port}`);
  });

  it('a chain ending in 404 is broken', async () => {
    site.route('/moved', (_req, res) => res.writeHead(301, { location: '/moved-and-gone' }).end());
    const { health } = await check(site.url('shop.test', '/moved'));
    expect(health).toMatchObject({ status: 'broken', http_status: 404 });
  });

  it('flags a redirect that drops the owner’s affiliate tag, and not one that keeps it', async () => {
    expect((await user.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'brand-20' })).statusCode).toBe(201);
    site.route('/dp/B0DROPTAG1', (req, res) => {
      expect(new URL(req.url!, 'http://x').searchParams.get('tag')).toBe('brand-20');
      res.writeHead(301, { location: site.url('amzn.test', '/landing?ref=x') }).end();
    });
    site.route('/dp/B0KEEPTAG1', (req, res) => {
      const query = new URL(req.url!, 'http://x').search;
      res.writeHead(301, { location: site.url('amzn.test', `/landing${query}`) }).end();
    });
    site.route('/landing', (_req, res) => res.writeHead(200).end());
    const dropped = await check(site.url('www.amazon.com', '/dp/B0DROPTAG1'));
    expect(dropped.health).toMatchObject({ status: 'ok', affiliate_tag_lost: true });
    const kept = await check(site.url('www.amazon.com', '/dp/B0KEEPTAG1'));
    expect(kept.health).toMatchObject({ status: 'ok', affiliate_tag_lost: false });
  });

  it('asks again with GET when HEAD is answered 405, and reads only a little of an endless body', async () => {
    let closed = false;
    site.route('/no-head', (req, res) => {
      if (req.method === 'HEAD') return void res.writeHead(405).end();
      closed = false;
      res.writeHead(200, { 'content-type': 'text/html' });
      // An endless body, as fast as the socket takes it: only hanging up ends this answer.
      const chunk = Buffer.alloc(1024, 'a');
      const pump = () => {
        while (!closed && res.write(chunk));
        if (!closed) res.once('drain', pump);
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    const { health } = await check(site.url('shop.test', '/no-head'));
    expect(health).toMatchObject({ status: 'ok', http_status: 200 });
    expect(hitsOn('/no-head').map((hit) => hit.method)).toEqual(['HEAD', 'GET']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    // The bytes read: the checker stops once 4 KB are in (the last socket read may carry a little more).
    const probe = await probeDestination(site.url('shop.test', '/no-head'), {
      ...LINK_CHECK_DEFAULTS,
      timeoutMs: 2000,
      allowPrivate: true,
      resolveHost: createDnsResolver({ servers: [dns.address] }),
      schedule: (_host, task) => task(),
    });
    expect(probe).toMatchObject({ verdict: 'ok', httpStatus: 200, requests: 2 });
    expect(probe.bodyBytes).toBeGreaterThanOrEqual(4096);
    expect(probe.bodyBytes).toBeLessThan(64 * 1024);
  });

  it('a destination that never answers is broken after the deadline', async () => {
    site.route('/silent', () => {});
    const { health } = await check(site.url('shop.test', '/silent'), { timeoutMs: 300 });
    expect(health).toMatchObject({ status: 'broken', http_status: null });
    expect(health.error).toMatch(/no answer within 300 ms/);
  });

  it('a body that trickles forever ends at the deadline, and the status is the answer', async () => {
    let closedAt = 0;
    let openedAt = 0;
    site.route('/trickle', (req, res) => {
      if (req.method === 'HEAD') return void res.writeHead(501).end();
      openedAt = performance.now();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 20);
      res.on('close', () => {
        clearInterval(timer);
        closedAt = performance.now();
      });
    });
    const { health } = await check(site.url('shop.test', '/trickle'), { timeoutMs: 600 });
    expect(health).toMatchObject({ status: 'ok', http_status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Measured by the server: hung up at the 600 ms deadline (this process's event loop adds a little).
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - openedAt).toBeGreaterThan(400);
    expect(closedAt - openedAt).toBeLessThan(1000);
  });

  it('more than 10 redirects is broken', async () => {
    site.route('/loop', (req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/loop?n=${n + 1}` }).end();
    });
    const { health } = await check(site.url('shop.test', '/loop'));
    expect(health).toMatchObject({ status: 'broken', http_status: 302, error: 'more than 10 redirects' });
    expect(hitsOn('/loop')).toHaveLength(11);
  });

  it('a name that does not resolve is broken', async () => {
    const { health } = await check(site.url('nowhere.test', '/'));
    expect(health.status).toBe('broken');
    expect(health.error).toMatch(/^DNS: nowhere\.test does not resolve/);
  });

  it('the address guard refuses a private address when private addresses are not allowed', async () => {
    site.route('/private', (_req, res) => res.writeHead(200).end());
    const { health } = await check(site.url('shop.test', '/private'), { allowPrivate: false });
    expect(health.status).toBe('broken');
    expect(health.error).toMatch(/Refusing to check shop\.test.*private, loopback/);
    expect(hitsOn('/private')).toHaveLength(0);
  });

  it('a redirect to a private address is refused at that hop', async () => {
    // A public-looking first hop is impossible on loopback; the guard is per hop, so allow the
    // name and refuse the literal address the redirect names.
    site.route('/to-metadata', (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const c = checker({ allowPrivate: false, resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
    const link = await createLink('http://169.254.169.254/latest/meta-data/');
    await (
      await c.checkNow(link.id)
    ).done;
    await c.close();
    expect((await healthOf(link.id)).error).toMatch(/Refusing to check 169\.254\.169\.254/);
  });

  it('429 and 503 leave the link unknown with the reason, never broken', async () => {
    site.route('/busy', (_req, res) => res.writeHead(503, { 'retry-after': '120' }).end());
    site.route('/slow-down', (_req, res) => res.writeHead(429).end());
    const busy = await check(site.url('shop.test', '/busy'));
    expect(busy.health).toMatchObject({ status: 'unknown', http_status: 503 });
    expect(busy.health.error).toMatch(/503/);
    // HEAD answered 503: asked again with GET (a server may mishandle HEAD); 429 is not asked twice.
    expect(hitsOn('/busy').map((hit) => hit.method)).toEqual(['HEAD', 'GET']);
    const limited = await check(site.url('shop.test', '/slow-down'));
    expect(limited.health).toMatchObject({ status: 'unknown', http_status: 429 });
    expect(hitsOn('/slow-down').map((hit) => hit.method)).toEqual(['HEAD']);
  });

  it('checks every destination of the link: conditions and choice-page options too', async () => {
    site.route('/main', (_req, res) => res.writeHead(200).end());
    site.route('/option-ok', (_req, res) => res.writeHead(200).end());
    const link = await createLink(site.url('shop.test', '/main'));
    const patched = await user.api('PATCH', `/links/${link.id}`, {
      conditions: [{ type: 'device', operator: 'in', values: ['mobile'], redirect_url: site.url('hop.test', '/main') }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const options = await user.api('PUT', `/links/${link.id}/landing-options`, {
      options: [site.url('shop.test', '/option-ok'), site.url('shop.test', '/option-gone')],
    });
    expect(options.statusCode, options.body).toBe(200);
    const c = checker();
    await (
      await c.checkNow(link.id)
    ).done;
    await c.close();
    const health = await healthOf(link.id);
    expect(health).toMatchObject({ status: 'broken', http_status: 404 });
    expect(health.error).toBe(`${site.url('shop.test', '/option-gone')}: HTTP 404`);
    expect(hitsOn('/main').map((hit) => hit.host)).toEqual(
      expect.arrayContaining([`shop.test:${site.port}`, `hop.test:${site.port}`]),
    );
  });
});

describe('background passes', () => {
  it('check the due, active links of Business accounts only, and not again before the interval', async () => {
    site.route('/due', (_req, res) => res.writeHead(200).end());
    const pro = await t.user('pro');
    const business = await createLink(site.url('shop.test', '/due'));
    const inactive = await createLink(site.url('shop.test', '/due'));
    await user.api('PATCH', `/links/${inactive.id}`, { is_active: false });
    const proLink = await createLink(site.url('shop.test', '/due'), pro);
    let now = new Date(Date.now() + 1000);
    const checked: number[] = [];
    const c = checker({ now: () => now, onChecked: (id) => checked.push(id), batchSize: 1000 });
    await c.runOnce();
    expect(checked).toContain(business.id);
    expect(checked).not.toContain(inactive.id);
    expect(checked).not.toContain(proLink.id);
    expect((await healthOf(proLink.id, pro)).status).toBe('unknown');

    checked.length = 0;
    now = new Date(now.getTime() + 23 * 3_600_000);
    await c.runOnce();
    expect(checked).not.toContain(business.id);
    now = new Date(now.getTime() + 2 * 3_600_000);
    await c.runOnce();
    expect(checked).toContain(business.id);
    await c.close();
  });

  it('an edited link is due again at once', async () => {
    site.route('/edited', (_req, res) => res.writeHead(200).end());
    const link = await createLink(site.url('shop.test', '/edited'));
    const now = new Date(Date.now() + 1000);
    const checked: number[] = [];
    const c = checker({ now: () => now, onChecked: (id) => checked.push(id), batchSize: 1000 });
    await c.runOnce();
    expect(checked).toContain(link.id);
    checked.length = 0;
    await user.api('PATCH', `/links/${link.id}`, { redirect_url: site.url('shop.test', '/edited-gone') });
    // The edit's event makes the link due in a unit of work of its own, just after the commit.
    for (let i = 0; i < 50 && checked.length === 0; i++) {
      await c.runOnce();
      if (checked.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await c.close();
    expect(checked).toEqual([link.id]);
    expect((await healthOf(link.id)).status).toBe('broken');
  });

  it('works through a backlog without waiting for the next poll: a finished check starts the next pass', async () => {
    site.route('/backlog', (_req, res) => res.writeHead(200).end());
    const other = await t.user('business');
    const links = [];
    for (let i = 0; i < 5; i++) links.push(await createLink(site.url('shop.test', `/backlog?i=${i}`), other));
    const now = new Date(Date.now() + 1000);
    const checked = new Set<number>();
    // Polls an hour apart and 2 links a pass: only the chaining can check all 5 within the wait below.
    const c = checker({ now: () => now, batchSize: 2, onChecked: (id) => checked.add(id) });
    c.start();
    await c.runOnce();
    for (let i = 0; i < 200 && !links.every((link) => checked.has(link.id)); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await c.close();
    expect(links.filter((link) => !checked.has(link.id))).toEqual([]);
  });

  it('a checker with interval 0 makes no background passes', async () => {
    const checked: number[] = [];
    const d = checker({ intervalMs: 0, pollIntervalMs: 10, onChecked: (id) => checked.push(id) });
    d.start();
    await createLink(site.url('shop.test', '/never-polled'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await d.close();
    expect(checked).toEqual([]);
  });
});

describe('variants', () => {
  it('every A/B variant is checked too, and a broken one makes the link broken', async () => {
    site.route('/variant-a', (_req, res) => res.writeHead(200).end());
    const res = await user.api('POST', '/links', {
      redirect_url: site.url('shop.test', '/variant-a'),
      variants: [
        { url: site.url('shop.test', '/variant-a'), weight: 50 },
        { url: site.url('hop.test', '/variant-b-gone'), weight: 50 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = checker();
    await (
      await c.checkNow(res.json().id)
    ).done;
    await c.close();
    const health = await healthOf(res.json().id);
    expect(health).toMatchObject({ status: 'broken', http_status: 404 });
    expect(health.error).toBe(`${site.url('hop.test', '/variant-b-gone')}: HTTP 404`);
  });
});

describe('one request per second per host', () => {
  it('two links on one host are fetched at least a second apart, by the server’s clock', async () => {
    site.route('/paced/a', (_req, res) => res.writeHead(200).end());
    site.route('/paced/b', (_req, res) => res.writeHead(200).end());
    site.route('/unpaced', (_req, res) => res.writeHead(200).end());
    const a = await createLink(site.url('pace.test', '/paced/a'));
    const b = await createLink(site.url('pace.test', '/paced/b'));
    const other = await createLink(site.url('shop.test', '/unpaced'));
    const c = checker({ perHostIntervalMs: 1000 });
    const checks = await Promise.all([a, b, other].map((link) => c.checkNow(link.id)));
    await Promise.all(checks.map((started) => started.done));
    await c.close();
    const paced = site.hits.filter((hit) => hit.path.startsWith('/paced/'));
    expect(paced).toHaveLength(2);
    // Arrival times at the server (its own clock); the connect after the start adds a little.
    expect(Math.abs(paced[1]!.at - paced[0]!.at)).toBeGreaterThanOrEqual(950);
    // Another host was not held back behind pace.test's second request.
    expect(hitsOn('/unpaced')[0]!.at).toBeLessThan(Math.max(paced[0]!.at, paced[1]!.at));
  });
});

describe('link.broken', () => {
  it('is sent once when a link turns broken, not while it stays broken, and again after it recovers', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await user.api('POST', '/webhooks', { url: receiver.url, events: ['link.broken'] });
      expect(hook.statusCode, hook.body).toBe(201);
      let answer = 404;
      site.route('/flaky', (_req, res) => res.writeHead(answer).end());
      const link = await createLink(site.url('shop.test', '/flaky'));
      const c = checker();
      const checkOnce = async () => (await c.checkNow(link.id)).done;
      await checkOnce();
      await checkOnce();
      answer = 200;
      await checkOnce();
      answer = 500;
      await checkOnce();
      await c.close();
      // Publishing happens after the commit, in the background: flush it, then send.
      await t.ctx.webhooks.publisher.close().catch(() => {});
      const worker = new WebhookWorker(t.ctx.uow, {
        allowPrivate: true,
        pollIntervalMs: 3_600_000,
        timeoutMs: 2000,
        maxResponseBytes: 1024,
        batchSize: 20,
        clock: { now: () => new Date(Date.now() + 1000) },
      });
      await worker.runOnce();
      await worker.close();
      const broken = receiver.received.map((r) => JSON.parse(r.body)).filter((body) => body.event === 'link.broken');
      expect(broken).toHaveLength(2);
      expect(broken[0].data).toMatchObject({ id: link.id, health: { status: 'broken', http_status: 404 } });
      expect(broken[1].data).toMatchObject({ id: link.id, health: { status: 'broken', http_status: 500 } });
    } finally {
      await receiver.close();
    }
  });
});

describe('the API', () => {
  async function waitForCheck(id: number) {
    for (let i = 0; i < 100; i++) {
      const health = await healthOf(id);
      if (health.checked_at !== null) return health;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`link ${id} was never checked`);
  }

  it('POST /links/{id}/check answers 202 with the link, and the record updates when the check is done', async () => {
    site.route('/api-ok', (_req, res) => res.writeHead(200).end());
    const link = await createLink(site.url('shop.test', '/api-ok'));
    const res = await user.api('POST', `/links/${link.id}/check`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ id: link.id, health: { status: 'unknown' } });
    expect(await waitForCheck(link.id)).toMatchObject({ status: 'ok', http_status: 200 });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^hoplink_link_checks_total\{status="ok"\} [1-9]/m);
  });

  it('the check is Business only (403 for Pro), needs the update ability, and is 404 for a missing link', async () => {
    const pro = await t.user('pro');
    const proLink = await createLink(site.url('shop.test', '/api-ok'), pro);
    const refused = await pro.api('POST', `/links/${proLink.id}/check`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Business/);
    const readOnly = await t.user('business', ['read']);
    expect((await readOnly.api('POST', `/links/${proLink.id}/check`)).statusCode).toBe(403);
    expect((await user.api('POST', '/links/999999/check')).statusCode).toBe(404);
    expect((await user.api('POST', `/links/${proLink.id}/check`)).statusCode).toBe(403);
  });

  it('GET /links?health= lists only the links in that state, and 422 names a bad value', async () => {
    site.route('/filter-ok', (_req, res) => res.writeHead(200).end());
    // Hosts of their own: the context's checker fetches a host at most once a second.
    const good = await createLink(site.url('hop.test', '/filter-ok'));
    const bad = await createLink(site.url('pace.test', '/filter-gone'));
    const unchecked = await createLink(site.url('shop.test', '/filter-later'));
    for (const link of [good, bad]) {
      await user.api('POST', `/links/${link.id}/check`);
      await waitForCheck(link.id);
    }
    const ids = async (health: string) =>
      ((await user.api('GET', `/links?health=${health}`)).json().data as Array<{ id: number }>).map((l) => l.id);
    expect(await ids('broken')).toEqual([bad.id]);
    expect(await ids('ok')).toEqual([good.id]);
    expect(await ids('unknown')).toEqual([unchecked.id]);
    const wrong = await user.api('GET', '/links?health=dead');
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['health']);
  });

  it('health is on every link record: create, list, read, PATCH and bulk', async () => {
    const link = await createLink(site.url('shop.test', '/records'));
    const shape = {
      status: 'unknown',
      checked_at: null,
      http_status: null,
      error: null,
      affiliate_tag_lost: null,
    };
    expect(link.health).toEqual(shape);
    expect((await user.api('GET', `/links/${link.id}`)).json().health).toEqual(shape);
    expect((await user.api('PATCH', `/links/${link.id}`, { is_active: false })).json().health).toEqual(shape);
    expect((await user.api('GET', '/links')).json().data[0].health).toEqual(shape);
    const bulk = await user.api('POST', '/links/bulk', { links: [{ redirect_url: 'https://example.com/bulk' }] });
    expect(bulk.json().created[0].health).toEqual(shape);
  });
});
