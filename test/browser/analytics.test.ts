import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// Placed by the bundled GeoIP database: Germany, Japan, and a documentation address nobody is in (XX).
const GERMANY = '5.9.0.1';
const JAPAN = '1.0.16.1';
const NOWHERE = '192.0.2.1';
// A browser's user agent: fetch's own would be taken for a bot, and bots are not counted.
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.1 Mobile/15E148 Safari/604.1';

// Analytics in the dashboard (docs/dashboard.md): the range picker, total and unique, the chart,
// the map and breakdown tables, the account overview, raw clicks, and clicks arriving live.
describe.skipIf(!hasChromium)('statistics in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let linkId = 0;
  let code = '';
  const violations: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // TRUST_PROXY: the visits below say where they come from with X-Forwarded-For.
    service = await startService({ TRUST_PROXY: 'true' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  /** One visit of the short link, as a browser at `address` would make it; answers the redirect's status. */
  async function visit(address: string, headers: Record<string, string> = {}, query = ''): Promise<number> {
    const res = await fetch(`${service.shortUrl}/${code}${query}`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': address, ...headers },
    });
    return res.status;
  }

  /** The rows' headers of one breakdown table, as the page shows them. */
  const tableValues = (testId: string) => page.getByTestId(testId).getByRole('rowheader').allInnerTexts();
  const trendRows = () => page.getByTestId('trend-table').locator('tbody tr').count();

  async function openLink(query = '') {
    await page.goto(`${service.apiUrl}/#/links/${linkId}${query}`);
    await page.getByRole('heading', { name: code }).waitFor();
    await page.getByTestId('trend').waitFor();
  }

  it('shows countries, referrers, languages and UTM tables by name, total and unique, and the map', async () => {
    await signUpOnPlan(page, service, 'business', 'analytics');
    await page.getByLabel('Destination URL').fill('https://example.com/analytics');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'https://example.com/analytics' });
    await row.waitFor();
    const href = (await row.getByRole('link').first().getAttribute('href'))!;
    linkId = Number(/#\/links\/(\d+)/.exec(href)![1]);
    code = (await row.getByRole('link').first().innerText()).split('/').at(-1)!;

    expect(
      await visit(
        GERMANY,
        { referer: 'https://news.ycombinator.com/item?id=1', 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' },
        '?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
      ),
    ).toBe(302);
    expect(await visit(JAPAN, { 'accept-language': 'ja', 'user-agent': PHONE_UA })).toBe(302);
    expect(await visit(NOWHERE, { referer: 'https://www.example.org/blog' })).toBe(302);
    // The same German visitor again the same day: a click, not a new unique visitor.
    expect(await visit(GERMANY, { 'accept-language': 'de' })).toBe(302);

    await openLink();
    // The clicks reach the rollups within about a second; reload until the totals show them.
    for (let i = 0; i < 25 && (await page.getByTestId('total-clicks').innerText()) !== '4'; i++) {
      await page.waitForTimeout(200);
      await page.reload();
      await page.getByTestId('trend').waitFor();
    }
    expect(await page.getByTestId('total-clicks').innerText()).toBe('4');
    expect(await page.getByTestId('unique-clicks').innerText()).toBe('3');
    expect(await page.getByTestId('range-clicks').innerText()).toBe('4');
    expect(await page.getByTestId('range-unique').innerText()).toBe('3');

    expect((await tableValues('countries')).sort()).toEqual(['Germany', 'Japan', 'Unknown']);
    expect((await tableValues('referrer')).sort()).toEqual([
      'Direct (none)',
      'news.ycombinator.com',
      'www.example.org',
    ]);
    expect((await tableValues('language')).sort()).toEqual(['German', 'Japanese', 'Unknown']);
    expect(await tableValues('utm_source')).toEqual(['newsletter']);
    expect(await tableValues('utm_medium')).toEqual(['email']);
    expect(await tableValues('utm_campaign')).toEqual(['spring']);
    // Germany has two of the four clicks, the most: the darkest shade.
    const germany = page.getByTestId('countries').getByRole('row').filter({ hasText: 'Germany' });
    expect(await germany.locator('td.num').innerText()).toBe('2');

    // The map: an svg of country shapes (lazily loaded), Germany shaded darkest, hidden from screen readers.
    const map = page.getByTestId('world-map');
    await map.waitFor();
    expect(await map.getAttribute('aria-hidden')).toBe('true');
    expect(await map.locator('path').count()).toBeGreaterThan(150);
    expect(await map.locator('path[data-country="DE"]').getAttribute('class')).toBe('shade-5');
    expect(await map.locator('path[data-country="JP"]').getAttribute('class')).toBe('shade-3');
    // The chart: uPlot's canvas with both series in its legend.
    await page.locator('.chart .uplot canvas').waitFor();
    expect(await page.locator('.chart .u-legend').innerText()).toMatch(/Clicks[\s\S]*Unique visitors/);
  });

  it('changes the trend and the address with the range presets, and back keeps them', async () => {
    await openLink();
    // Without a range in the address: 30 days, the API's own default.
    expect(await page.getByTestId('trend').getAttribute('data-points')).toBe('30');
    expect(await trendRows()).toBe(30);

    const presets = page.getByRole('navigation', { name: 'Date range' });
    await presets.getByRole('link', { name: '7 days' }).click();
    await expect.poll(() => page.getByTestId('trend').getAttribute('data-points')).toBe('7');
    expect(await trendRows()).toBe(7);
    expect(page.url()).toContain(`#/links/${linkId}?range=7d`);
    expect(await presets.getByRole('link', { name: '7 days' }).getAttribute('aria-current')).toBe('true');

    await presets.getByRole('link', { name: '90 days' }).click();
    await expect.poll(trendRows).toBe(90);
    expect(page.url()).toContain('range=90d');
    // Today's clicks are in every range.
    expect(await page.getByTestId('range-clicks').innerText()).toBe('4');

    await presets.getByRole('link', { name: '12 months' }).click();
    await expect.poll(trendRows).toBeGreaterThanOrEqual(365);
    expect(await trendRows()).toBeLessThanOrEqual(366);

    await page.goBack();
    await expect.poll(trendRows).toBe(90);
    // A reload keeps the range: it lives in the address.
    await page.reload();
    await page.getByTestId('trend').waitFor();
    await expect.poll(trendRows).toBe(90);
    expect(await presets.getByRole('link', { name: '90 days' }).getAttribute('aria-current')).toBe('true');
  });

  it('checks a custom range at its fields before asking, and applies a good one', async () => {
    await openLink('?range=7d');
    await page.getByRole('navigation', { name: 'Date range' }).getByRole('link', { name: 'Custom' }).click();
    const form = page.getByRole('form', { name: 'Custom range' });
    const from = form.getByLabel('From');
    const to = form.getByLabel('To');
    // Custom starts from the range shown: the last 7 days.
    await expect.poll(() => page.url()).toContain('range=custom');
    expect(await trendRows()).toBe(7);

    const before = page.url();
    await from.fill('2026-05-10');
    await to.fill('2026-05-01');
    await form.getByRole('button', { name: 'Apply' }).click();
    const fromError = page.locator('#range-error-from');
    expect(await fromError.innerText()).toBe('The first day must not be after the last.');
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await from.getAttribute('aria-describedby')).toBe('range-error-from');
    expect(page.url()).toBe(before);

    await from.fill('2024-01-01');
    await to.fill('2026-01-01');
    await form.getByRole('button', { name: 'Apply' }).click();
    expect(await page.locator('#range-error-to').innerText()).toBe('At most 366 days at a time.');
    expect(await page.locator('#range-error-from').count()).toBe(0);
    expect(page.url()).toBe(before);

    await from.fill('2026-03-01');
    await to.fill('2026-03-14');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(trendRows).toBe(14);
    expect(page.url()).toContain('range=custom&from=2026-03-01&to=2026-03-14');
    expect(await page.locator('.field-error').count()).toBe(0);
    // Nothing was clicked then, and the breakdowns count only the range.
    expect(await page.getByTestId('range-clicks').innerText()).toBe('0');
    expect(await page.getByTestId('countries').getByRole('row').count()).toBe(0);
  });

  it('shows the API’s 422 on a range at its field', async () => {
    // The dashboard itself never sends a range the server refuses; the answer is faked in the browser.
    await page.route('**/api/v1/links/*/stats?*', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Validation failed', errors: { to: ['to must not be in the future.'] } }),
      }),
    );
    try {
      await page.goto(`${service.apiUrl}/#/links/${linkId}?range=custom&from=2026-03-01&to=2026-03-02`);
      await page.getByRole('heading', { name: code }).waitFor();
      const error = page.locator('#range-error-to');
      await error.waitFor();
      expect(await error.innerText()).toBe('to must not be in the future.');
      expect(await page.getByRole('form', { name: 'Custom range' }).getByLabel('To').getAttribute('aria-invalid')).toBe(
        'true',
      );
    } finally {
      await page.unroute('**/api/v1/links/*/stats?*');
    }
  });

  it('lists raw clicks newest first with Load more, and links their CSV', async () => {
    await openLink('?range=7d');
    const table = page.getByTestId('raw-clicks');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await table.locator('thead th').allInnerTexts()).toEqual([
      'Time',
      'Country',
      'Device',
      'Referrer',
      'Language',
      'Bot',
    ]);
    // Newest first: the German visitor's second visit, then the XX one with its referrer.
    expect(await rows.nth(0).locator('td').nth(1).innerText()).toBe('Germany');
    expect(await rows.nth(1).locator('td').nth(3).innerText()).toBe('www.example.org');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    const csvLink = page.getByRole('link', { name: 'Download CSV' });
    expect(await csvLink.getAttribute('href')).toBe(`/api/v1/links/${linkId}/clicks?format=csv`);
    const csv = await page.request.get(`${service.apiUrl}/api/v1/links/${linkId}/clicks?format=csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment/);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toContain('clicked_at');
    expect(lines).toHaveLength(5);

    // 50 visits by a crawler: stored as raw clicks (so a second page), counted nowhere.
    for (let i = 0; i < 50; i++) {
      expect(await visit(GERMANY, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(302);
    }
    // The page hears of them live and reads its first page again.
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(50);
    expect(await rows.nth(0).locator('td').nth(5).innerText()).toBe('Yes');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(54);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await rows.nth(53).locator('td').nth(1).innerText()).toBe('Germany');
    expect(await page.getByTestId('total-clicks').innerText()).toBe('4');
  });

  it('counts a visit on the open link page within 2 seconds, without a reload', async () => {
    await openLink();
    await page.locator('[data-live="live"]').waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const started = Date.now();
    expect(await visit(JAPAN, { 'user-agent': PHONE_UA })).toBe(302);
    await expect.poll(() => page.getByTestId('total-clicks').innerText(), { timeout: 2_000, interval: 100 }).toBe('5');
    const took = Date.now() - started;
    expect(took).toBeLessThan(2_000);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // The Japanese visitor came back: a click, not a new unique visitor today.
    expect(await page.getByTestId('unique-clicks').innerText()).toBe('3');

    // The desktop picture of the link's statistics, on 90 days.
    await page.getByRole('navigation', { name: 'Date range' }).getByRole('link', { name: '90 days' }).click();
    await expect.poll(trendRows).toBe(90);
    await page.locator('.chart .uplot canvas').waitFor();
    await page.getByTestId('world-map').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator('section[aria-labelledby="statistics-heading"]').screenshot({
      path: join(SHOTS, 'stats-range.png'),
    });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await page.locator('section[aria-labelledby="statistics-heading"]').screenshot({
      path: join(SHOTS, 'stats-range-phone.png'),
    });
    await page.setViewportSize(DESKTOP);
  });

  it('shows the account overview with totals, top links and live clicks', async () => {
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByTestId('top-links').waitFor();
    expect(await page.getByTestId('total-clicks').innerText()).toBe('5');
    expect(await page.getByTestId('unique-clicks').innerText()).toBe('3');
    expect(await page.getByTestId('month-clicks').innerText()).toBe('5');
    const top = page.getByTestId('top-links').getByRole('row').filter({ hasText: code });
    expect(await top.locator('td.num').innerText()).toBe('5');
    expect(await page.getByTestId('trend').getAttribute('data-points')).toBe('30');

    const presets = page.getByRole('navigation', { name: 'Date range' });
    await presets.getByRole('link', { name: '7 days' }).click();
    await expect.poll(trendRows).toBe(7);
    expect(page.url()).toContain('#/overview?range=7d');

    await page.locator('[data-live="live"]').waitFor();
    expect(await visit(NOWHERE)).toBe(302);
    await expect.poll(() => page.getByTestId('total-clicks').innerText(), { timeout: 2_000, interval: 100 }).toBe('6');
    await expect.poll(() => top.locator('td.num').innerText(), { timeout: 1_000 }).toBe('6');

    // The tooltip: the day under the cursor with both numbers (here today, the chart's last point).
    const over = page.locator('.chart .u-over');
    const box = (await over.boundingBox())!;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    const today = new Date().toISOString().slice(0, 10);
    await expect.poll(() => page.locator('.chart-tip').innerText()).toBe(`${today}: 6 clicks, 3 unique`);
    await shot('overview');
    await page.mouse.move(0, 0);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await shot('overview-phone');
    await page.setViewportSize(DESKTOP);

    // A top link opens its own page.
    await top.getByRole('link', { name: code }).click();
    await page.getByRole('heading', { name: code }).waitFor();
    expect(violations).toEqual([]);
  });

  it('polls every 5 seconds when the event stream cannot be held', async () => {
    await page.route('**/dashboard-api/live', (route) => route.abort());
    try {
      await openLink();
      await page.reload();
      await page.getByTestId('trend').waitFor();
      await page.locator('[data-live="polling"]').waitFor();
      expect(await page.getByTestId('total-clicks').innerText()).toBe('6');
      expect(await visit(GERMANY)).toBe(302);
      // At most one poll interval (5 s) plus the click's own way to the rollups.
      await expect.poll(() => page.getByTestId('total-clicks').innerText(), { timeout: 7_000 }).toBe('7');
    } finally {
      await page.unroute('**/dashboard-api/live');
    }
  });

  it('keeps the overview locked, with the reason, on a free plan', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await signUpOnPlan(page, service, 'free', 'analytics');
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await page.getByRole('note').innerText()).toContain('Needs the Business plan.');
    expect(await page.getByTestId('trend').count()).toBe(0);
  });
});
