import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { useTestApp } from '../helpers/app.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium } from '../helpers/browser.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { linkTools } from '../helpers/edge.ts';

const SHOTS = join(tmpdir(), 'hoplink-password-links');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A destination page: what the visitor lands on, on its own loopback origin. */
const landing = (req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Arrived</title><p>${req.url}</p>`);

// A password-protected link in a real browser: the password page's CSP allows its form to post to
// the short host only (form-action 'self'), and Chromium checks every redirect that follows a form
// submission against it, so the visitor must reach the other site without one.
describe.skipIf(!hasChromium)('password-protected links in Chromium', () => {
  const t = useTestApp({ SHORT_PORT: '0', HOST: '127.0.0.1', SHORT_URL: 'http://127.0.0.1' }, { user: 'business' });
  const { createLink, clickCount } = linkTools(t);
  let edge: RunningEdge;
  let secret: Destinations;
  let first: Destinations;
  let second: Destinations;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: string[];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    edge = await startEdge(t.ctx);
    [secret, first, second] = await Promise.all([
      startDestinations({ '/secret': landing }),
      startDestinations({ '/one': landing }),
      startDestinations({ '/two': landing }),
    ]);
    browser = await launchChromium();
    // A person's Chrome: headless Chromium's own user agent is a bot's, whose visits are not counted.
    context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', userAgent: CHROME_USER_AGENT });
  });
  /** A page of its own for each test, whose CSP reports are that test's alone. */
  beforeEach(async () => {
    const reports: string[] = [];
    violations = reports;
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
    });
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await edge?.close();
    await Promise.all([secret?.close(), first?.close(), second?.close()]);
  });

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const passwordField = () => page.getByLabel('Password');
  const submit = () => page.getByRole('button', { name: 'Open the link' }).click();

  it('shows the error for a wrong password, and opens the destination for the right one, counted once', async () => {
    const destination = secret.url('127.0.0.1', '/secret');
    const link = await createLink({ redirect_url: destination, password: 'open sesame' });
    const shortUrl = `${edge.url}/${link.short_code}`;

    await page.goto(shortUrl);
    await page.getByRole('heading', { name: 'This link is protected' }).waitFor();
    await shot('password-page-desktop');
    await page.setViewportSize(PHONE);
    await shot('password-page-phone');
    await page.setViewportSize(DESKTOP);

    await passwordField().fill('not the password');
    await submit();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('That password is not right. Try again.');
    expect(page.url()).toBe(shortUrl);
    expect(secret.hits).toEqual([]);

    await passwordField().fill('open sesame');
    await Promise.all([page.waitForURL(destination, { timeout: 10_000 }), submit()]);
    expect(page.url()).toBe(destination);
    expect(secret.hits.filter((hit) => hit.path === '/secret')).toHaveLength(1);
    expect(violations).toEqual([]);
    expect(await clickCount(link.id)).toBe(1);
    // The unlock the browser keeps: this link's path only, out of scripts' reach.
    const [unlock] = (await context.cookies(shortUrl)).filter((cookie) => cookie.name === `hl_p_${link.short_code}`);
    expect(unlock).toMatchObject({ path: `/${link.short_code}`, httpOnly: true, sameSite: 'Lax', secure: false });
  });

  it('shows a protected choice page’s options after the password; option 2 opens its site, asked or not', async () => {
    const one = first.url('127.0.0.1', '/one');
    const two = second.url('127.0.0.1', '/two');
    const link = await createLink({ redirect_url: one, password: 'open sesame' });
    const options = await t.api('PUT', `/links/${link.id}/landing-options`, { options: [one, two] });
    expect(options.statusCode, options.body).toBe(200);

    await page.goto(`${edge.url}/${link.short_code}`);
    await passwordField().fill('open sesame');
    await submit();
    await page.getByRole('heading', { name: 'Choose where to go' }).waitFor();
    expect(page.url()).toBe(`${edge.url}/${link.short_code}`);
    await expect.poll(() => page.getByRole('link').count()).toBe(2);
    await shot('choice-page-unlocked-desktop');
    await page.setViewportSize(PHONE);
    await shot('choice-page-unlocked-phone');
    await page.setViewportSize(DESKTOP);

    await Promise.all([page.waitForURL(two, { timeout: 10_000 }), page.getByRole('link', { name: /\/two/ }).click()]);
    expect(page.url()).toBe(two);
    expect(second.hits.filter((hit) => hit.path === '/two')).toHaveLength(1);
    expect(first.hits.filter((hit) => hit.path === '/one')).toEqual([]);
    expect(violations).toEqual([]);
    // The choice page's view is the click; the pick is recorded per option, not counted again.
    expect(await clickCount(link.id)).toBe(1);

    // A visitor sent straight to option 2 is asked there, and arrives at option 2's site.
    const other = await browser.newContext({ viewport: PHONE, locale: 'en-US', userAgent: CHROME_USER_AGENT });
    try {
      const direct = await other.newPage();
      await direct.goto(`${edge.url}/${link.short_code}/2`);
      await direct.getByLabel('Password').fill('open sesame');
      await Promise.all([
        direct.waitForURL(two, { timeout: 10_000 }),
        direct.getByRole('button', { name: 'Open the link' }).click(),
      ]);
      expect(second.hits.filter((hit) => hit.path === '/two')).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('draws every visitor-facing page dark on a dark device, readable and axe-clean', async () => {
    const one = first.url('127.0.0.1', '/one');
    const locked = await createLink({ redirect_url: one, password: 'open sesame' });
    const choice = await createLink({ redirect_url: one });
    await t.api('PUT', `/links/${choice.id}/landing-options`, { options: [one, second.url('127.0.0.1', '/two')] });
    const spent = await createLink({ redirect_url: one, max_clicks: 1 });
    await fetch(`${edge.url}/${spent.short_code}`, {
      redirect: 'manual',
      headers: { 'user-agent': CHROME_USER_AGENT },
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    for (const [name, path, status] of [
      ['password', `/${locked.short_code}`, 200],
      ['choice', `/${choice.short_code}`, 200],
      ['expired', `/${spent.short_code}`, 410],
      ['not-found', '/no-such-link', 404],
    ] as const) {
      const answer = await page.goto(`${edge.url}${path}`);
      expect(answer?.status(), name).toBe(status);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, name).toBe('rgb(13, 17, 23)');
      expect(await seriousViolations(page), name).toEqual([]);
      await shot(`${name}-page-phone-dark`);
    }
    expect(violations).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${edge.url}/no-such-link`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 247, 249)');
  });
});
