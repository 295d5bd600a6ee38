import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const TAG = 'hoplink-de-21';

interface StoredLink {
  id: number;
  short_code: string;
  health: { status: string };
}

// The link page's storefront preview and the Overview's broken links.
describe.skipIf(!hasChromium)('the storefront preview and the Overview’s broken links', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let site: Destinations;
  const violations: string[] = [];
  const watch = (p: Page) =>
    p.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Every path of this loopback site answers 404: a link to it is broken once checked.
    site = await startDestinations();
    // The link checker may reach loopback destinations (development setting).
    service = await startService({ LINK_CHECK_ALLOW_PRIVATE: 'true' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    watch(page);

    await signUpOnPlan(page, service, 'business', 'preview');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await site?.close();
  });

  /** A call to the API as the signed-in person, with the session's CSRF token. */
  const api = <T>(method: string, path: string, body?: unknown) => callApiAs<T>(page, method, path, body);

  async function createLink(redirect_url: string, localize: boolean | null): Promise<StoredLink> {
    const created = await api<StoredLink>('POST', '/api/v1/links', { redirect_url, localize });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function openLink(link: StoredLink) {
    await page.goto(`${service.apiUrl}/#/links/${link.id}?tab=settings`);
    await page.reload();
    await page.getByRole('heading', { name: link.short_code }).waitFor();
    await page.getByRole('heading', { name: 'Health' }).waitFor();
  }

  const preview = () => page.locator('section.storefront-preview');
  const destinationFor = (country: string) =>
    preview()
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: country, exact: true }) })
      .locator('td');

  it('shows each storefront country’s destination for an Amazon link, with your tag or a hint to add one', async () => {
    expect((await api('POST', '/api/v1/affiliates', { affiliate_program_id: 3, tag: TAG })).status).toBe(201);
    const link = await createLink('https://www.amazon.com/dp/B0C1234567', true);
    await openLink(link);
    await preview().getByRole('heading', { name: 'Storefront preview' }).waitFor();
    // 21 countries: folded away until asked for.
    const details = preview().locator('details');
    await details.locator('summary').waitFor();
    expect(await details.getAttribute('open')).toBeNull();
    await details.locator('summary').click();

    expect(await preview().getByRole('row').count()).toBe(1 + 21);
    expect(await destinationFor('Germany').innerText()).toBe(`https://www.amazon.de/dp/B0C1234567?tag=${TAG}`);
    expect(await destinationFor('Japan').innerText()).toBe('the original URL — add your tag for amazon.co.jp');
    expect(await destinationFor('Japan').getByRole('link').getAttribute('href')).toBe('#/affiliates');
    // Already on amazon.com: nothing to add.
    expect(await destinationFor('United States').innerText()).toBe('the original URL');
    expect(await preview().getByTestId('storefront-preview-off').count()).toBe(0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await preview().screenshot({ path: join(SHOTS, 'storefront-preview.png') });
  });

  it('shows example countries for an Apple link, greyed while localisation is off; no preview elsewhere', async () => {
    await openLink(await createLink('https://apps.apple.com/us/app/hoplink/id123456', true));
    await preview().getByRole('table').waitFor();
    expect(await preview().getByRole('row').count()).toBe(1 + 5);
    expect(await destinationFor('Japan').innerText()).toBe('https://apps.apple.com/jp/app/hoplink/id123456');
    expect(await destinationFor('United Kingdom').innerText()).toBe('https://apps.apple.com/gb/app/hoplink/id123456');

    // Off for this link (and off by default for the account): what turning it on would do.
    await openLink(await createLink('https://www.amazon.com/s?k=boots', false));
    await preview().getByTestId('storefront-preview-off').waitFor();
    expect(await preview().getAttribute('class')).toContain('off');
    await preview().locator('summary').click();
    expect(await destinationFor('Germany').innerText()).toBe(`https://www.amazon.de/s?k=boots&tag=${TAG}`);

    // Following the account default, which is off.
    await openLink(await createLink('https://www.amazon.com/Gadget/dp/B0C7654321', null));
    await preview().getByTestId('storefront-preview-off').waitFor();

    await openLink(await createLink('https://example.com/plain', true));
    expect(await page.getByRole('heading', { name: 'Storefront preview' }).count()).toBe(0);
  });

  it('lists broken links on the Overview, and says when there are none', async () => {
    // A person of their own: the checker finds the Amazon links above broken too (no network here).
    page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    watch(page);
    await signUpOnPlan(page, service, 'business', 'preview');
    await page.goto(`${service.apiUrl}/#/overview`);
    await page.reload();
    const section = page.locator('section.broken-links');
    await section.getByRole('heading', { name: 'Broken links' }).waitFor();
    await section.getByText('No broken links.').waitFor();

    const gone = await createLink(site.url('127.0.0.1', '/gone'), null);
    expect((await api('POST', `/api/v1/links/${gone.id}/check`)).status).toBe(202);
    await expect
      .poll(async () => (await api<StoredLink>('GET', `/api/v1/links/${gone.id}`)).body.health.status, {
        timeout: 15_000,
      })
      .toBe('broken');

    await page.reload();
    const row = section.getByRole('row').filter({ hasText: gone.short_code });
    await row.waitFor();
    expect(await section.getByRole('row').count()).toBe(2);
    expect(await row.getByRole('link', { name: gone.short_code }).getAttribute('href')).toBe(`#/links/${gone.id}`);
    expect(await row.innerText()).toContain('/gone');
    expect(await row.innerText()).toContain('HTTP 404');
    expect(await section.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('#/links');
    expect(await section.getByText('No broken links.').count()).toBe(0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await section.screenshot({ path: join(SHOTS, 'overview-broken.png') });
    expect(violations).toEqual([]);
  });
});
