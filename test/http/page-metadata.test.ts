import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeliveryTarget } from '../../src/outbound/address-guard.ts';
import { lookUpPageMetadata, type PageMetadataSettings } from '../../src/services/page-metadata.ts';
import { useTestApp } from '../helpers/app.ts';
import { dashboardClient, type DashboardSession } from '../helpers/dashboard.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { PNG_1X1, pageWithCard, sendHtml } from '../helpers/pages.ts';

// GET /dashboard-api/page-metadata and its image: the destinations are servers of this test on
// 127.0.0.1, reached with the link checker's development setting (LINK_CHECK_ALLOW_PRIVATE); a
// second app without it shows the guard refusing them.
const t = useTestApp({
  LINK_CHECK_ALLOW_PRIVATE: 'true',
  LINK_CHECK_INTERVAL_HOURS: '0',
  RATE_LIMIT_PAGE_METADATA: '5',
});
const guarded = useTestApp({ LINK_CHECK_INTERVAL_HOURS: '0' });
const dashboard = dashboardClient(() => t.app, 'meta');
const guardedDashboard = dashboardClient(() => guarded.app, 'meta-guarded');

let site: Destinations;
beforeAll(async () => {
  site = await startDestinations();
});
afterAll(async () => {
  await site?.close();
});

const lookUp = (session: DashboardSession, url: string, call = dashboard.call) =>
  call('GET', `/page-metadata?url=${encodeURIComponent(url)}`, { session });
const image = (session: DashboardSession, url: string) =>
  dashboard.call('GET', `/page-metadata/image?url=${encodeURIComponent(url)}`, { session });

