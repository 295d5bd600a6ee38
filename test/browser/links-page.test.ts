import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Thirty characters that only the three "boots" links hold (in their destinations).
const QUERY = 'winter-collection-boots-2026-a';
const ITEMS = 40;

interface StoredLink {
  id: number;
  short_code: string;
  short_url: string;
  redirect_url: string;
  title: string | null;
  is_active: boolean;
  utm: Record<string, string | null> | null;
  category: { id: number; name: string } | null;
}

// The Links page as a Dub user expects it.
describe.skipIf(!hasChromium)('the Links page', () => {
  let service: RunningService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let boots: StoredLink[];

  beforeAll(async () => {
    expect(QUERY).toHaveLength(30);
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    await signUpOnPlan(page, service, 'business', 'links-page');
    // 40 plain links and 3 that the 30-character search finds, created oldest first.
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      redirect_url: `https://example.com/item-${String(i + 1).padStart(2, '0')}`,
      short_code: `item-${String(i + 1).padStart(2, '0')}`,
    }));
    const bulk = await api<{ created: StoredLink[] }>('POST', '/api/v1/links/bulk', { links: items });
    expect(bulk.body.created).toHaveLength(ITEMS);
    boots = [];
    for (const n of [1, 2, 3]) {
      const made = await api<StoredLink>('POST', '/api/v1/links', {
        redirect_url: `https://shop.example.com/${QUERY}/${n}`,
        short_code: `snow-${n}`,
      });
      boots.push(made.body);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  /** A call to the API as the signed-in person, with the session's CSRF token. */
  const api = <T>(method: string, path: string, body?: unknown) => callApiAs<T>(page, method, path, body);

  const isList = (url: URL) => url.pathname === '/api/v1/links';
  const isListRequest = (request: Request) => request.method() === 'GET' && isList(new URL(request.url()));
  const table = (p: Page = page) => p.getByRole('table', { name: 'Your links' });
  const rows = (p: Page = page) => table(p).locator('tbody tr');
  const range = (p: Page = page) => p.getByTestId('links-range');
  const row = (text: string, p: Page = page) => rows(p).filter({ hasText: text });
  const hashQuery = (p: Page = page) => new URLSearchParams(new URL(p.url()).hash.split('?')[1] ?? '');

  /** Loads the page afresh at `hash` (a goto to the same document with another hash would not reload it). */
  async function open(hash = '#/links', p: Page = page) {
    await p.goto('about:blank');
    await p.goto(`${service.apiUrl}/${hash}`);
    await p.getByRole('heading', { name: 'Links', exact: true }).waitFor();
  }

  it('shows grey rows while the first page loads, then the links with their total', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isList, async (route) => {
      await held;
      await route.fallback();
    });
    await open();
    const skeleton = page.getByTestId('links-skeleton');
    await skeleton.waitFor();
    expect(await skeleton.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('status').filter({ hasText: 'Loading links…' }).count()).toBe(1);
    await shot(page, 'links-loading');
    release();
    await table().waitFor();
    await page.unroute(isList);
    expect(await skeleton.count()).toBe(0);
    expect(await range().innerText()).toBe('1–15 of 43 links');
    expect(await rows().count()).toBe(15);
    await shot(page, 'links');
  });

  it('sends at most 5 list requests for a 30-character query typed quickly, and shows only its matches', async () => {
    await open();
    await table().waitFor();
    const asked: string[] = [];
    const count = (request: Request) => {
      if (isListRequest(request)) asked.push(request.url());
    };
    page.on('request', count);
    await page.getByLabel('Search').pressSequentially(QUERY, { delay: 20 });
    await range()
      .filter({ hasText: /^3 links$/ })
      .waitFor();
    page.off('request', count);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.length).toBeLessThanOrEqual(5);
    expect(new URL(asked.at(-1)!).searchParams.get('search')).toBe(QUERY);
    const texts = await rows().allInnerTexts();
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).toContain(QUERY);
    expect(hashQuery().get('search')).toBe(QUERY);
  });

  it('cancels the request a newer search replaces and never shows its late answer', async () => {
    await open();
    await table().waitFor();
    // The first search's answer is held back until the second search has been answered.
    let releaseFirst!: () => void;
    const first = new Promise<void>((resolve) => (releaseFirst = resolve));
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (isListRequest(request)) failed.push(new URL(request.url()).searchParams.get('search') ?? '');
    });
    await page.route(isList, async (route) => {
      if (new URL(route.request().url()).searchParams.get('search') === 'item') await first;
      await route.fallback().catch(() => undefined);
    });
    const search = page.getByLabel('Search');
    await search.fill('item');
    await page.waitForRequest((request) => new URL(request.url()).searchParams.get('search') === 'item');
    await search.fill('snow-2');
    await range()
      .filter({ hasText: /^1 link$/ })
      .waitFor();
    releaseFirst();
    await page.unroute(isList);
    expect(failed).toContain('item');
    expect(await rows().allInnerTexts()).toEqual([expect.stringContaining('snow-2')]);
  });

  it('shows no rows of an earlier query when the search fails (a 429), and Try again asks once more', async () => {
    await open();
    await table().waitFor();
    let refuse = true;
    await page.route(isList, (route) =>
      refuse && new URL(route.request().url()).searchParams.get('search') === 'item-0'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            headers: { 'retry-after': '30' },
            body: JSON.stringify({ message: 'Too Many Attempts.' }),
          })
        : route.fallback(),
    );
    await page.getByLabel('Search').fill('item-0');
    await page.getByRole('alert').filter({ hasText: 'Too many requests just now' }).waitFor();
    expect(await table().count()).toBe(0);
    refuse = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await range()
      .filter({ hasText: /^9 links$/ })
      .waitFor();
    await page.unroute(isList);
    for (const text of await rows().allInnerTexts()) expect(text).toContain('item-0');
  });

  it('goes back to page 1 when the sort changes, and keeps search, sort and page through reload and Back', async () => {
    await open();
    await table().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // Each click goes one page on from the page on screen: the second waits for page 2 to show.
    await page.getByText('Page 2 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 3 of 3').waitFor();
    expect(hashQuery().get('page')).toBe('3');
    expect(await range().innerText()).toBe('31–43 of 43 links');

    await page.getByLabel('Sort').selectOption('short_code');
    await page.getByText('Page 1 of 3').waitFor();
    expect(hashQuery().get('page')).toBeNull();
    expect(hashQuery().get('sort')).toBe('short_code');

    await page.getByLabel('Order').selectOption('asc');
    await page.getByLabel('Search').fill('item');
    await range().filter({ hasText: '1–15 of 40 links' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 3').waitFor();
    expect(Object.fromEntries(hashQuery())).toEqual({
      search: 'item',
      sort: 'short_code',
      direction: 'asc',
      page: '2',
    });
    expect(await rows().first().innerText()).toContain('item-16');

    await page.reload();
    await page.getByText('Page 2 of 3').waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('item');
    expect(await page.getByLabel('Sort').inputValue()).toBe('short_code');
    expect(await page.getByLabel('Order').inputValue()).toBe('asc');
    expect(await rows().first().innerText()).toContain('item-16');

    await page.goBack();
    await page.getByText('Page 1 of 3').waitFor();
    expect(await rows().first().innerText()).toContain('item-01');
    await page.goForward();
    await page.getByText('Page 2 of 3').waitFor();

    // A page size of 50 holds them all; the choice is in the address and starts at page 1.
    await page.getByLabel('Rows per page').selectOption('50');
    await range()
      .filter({ hasText: /^40 links$/ })
      .waitFor();
    expect(await rows().count()).toBe(40);
    expect(hashQuery().get('per_page')).toBe('50');
    expect(hashQuery().get('page')).toBeNull();
  });

  it('says "1 click" and "2 clicks"', async () => {
    const [one, two] = boots;
    for (const link of [one!, two!, two!]) {
      const visit = await fetch(`${service.shortUrl}/${link.short_code}`, {
        redirect: 'manual',
        headers: { 'user-agent': CHROME_USER_AGENT },
      });
      expect(visit.status).toBe(302);
    }
    await open(`#/links?search=${QUERY}`);
    // Clicks are written in batches within a second or two; reload until the list has them.
    for (let i = 0; i < 30; i++) {
      await table().waitFor();
      if ((await row('snow-2').innerText()).includes('2 clicks')) break;
      await page.waitForTimeout(200);
      await page.reload();
    }
    expect(await row('snow-1').locator('td.clicks').innerText()).toBe('1 click');
    expect(await row('snow-2').locator('td.clicks').innerText()).toBe('2 clicks');
    expect(await row('snow-3').locator('td.clicks').innerText()).toBe('0 clicks');
    expect(await page.locator('body').innerText()).not.toMatch(/\b1 clicks\b|\b1 links\b/);
  });

  it('says what to do when a search finds nothing, and Clear filters brings every link back', async () => {
    await open('#/links?health=broken');
    await page.getByText('No links match health “Broken”', { exact: true }).waitFor();
    await page.getByLabel('Search').fill('no-such-thing');
    const heading = page.getByText('No links match “no-such-thing”, health “Broken”', { exact: true });
    await heading.waitFor();
    await shot(page, 'links-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await range().filter({ hasText: '1–15 of 43 links' }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await page.getByLabel('Health').inputValue()).toBe('');
    expect([...hashQuery().keys()]).toEqual([]);
  });

  it('tells a new person there are no links yet and what to do', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    try {
      const p = await fresh.newPage();
      await signUpOnPlan(p, service, 'free', 'links-empty');
      await p.getByText('No links yet', { exact: true }).waitFor();
      expect(await p.getByText('Paste a long URL in the form above').count()).toBe(1);
      await p.getByRole('button', { name: 'Create a link' }).click();
      expect(await p.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('redirect_url');
      await shot(p, 'links-empty');
    } finally {
      await fresh.close();
    }
  });

  it('copies a short link to the clipboard from its row and says so', async () => {
    await open(`#/links?search=${QUERY}`);
    const link = boots[2]!;
    const text = link.short_url.replace(/^https?:\/\//, '');
    const button = row(text).getByRole('button', { name: `Copy ${text}` });
    await button.click();
    await row(text).getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await button.innerText()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.short_url);
  });

  it('duplicates a link with its settings under a new code and announces the new short URL', async () => {
    const original = (
      await api<StoredLink>('POST', '/api/v1/links', {
        redirect_url: 'https://example.com/duplicate-me',
        title: 'Duplicate me',
        utm: { source: 'newsletter', medium: 'email' },
      })
    ).body;
    const options = ['https://example.com/duplicate-me/a', 'https://example.com/duplicate-me/b'];
    expect((await api('PUT', `/api/v1/links/${original.id}/landing-options`, { options })).status).toBe(200);
    await open('#/links?search=duplicate-me');
    await row('duplicate-me').waitFor();
    await page.getByRole('button', { name: `Duplicate ${original.short_code}` }).click();
    const toast = page.locator('.toast');
    await toast.filter({ hasText: /^Duplicated / }).waitFor();
    const announced = /as (\S+)\.$/.exec(await toast.innerText())![1]!;
    expect(announced).not.toBe(original.short_url);
    await range()
      .filter({ hasText: /^2 links$/ })
      .waitFor();

    const found = await api<{ data: StoredLink[] }>('GET', '/api/v1/links?search=duplicate-me');
    const copy = found.body.data.find((l) => l.id !== original.id)!;
    expect(copy.short_url).toBe(announced);
    expect(copy).toMatchObject({
      redirect_url: original.redirect_url,
      title: 'Duplicate me',
      is_active: true,
      utm: { source: 'newsletter', medium: 'email', campaign: null, term: null, content: null },
    });
    expect(copy.short_code).not.toBe(original.short_code);
    // The choice page's options have their own endpoint; the copy has them too.
    expect((await api<{ options: string[] }>('GET', `/api/v1/links/${copy.id}/landing-options`)).body.options).toEqual(
      options,
    );
  });

  it('deactivates, moves and deletes selected links from the bulk bar, one request each', async () => {
    const category = (await api<{ id: number }>('POST', '/api/v1/categories', { name: 'Winter' })).body;
    await open(`#/links?search=${QUERY}`);
    await table().waitFor();
    const bulkCalls: string[] = [];
    const watch = (request: Request) => {
      if (request.url().includes('/dashboard-api/links/bulk-action')) bulkCalls.push(request.postData() ?? '');
    };
    page.on('request', watch);

    // Select all on the page, then one less.
    await page.getByLabel('Select all links on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 links selected').waitFor();
    await page.getByLabel(`Select ${boots[2]!.short_url.replace(/^https?:\/\//, '')}`).uncheck();
    await bar.getByText('2 links selected').waitFor();
    expect(
      await page.getByLabel('Select all links on this page').evaluate((box: HTMLInputElement) => box.indeterminate),
    ).toBe(true);
    await shot(page, 'links-bulk');

    await bar.getByRole('button', { name: 'Turn off' }).click();
    await page.locator('.toast').filter({ hasText: 'Turned off 2 links.' }).waitFor();
    // The bar is gone with its buttons; the keyboard carries on from the list.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('list-body');
    await row('snow-1').locator('td.state').filter({ hasText: 'Off' }).waitFor();
    expect(await row('snow-2').locator('td.state').innerText()).toBe('Off');
    expect(await row('snow-3').locator('td.state').innerText()).toBe('Active');
    expect(await bar.count()).toBe(0);

    for (const code of ['snow-1', 'snow-3']) await row(code).getByRole('checkbox').check();
    await bar.getByLabel('Move to category').selectOption({ label: 'Winter' });
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    await page.locator('.toast').filter({ hasText: 'Moved 2 links.' }).waitFor();
    const inWinter = await api<{ data: StoredLink[] }>('GET', `/api/v1/links?category_id=${category.id}`);
    expect(inWinter.body.data.map((l) => l.short_code).sort()).toEqual(['snow-1', 'snow-3']);

    for (const code of ['snow-1', 'snow-2']) await row(code).getByRole('checkbox').check();
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 2 links' }).click();
    await page.locator('.toast').filter({ hasText: 'Deleted 2 links.' }).waitFor();
    await range()
      .filter({ hasText: /^1 link$/ })
      .waitFor();
    expect(await rows().allInnerTexts()).toEqual([expect.stringContaining('snow-3')]);
    page.off('request', watch);

    const sorted = (body: string) => {
      const call = JSON.parse(body) as { ids: number[] };
      return { ...call, ids: call.ids.sort((a, b) => a - b) };
    };
    expect(bulkCalls.map(sorted)).toEqual([
      { action: 'deactivate', ids: [boots[0]!.id, boots[1]!.id] },
      { action: 'move', ids: [boots[0]!.id, boots[2]!.id], category_id: category.id },
      { action: 'delete', ids: [boots[0]!.id, boots[1]!.id] },
    ]);
    expect((await api('GET', `/api/v1/links/${boots[0]!.id}`)).status).toBe(404);
    expect((await api('GET', `/api/v1/links/${boots[2]!.id}`)).status).toBe(200);
  });

  it('keeps the destination on a phone, cut short, with no sideways scrolling', async () => {
    const phone = await context.newPage();
    try {
      await phone.setViewportSize(PHONE);
      await api('POST', '/api/v1/links', {
        redirect_url: `https://example.com/a/very/long/destination/that/cannot/fit/on/a/phone/${'x'.repeat(80)}`,
        short_code: 'long-one',
      });
      await open('#/links', phone);
      await table(phone).waitFor();
      const destination = row('long-one', phone).locator('td.destination');
      expect(await destination.isVisible()).toBe(true);
      expect(await destination.getAttribute('title')).toContain('x'.repeat(80));
      const cut = await destination
        .locator('span')
        .evaluate((span) => ({ scroll: span.scrollWidth, client: span.clientWidth }));
      expect(cut.scroll).toBeGreaterThan(cut.client);
      const box = (await destination.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await phone.getByLabel('Select all links on this page').check();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await phone.getByLabel('Select all links on this page').uncheck();
      // The first screenful: a full page of 15 cards is too tall to read at this width.
      await row('long-one', phone).scrollIntoViewIfNeeded();
      await phone.screenshot({ path: join(SHOTS, 'links-phone.png') });
    } finally {
      await phone.close();
    }
  });
});
