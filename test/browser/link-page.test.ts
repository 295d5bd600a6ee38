import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// Placed by the bundled GeoIP database.
const GERMANY = '5.9.0.1';
const JAPAN = '1.0.16.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.1 Mobile/15E148 Safari/604.1';
const FILTERS = ['country', 'referrer', 'device', 'browser', 'os', 'language', 'utm_source', 'utm_medium'];

// A link's page (docs/dashboard.md): it opens on the statistics, with the settings and QR code in tabs
// kept in the address; the breakdowns' values filter every panel, as chips in the address; the Overview too.
describe.skipIf(!hasChromium)("a link's page and click to filter", () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let linkId = 0;
  let code = '';
  /** The statistics requests the page made, newest last. */
  const statsRequests: URL[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService({ TRUST_PROXY: 'true' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (/^\/api\/v1\/(links\/\d+\/)?stats$/.test(url.pathname)) statsRequests.push(url);
    });
    await signUpOnPlan(page, service, 'business', 'linkpage');
    await page.getByLabel('Destination URL').fill('https://example.com/link-page');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'https://example.com/link-page' });
    await row.waitFor();
    const href = (await row.getByRole('link').first().getAttribute('href'))!;
    linkId = Number(/#\/links\/(\d+)/.exec(href)![1]);
    code = (await row.getByRole('link').first().innerText()).split('/').at(-1)!;
    const visit = (address: string, ua: string, query = '') =>
      fetch(`${service.shortUrl}/${code}${query}`, {
        redirect: 'manual',
        headers: { 'user-agent': ua, 'x-forwarded-for': address, 'accept-language': 'de' },
      });
    // UTM source only: the medium and campaign tables say no visit carried them.
    expect((await visit(GERMANY, DESKTOP_UA, '?utm_source=newsletter')).status).toBe(302);
    expect((await visit(GERMANY, DESKTOP_UA)).status).toBe(302);
    expect((await visit(JAPAN, PHONE_UA)).status).toBe(302);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const shot = async (name: string) => {
    // Focus left by a step before (a removed chip's label) would show its ring in the picture.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const lastStats = () => statsRequests.at(-1)!;
  const hash = () => decodeURIComponent(new URL(page.url()).hash);

  async function openLink(query = '') {
    await page.goto(`${service.apiUrl}/#/links/${linkId}${query}`);
    await page.getByRole('heading', { name: code }).waitFor();
    // The clicks reach the rollups within about a second.
    for (let i = 0; i < 25 && (await page.getByTestId('total-clicks').innerText()) !== '3'; i++) {
      await page.waitForTimeout(200);
      await page.reload();
      await page.getByTestId('total-clicks').waitFor();
    }
  }

  it('opens on the statistics: title, short link, state and destination, then totals, chart and tables', async () => {
    await openLink();
    expect(await page.getByTestId('total-clicks').innerText()).toBe('3');
    expect(await page.getByTestId('link-state').innerText()).toBe('Active');
    expect(await page.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('trend').waitFor();
    // Within the first screen: the totals and the chart.
    expect((await page.getByTestId('total-clicks').boundingBox())!.y).toBeLessThan(DESKTOP.height);
    expect((await page.getByTestId('trend').boundingBox())!.y).toBeLessThan(DESKTOP.height);
    // No edit form, no on/off button here.
    expect(await page.getByRole('form', { name: 'Edit link' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Turn (off|on)$/ }).count()).toBe(0);
    // Values as words.
    const values = (id: string) => page.getByTestId(id).getByRole('rowheader').allInnerTexts();
    expect((await values('device')).sort()).toEqual(['Desktop', 'Mobile']);
    expect((await values('browser')).sort()).toEqual(['Chrome', 'Safari']);
    expect((await values('os')).sort()).toEqual(['Windows', 'iOS']);
    expect((await values('countries')).sort()).toEqual(['Germany', 'Japan']);
    expect(await page.getByTestId('utm_medium').innerText()).toContain('No visits carried utm_medium.');
    // Raw clicks: in local time, no UTC suffix, one column for device, browser and system.
    const raw = page.getByTestId('raw-clicks');
    await raw.locator('tbody tr').first().waitFor();
    expect(await raw.locator('thead th').allInnerTexts()).toEqual([
      'Time',
      'Country',
      'Device',
      'Referrer',
      'Language',
      'Bot',
    ]);
    expect(await raw.locator('tbody tr').first().locator('td').nth(2).innerText()).toBe('Mobile · Safari · iOS');
    expect(await raw.locator('tbody tr').first().locator('td').first().innerText()).not.toContain('UTC');
    // The raw clicks fit the page's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    await page.locator('.chart .uplot canvas').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot('link-analytics');
  });

  it('moves between tabs with the arrow keys, Home and End, and keeps the tab in the address', async () => {
    await openLink();
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Analytics').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab('Settings').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
    expect(hash()).toContain('tab=settings');
    await page.getByRole('form', { name: 'Edit link' }).waitFor();
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      await tab('Settings').getAttribute('id'),
    );
    // One tab stop: only the selected tab is in the Tab order.
    expect(await tab('Analytics').getAttribute('tabindex')).toBe('-1');
    await page.keyboard.press('End');
    await page.getByRole('heading', { name: 'QR code' }).waitFor();
    expect(hash()).toContain('tab=qr');
    await page.keyboard.press('ArrowRight');
    expect(await tab('Analytics').getAttribute('aria-selected')).toBe('true');
    expect(hash()).not.toContain('tab=');
    await page.keyboard.press('ArrowLeft');
    expect(await tab('QR code').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    // A reload opens the same tab.
    await page.reload();
    await page.getByRole('form', { name: 'Edit link' }).waitFor();

    // On and off with the settings, named the same way as the badge.
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => page.getByTestId('link-state').innerText()).toBe('Off');
    expect(await page.getByRole('region', { name: 'State' }).innerText()).toContain('This link is Off');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByTestId('link-state').innerText()).toBe('Active');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('link-settings');
  });

  it('filters by a value chosen in a table: a chip, the address and the request, removable by keyboard', async () => {
    await openLink('?range=7d');
    const germany = page.getByRole('button', { name: 'Filter by country Germany' });
    await germany.click();
    const chip = page.getByTestId('filter-chips').getByRole('listitem');
    await chip.waitFor();
    expect(await chip.innerText()).toContain('Country: Germany');
    expect(hash()).toMatch(/range=7d.*country=DE/);
    await expect.poll(() => lastStats().searchParams.get('country')).toBe('DE');
    expect(lastStats().pathname).toBe(`/api/v1/links/${linkId}/stats`);
    expect(await germany.getAttribute('aria-pressed')).toBe('true');
    // The server filters: two of the three visits came from Germany, and visitors are not counted.
    await expect.poll(() => page.getByTestId('total-clicks').innerText()).toBe('2');
    expect(await page.getByTestId('unique-clicks').innerText()).toBe('not counted under filters');
    expect(await page.getByRole('button', { name: 'Filter by country Japan' }).count()).toBe(0);
    // A second filter, by keyboard, ANDed with the first.
    await page.getByRole('button', { name: 'Filter by device Desktop' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => lastStats().searchParams.get('device')).toBe('desktop');
    expect(lastStats().searchParams.get('country')).toBe('DE');
    expect(await chip.allInnerTexts()).toEqual([
      expect.stringContaining('Country: Germany'),
      expect.stringContaining('Device: Desktop'),
    ]);
    // A reload keeps them.
    await page.reload();
    await page.getByRole('button', { name: 'Remove filter Country: Germany' }).waitFor();
    await expect.poll(() => lastStats().searchParams.get('country')).toBe('DE');

    // Removed by keyboard: focus goes on to the next chip.
    await page.getByRole('button', { name: 'Remove filter Country: Germany' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => hash()).not.toContain('country=');
    await expect.poll(() => lastStats().searchParams.has('country')).toBe(false);
    expect(lastStats().searchParams.get('device')).toBe('desktop');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Remove filter Device: Desktop',
    );
    await page.keyboard.press('Space');
    await expect.poll(() => hash()).not.toContain('device=');
    expect(await page.getByTestId('filter-chips').getByRole('listitem').count()).toBe(0);
    await expect.poll(() => FILTERS.some((f) => lastStats().searchParams.has(f))).toBe(false);
  });

  it('fits a phone, light and dark, with the raw clicks as cards', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: scheme });
      await openLink('?country=DE');
      await page.getByTestId('raw-clicks').locator('tbody tr').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Stacked: each cell names its column.
      const cell = page.getByTestId('raw-clicks').locator('tbody tr').first().locator('td').first();
      expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Time"');
      await page.locator('.chart .uplot canvas').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(`link-details-phone${scheme === 'dark' ? '-dark' : ''}`);
      if (scheme === 'dark') {
        await page.getByRole('tab', { name: 'Settings' }).click();
        await page.getByRole('form', { name: 'Edit link' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('filters the Overview by its own breakdowns, light and dark, desktop and phone', async () => {
    // The account's own breakdowns: two visits from Germany on a desktop, one from Japan on a phone.
    try {
      for (const [viewport, scheme] of [
        [DESKTOP, 'light'],
        [PHONE, 'dark'],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${service.apiUrl}/#/overview`);
        await page.getByRole('heading', { name: 'Overview' }).waitFor();
        await page.getByTestId('account-device').waitFor();
        expect(await page.getByTestId('account-device').getByRole('rowheader').allInnerTexts()).toEqual([
          'Desktop',
          'Mobile',
        ]);
        await page.getByRole('button', { name: 'Filter by country Japan' }).click();
        await page.getByRole('button', { name: 'Remove filter Country: Japan' }).waitFor();
        expect(hash()).toContain('/overview?country=JP');
        await expect.poll(() => lastStats().searchParams.get('country')).toBe('JP');
        expect(lastStats().pathname).toBe('/api/v1/stats');
        // The server filters every table: Japan's one visit was on a phone.
        await expect
          .poll(() => page.getByTestId('account-device').getByRole('rowheader').allInnerTexts())
          .toEqual(['Mobile']);
        await page.locator('.chart .uplot canvas').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Remove filter Country: Japan' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => lastStats().searchParams.has('country')).toBe(false);
        expect(hash()).not.toContain('country=');
      }
    } finally {
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});
