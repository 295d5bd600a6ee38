import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { useTestApp } from '../helpers/app.ts';
import { linkTools } from '../helpers/edge.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';

const t = useTestApp(
  { SHORT_PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', SHORT_URL: 'http://127.0.0.1' },
  { user: 'business' },
);
let edge: RunningEdge;
let userId: number;
beforeAll(async () => {
  edge = await startEdge(t.ctx);
  userId = t.defaultUser.user.workspaceId;
});
afterAll(async () => {
  await edge.close();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.1 Mobile/15E148 Safari/604.1';
const DESKTOP = CHROME_USER_AGENT;

const visit = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${edge.url}${path}`, {
    redirect: 'manual',
    method: init.method ?? 'GET',
    headers: { 'user-agent': DESKTOP, ...init.headers },
  });

/** fetch() may not set Host, so custom-domain visits go through node:http. */
function visitAs(host: string, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${edge.url}${path}`, { headers: { host, 'user-agent': DESKTOP } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

const { createLink, clickCount } = linkTools(t);

describe('the short host', () => {
  it('redirects with 302, Location and Cache-Control: private, no-store', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/landing?utm=1' });
    const res = await visit(`/${link.short_code}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/landing?utm=1');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await clickCount(link.id)).toBe(1);
  });

  it('answers HEAD the same way without counting it', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/head' });
    const res = await visit(`/${link.short_code}`, { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/head');
    expect(await clickCount(link.id)).toBe(0);
  });

  it("records a bot visit as a raw click flagged bot and in its day's bot count, and does not count it", async () => {
    const link = await createLink({ redirect_url: 'https://example.com/bot' });
    expect(
      (
        await visit(`/${link.short_code}`, {
          headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        })
      ).status,
    ).toBe(302);
    expect(await clickCount(link.id)).toBe(0);
    const db = t.ctx.database.db;
    expect(await db.selectFrom('clicks').select('is_bot').where('link_id', '=', link.id).execute()).toEqual([
      { is_bot: 1 },
    ]);
    const bots = await db
      .selectFrom('link_daily_bots')
      .select(['day', 'bots'])
      .where('link_id', '=', link.id)
      .execute();
    expect(bots.map((row) => [row.day, Number(row.bots)])).toEqual([[expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 1]]);
  });

  it('answers a small HTML 404 for unknown codes, bad paths and inactive links', async () => {
    const inactive = await createLink({ redirect_url: 'https://example.com/off', is_active: false });
    for (const path of [
      '/nope-not-here',
      `/${inactive.short_code}`,
      '/a%20b',
      '/x/y/z',
      `/${'a'.repeat(300)}`,
      '/abc/0',
    ]) {
      const res = await visit(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toMatch(/Link not found/);
    }
    expect(await clickCount(inactive.id)).toBe(0);
  });

  it('sends / to the app and refuses other methods', async () => {
    const root = await visit('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('http://api.test');
    const put = await visit('/abc', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    // POST is only for a password form: a link without a password takes none.
    const link = await createLink({ redirect_url: 'https://example.com/plain' });
    const post = await visit(`/${link.short_code}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('counts a visit in click_count and in the stats', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/count' });
    await visit(`/${link.short_code}`, {
      headers: { 'x-forwarded-for': '81.2.69.142', 'user-agent': IPHONE, referer: 'https://news.example/a' },
    });
    await t.ctx.clicks.flush();
    const stats = (await t.api('GET', `/links/${link.id}/stats?with=country,device,browser,os`)).json();
    expect(stats).toMatchObject({
      total_clicks: 1,
      country: [{ value: 'GB', clicks: 1 }],
      device: [{ value: 'mobile', clicks: 1 }],
      browser: [{ value: 'safari', clicks: 1 }],
      os: [{ value: 'ios', clicks: 1 }],
    });
    const row = await t.ctx.database.db
      .selectFrom('clicks')
      .select('referrer_host')
      .where('link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.referrer_host).toBe('news.example');
  });
});

describe('cache invalidation', () => {
  it('answers 404 on the very next visit after a link is deactivated through the API', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/cached' });
    expect((await visit(`/${link.short_code}`)).status).toBe(302);
    await t.api('PATCH', `/links/${link.id}`, { is_active: false });
    expect((await visit(`/${link.short_code}`)).status).toBe(404);
    await t.api('PATCH', `/links/${link.id}`, { is_active: true, redirect_url: 'https://example.org/new' });
    expect((await visit(`/${link.short_code}`)).headers.get('location')).toBe('https://example.org/new');
  });

  it('answers 404 after delete, and 302 once a code that was unknown is created', async () => {
    const code = `later${Date.now()}`;
    expect((await visit(`/${code}`)).status).toBe(404);
    const link = await createLink({ redirect_url: 'https://example.com/later', short_code: code });
    expect((await visit(`/${code}`)).status).toBe(302);
    await t.api('DELETE', `/links/${link.id}`);
    expect((await visit(`/${code}`)).status).toBe(404);
  });

  it('answers a hit from memory without touching the database', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/hot' });
    await visit(`/${link.short_code}`);
    const before = edge.cache.stats();
    for (let i = 0; i < 5; i++) await visit(`/${link.short_code}`);
    const after = edge.cache.stats();
    expect(after.misses).toBe(before.misses);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(5);
  });
});

describe('choice pages on the short host', () => {
  it('shows the options as an escaped page with a strict CSP; the view is the click, a pick is not', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/fallback' });
    await t.api('PUT', `/links/${link.id}/landing-options`, {
      options: ['https://a.example/x?q="<b>"', 'https://b.example/'],
    });
    const page = await visit(`/${link.short_code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).toContain(`href="/${link.short_code}/1"`);
    expect(html).not.toContain('<b>');
    const pick = await visit(`/${link.short_code}/2`);
    expect(pick.status).toBe(302);
    expect(pick.headers.get('location')).toBe('https://b.example/');
    expect((await visit(`/${link.short_code}/3`)).status).toBe(404);
    expect(await clickCount(link.id)).toBe(1);
    const stats = (await t.api('GET', `/links/${link.id}/stats`)).json();
    expect(stats.options).toEqual([
      { url: 'https://a.example/x?q="<b>"', picks: 0 },
      { url: 'https://b.example/', picks: 1 },
    ]);
  });
});

describe('targeting at redirect time', () => {
  it.each([
    ['a US address', { 'x-forwarded-for': '8.8.8.8' }, 'https://us.example/'],
    ['a GB address', { 'x-forwarded-for': '81.2.69.142' }, 'https://uk.example/'],
    ['a GB address behind two proxies', { 'x-forwarded-for': '81.2.69.142, 10.0.0.1' }, 'https://uk.example/'],
    [
      'a French phone in Canada',
      { 'x-forwarded-for': '1.1.1.1', 'user-agent': IPHONE, 'accept-language': 'fr-CA, en;q=0.5' },
      'https://mobile.example/',
    ],
    [
      'a French speaker on desktop',
      { 'x-forwarded-for': '1.1.1.1', 'accept-language': 'de;q=0.4, fr;q=0.9' },
      'https://fr.example/',
    ],
    ['anyone else', { 'x-forwarded-for': '1.1.1.1', 'accept-language': 'en' }, 'https://default.example/'],
  ])('sends %s to the first matching destination', async (_name, requestHeaders, location) => {
    const link = await createLink({
      redirect_url: 'https://default.example/',
      conditions: [
        { type: 'country', operator: 'in', values: ['US'], redirect_url: 'https://us.example/' },
        { type: 'country', operator: 'in', values: ['GB'], redirect_url: 'https://uk.example/' },
        { type: 'device', operator: 'in', values: ['mobile', 'tablet'], redirect_url: 'https://mobile.example/' },
        { type: 'language', operator: 'in', values: ['fr'], redirect_url: 'https://fr.example/' },
      ],
    });
    const res = await visit(`/${link.short_code}`, { headers: requestHeaders });
    expect(res.headers.get('location')).toBe(location);
  });
});

describe('affiliate tags and hosts', () => {
  it('applies the owner’s tag, and a tag change takes effect on the next visit', async () => {
    const link = await createLink({ redirect_url: 'https://www.amazon.com/dp/B01?psc=1' });
    expect((await visit(`/${link.short_code}`)).headers.get('location')).toBe('https://www.amazon.com/dp/B01?psc=1');
    const now = new Date().toISOString();
    await t.ctx.database.db
      .insertInto('affiliate_tags')
      .values({ workspace_id: userId, program_id: 1, tag: 'hop-20', created_at: now, updated_at: now })
      .execute();
    t.ctx.events.emit({ kind: 'tags-changed', workspaceId: userId });
    expect((await visit(`/${link.short_code}`)).headers.get('location')).toBe(
      'https://www.amazon.com/dp/B01?psc=1&tag=hop-20',
    );
  });

  it('serves a custom domain only its own codes, and the default host only its own', async () => {
    const now = new Date().toISOString();
    const domain = await t.ctx.database.db
      .insertInto('domains')
      .values({
        workspace_id: userId,
        hostname: 'go.brand.test',
        status: 'active',
        verification_token: 'x',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = `brand${Date.now()}`;
    await insertLink(t.ctx.database.db, {
      workspaceId: userId,
      shortCode: code,
      redirectUrl: 'https://brand.example/',
      isActive: true,
      categoryId: null,
      domainId: domain.id,
      conditions: [],
    });
    expect(await visitAs('go.brand.test', `/${code}`)).toEqual({ status: 302, location: 'https://brand.example/' });
    expect(await visitAs('GO.Brand.test:443', `/${code}`)).toEqual({ status: 302, location: 'https://brand.example/' });
    expect((await visit(`/${code}`)).status).toBe(404);
    const plain = await createLink({ redirect_url: 'https://example.com/plain' });
    expect((await visitAs('go.brand.test', `/${plain.short_code}`)).status).toBe(404);
    expect((await visitAs('unknown.example', `/${plain.short_code}`)).status).toBe(302);
  });
});