describe('the destination page look-up', () => {
  it('answers the title, Open Graph description and an image resolved against the page', async () => {
    const { session } = await dashboard.signUp();
    site.route('/lamp', (_req, res) =>
      sendHtml(
        res,
        pageWithCard({ title: 'Plain', ogTitle: 'A &amp; lamp', description: 'Bright', image: '/i/lamp.png' }),
      ),
    );
    site.route('/moved', (_req, res) => res.writeHead(301, { location: '/lamp' }).end());
    const res = await lookUp(session, site.url('127.0.0.1', '/moved'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'found',
      final_url: site.url('127.0.0.1', '/lamp'),
      title: 'A & lamp',
      description: 'Bright',
      image: site.url('127.0.0.1', '/i/lamp.png'),
    });
    expect(res.headers['x-ratelimit-limit']).toBe('5');
  });

  it('stops reading a page past 512 KB and still answers from its head', async () => {
    const { session } = await dashboard.signUp();
    let written = 0;
    let closed = false;
    site.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Huge page</title></head><body>');
      written = 0;
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      const pump = () => {
        // An endless body: only the reader closing the connection ends it.
        while (!closed && res.write(chunk)) written += chunk.length;
        if (!closed) res.once('drain', pump);
      };
      res.on('close', () => (closed = true));
      pump();
    });
    const started = performance.now();
    const res = await lookUp(session, site.url('127.0.0.1', '/huge'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'found', title: 'Huge page' });
    // Answered as soon as the cap was reached, not at the deadline, and the connection was closed.
    expect(performance.now() - started).toBeLessThan(3000);
    await expect.poll(() => closed).toBe(true);
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('gives up on a page that never answers at the 4 s deadline, with nulls', { timeout: 15_000 }, async () => {
    const { session } = await dashboard.signUp();
    site.route('/silent', () => {
      // Headers never come.
    });
    const started = performance.now();
    const res = await lookUp(session, site.url('127.0.0.1', '/silent'));
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'timeout', final_url: null, title: null, description: null, image: null });
    expect(elapsed).toBeGreaterThanOrEqual(3900);
    expect(elapsed).toBeLessThan(8000);
  });

  it('answers nulls for an answer that is not HTML, and for an error status', async () => {
    const { session } = await dashboard.signUp();
    site.route('/data.json', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"<title>no</title>"}'),
    );
    site.route('/gone', (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Gone</title>'));
    const json = await lookUp(session, site.url('127.0.0.1', '/data.json'));
    expect(json.json()).toMatchObject({ outcome: 'not-html', title: null, description: null, image: null });
    const gone = await lookUp(session, site.url('127.0.0.1', '/gone'));
    expect(gone.json()).toMatchObject({ outcome: 'http-error', title: null });
  });

  it('refuses what is not an http(s) URL with a 422 at the url, and asks for a session', async () => {
    const { session } = await dashboard.signUp();
    for (const url of ['ftp://example.com/file', 'example.com/no-scheme', 'x'.repeat(3000)]) {
      const res = await lookUp(session, url);
      expect(res.statusCode, `${url.slice(0, 40)}: ${res.body}`).toBe(422);
    }
    expect((await lookUp(session, 'ftp://example.com/')).json().errors.url).toBeDefined();
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard-api/page-metadata?url=https://a.test/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits look-ups per person: the sixth in a minute is a 429', async () => {
    const { session } = await dashboard.signUp();
    site.route('/ok', (_req, res) => sendHtml(res, '<title>ok</title>'));
    for (let i = 0; i < 5; i++) expect((await lookUp(session, site.url('127.0.0.1', '/ok'))).statusCode).toBe(200);
    const limited = await lookUp(session, site.url('127.0.0.1', '/ok'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another person keeps their own budget.
    const other = await dashboard.signUp();
    expect((await lookUp(other.session, site.url('127.0.0.1', '/ok'))).statusCode).toBe(200);
  });
});

describe('the address guard', () => {
  it('refuses a loopback destination when private addresses are not allowed, without naming it', async () => {
    const { session } = await guardedDashboard.signUp();
    site.route('/private', (_req, res) => sendHtml(res, '<title>secret</title>'));
    const before = site.hits.filter((hit) => hit.path === '/private').length;
    const res = await lookUp(session, site.url('127.0.0.1', '/private'), guardedDashboard.call);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.url[0]).toMatch(/not public/);
    expect(res.body).not.toContain('127.0.0.1');
    expect(site.hits.filter((hit) => hit.path === '/private')).toHaveLength(before);
  });

  it('checks every redirect: one to a link-local metadata address is refused', async () => {
    // The first hop must be allowed and the second refused: a guard that lets this test's own
    // server through and judges every other host with the real guard.
    site.route('/to-metadata', (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const asked: string[] = [];
    const settings: PageMetadataSettings = {
      guard: async (hostname) => {
        asked.push(hostname);
        return hostname === 'page.test' ? { address: '127.0.0.1', family: 4 } : resolveDeliveryTarget(hostname, false);
      },
      timeoutMs: 2000,
      maxRedirects: 3,
      maxPageBytes: 1024,
      maxImageBytes: 1024,
      allowPrivate: false,
      userAgent: 'test',
    };
    await expect(lookUpPageMetadata(site.url('page.test', '/to-metadata'), settings)).rejects.toMatchObject({
      code: 'validation-failed',
      fieldErrors: { url: [expect.stringMatching(/not public/)] },
    });
    expect(asked).toEqual(['page.test', '169.254.169.254']);
  });
});

describe('the card image, served from the dashboard origin', () => {
  it('relays a PNG with its type and refuses SVG and non-images', async () => {
    const { session } = await dashboard.signUp();
    site.route('/i/card.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1));
    site.route('/i/card.svg', (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    const png = await image(session, site.url('127.0.0.1', '/i/card.png'));
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG_1X1)).toBe(true);
    const svg = await image(session, site.url('127.0.0.1', '/i/card.svg'));
    expect(svg.statusCode).toBe(422);
    const page = await image(session, site.url('127.0.0.1', '/ok'));
    expect(page.statusCode).toBe(422);
  });
});
