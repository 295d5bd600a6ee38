import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { useTestApp } from '../helpers/app.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { CHROMIUM, hasChromium } from '../helpers/browser.ts';
import { projectRoot } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const PHONE = { width: 390, height: 844 };
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 ' +
  'Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4 Mobile/15E148 Safari/604.1';

const landing = (req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Arrived</title><p>${req.url}</p>`);

/**
 * The app's web site on loopback, over HTTPS with a certificate made for the run: Chromium
 * upgrades its hosts to HTTPS (HSTS preload), so a plain HTTP destination would never be reached.
 */
async function startWebSite(): Promise<{ server: Server; url: (host: string, path: string) => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-open-in-app-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert].concat([
      '-days',
      '1',
      '-subj',
      '/CN=loopback',
    ]),
    { stdio: 'ignore' },
  );
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, landing);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: (host, path) => `https://${host}:${port}${path}` };
}

// The open-in-app page (docs/api.md "Open in app") in Chromium with a phone's user agent. The
// app's hosts resolve to a loopback destination (--host-resolver-rules); no app can open in
// headless Chromium, so the page's fallback must bring the visitor to the web URL, tag and all.
describe.skipIf(!hasChromium)('the open-in-app page in Chromium', () => {
  const t = useTestApp({ SHORT_PORT: '0', HOST: '127.0.0.1', SHORT_URL: 'http://127.0.0.1' }, { user: 'business' });
  let edge: RunningEdge;
  let destinations: Awaited<ReturnType<typeof startWebSite>>;
  let browser: Browser;
  let page: Page | undefined;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    edge = await startEdge(t.ctx);
    destinations = await startWebSite();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP www.etsy.com 127.0.0.1, MAP www.amazon.com 127.0.0.1',
      ],
    });
    await t.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'mine-20' });
  });
  afterEach(async () => {
    await page?.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await edge?.close();
    destinations?.server.close();
  });

  async function phonePage(userAgent: string, colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({
      viewport: PHONE,
      userAgent,
      locale: 'en-US',
      colorScheme,
      ignoreHTTPSErrors: true,
    });
    const opened = await context.newPage();
    const reports: string[] = [];
    opened.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
    });
    page = opened;
    return { page: opened, reports };
  }

  async function link(redirectUrl: string) {
    const res = await t.api('POST', '/links', { redirect_url: redirectUrl, open_in_app: true });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; short_code: string };
  }

  it('on Android, shows the page and falls back to the tagged web URL in the same tab', async () => {
    const created = await link(destinations.url('www.amazon.com', '/dp/B0C1234567?th=1'));
    const { page, reports } = await phonePage(ANDROID);
    const answers: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes(`/${created.short_code}`)) answers.push(res.status());
    });
    await page.goto(`${edge.url}/${created.short_code}`);
    await page.waitForURL(/\/dp\/B0C1234567/, { timeout: 10_000 });
    expect(answers).toEqual([200]);
    expect(page.url()).toBe(destinations.url('www.amazon.com', '/dp/B0C1234567?th=1&tag=mine-20'));
    expect(await page.title()).toBe('Arrived');
    expect(reports).toEqual([]);
    await t.ctx.clicks.flush();
    expect((await t.api('GET', `/links/${created.id}`)).json().click_count).toBe(1);
  });

  it('on an iPhone, leaves for the web URL of an app with universal links', async () => {
    const created = await link(destinations.url('www.etsy.com', '/listing/1?ref=shop'));
    const { page, reports } = await phonePage(IPHONE);
    await page.goto(`${edge.url}/${created.short_code}`);
    await page.waitForURL(/\/listing\/1/, { timeout: 10_000 });
    expect(page.url()).toBe(destinations.url('www.etsy.com', '/listing/1?ref=shop'));
    expect(reports).toEqual([]);
  });

  it('without script, its visible link takes a tap to the web URL', async () => {
    const created = await link(destinations.url('www.etsy.com', '/listing/1?ref=tap'));
    const context = await browser.newContext({
      viewport: PHONE,
      userAgent: ANDROID,
      javaScriptEnabled: false,
      ignoreHTTPSErrors: true,
    });
    page = await context.newPage();
    await page.goto(`${edge.url}/${created.short_code}`);
    await page.getByRole('link', { name: /Continue to www\.etsy\.com/ }).click();
    await page.waitForURL(/\/listing\/1\?ref=tap/, { timeout: 10_000 });
    expect(await page.title()).toBe('Arrived');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`shows its visible fallback link and passes axe (${scheme})`, async () => {
      const created = await link(destinations.url('www.amazon.com', '/dp/B0C1234567'));
      const { page, reports } = await phonePage(ANDROID, scheme);
      // The timed fallback is aborted (as a navigation to an app that is not there is), so the page
      // stays in front to be checked; then the person taps the visible link.
      await page.route('**/dp/B0C1234567**', (route) => route.abort('aborted'));
      await page.goto(`${edge.url}/${created.short_code}`, { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Opening the Amazon Shopping app' }).waitFor();
      // Past the delay: the fallback was tried, and the page is still the one shown.
      await page.waitForTimeout(1_600);
      expect(page.url()).toBe(`${edge.url}/${created.short_code}`);
      const fallback = page.getByRole('link', { name: /Continue to www\.amazon\.com/ });
      expect(await fallback.isVisible()).toBe(true);
      expect(await fallback.getAttribute('href')).toBe(
        destinations.url('www.amazon.com', '/dp/B0C1234567?tag=mine-20'),
      );
      expect(await page.getByRole('link', { name: 'Open in the Amazon Shopping app' }).getAttribute('href')).toMatch(
        /^intent:\/\/www\.amazon\.com:\d+\/dp\/B0C1234567\?tag=mine-20#Intent;scheme=https;/,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `open-in-app-${scheme}.png`) });
      expect(reports).toEqual([]);
    });
  }
});
