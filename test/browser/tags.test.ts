import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface StoredLink {
  id: number;
  short_code: string;
  tags: { name: string; color: string }[];
}

// Tags in the dashboard (docs/dashboard.md): the picker that makes tags as you type, chips on the
// rows, the Tag filter, bulk add and remove, and the Tags section of the Categories page.
describe.skipIf(!hasChromium)('tags in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await signUpOnPlan(page, service, 'pro', 'tags');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const api = <T>(method: string, path: string, body?: unknown) => callApiAs<T>(page, method, path, body);
  const stored = async (code: string) =>
    (await api<{ data: StoredLink[] }>('GET', '/api/v1/links?per_page=100')).body.data.find(
      (link) => link.short_code === code,
    )!;
  /** Opens a page afresh (a hash change alone would keep what the app had loaded). */
  const open = async (path: string) => {
    await page.goto(`${service.apiUrl}/#${path}`);
    await page.reload();
  };
  const rows = () => page.getByRole('table', { name: 'Your links' }).locator('tbody tr');

  it('makes tags as you type in the create form, by keyboard, and shows them as chips on the row', async () => {
    await api('POST', '/api/v1/tags', { name: 'Newsletter', color: 'green' });
    await open('/links');
    const form = page.getByRole('form', { name: 'Create a link' });
    await form.getByLabel('Destination URL').fill('https://example.com/spring');
    await form.getByLabel('Custom alias (optional)').fill('spring');
    const tags = form.getByLabel('Tags', { exact: true });
    await tags.fill('newsletter');
    await tags.press('Enter');
    await tags.fill('Spring sale');
    await tags.press('Enter');
    await tags.fill('oops');
    await tags.press('Enter');
    await tags.press('Backspace');
    // The known tag keeps its own spelling; the new one is made as typed.
    expect(await form.getByRole('list', { name: 'Tags chosen' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Newsletter'),
      expect.stringContaining('Spring sale'),
    ]);
    await form.getByRole('button', { name: 'Remove tag Spring sale' }).click();
    await tags.fill('Spring sale, Q2');
    await form.getByLabel('Destination URL').press('Enter');
    await rows().filter({ hasText: 'spring' }).first().waitFor();
    const link = await stored('spring');
    expect(link.tags.map((tag) => tag.name)).toEqual(['Newsletter', 'Q2', 'Spring sale']);
    const chips = rows().filter({ hasText: 'spring' }).getByRole('list', { name: 'Tags' }).getByRole('listitem');
    expect(await chips.allInnerTexts()).toEqual(['Newsletter', 'Q2', 'Spring sale']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters the list by tag, in the address', async () => {
    await api('POST', '/api/v1/links', { redirect_url: 'https://example.com/plain', short_code: 'plain' });
    await open('/links');
    await rows().filter({ hasText: 'plain' }).waitFor();
    await page.locator('select[name="tag_filter"]').selectOption('Q2');
    await expect.poll(() => page.url()).toContain('tag=Q2');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('spring');
  });

  it('adds and removes tags on the selected links from the bulk bar', async () => {
    await open('/links');
    await rows().filter({ hasText: 'plain' }).waitFor();
    await page.getByRole('checkbox', { name: /Select .*plain/ }).check();
    await page.getByRole('checkbox', { name: /Select .*spring/ }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Tags').fill('Partners, Q2');
    await bar.getByRole('button', { name: 'Add tags' }).click();
    await expect.poll(async () => (await stored('plain')).tags.map((t) => t.name)).toEqual(['Partners', 'Q2']);
    await page.getByRole('checkbox', { name: /Select .*plain/ }).check();
    await page.getByRole('checkbox', { name: /Select .*spring/ }).check();
    await bar.getByLabel('Tags').fill('q2');
    await bar.getByRole('button', { name: 'Remove tags' }).click();
    await expect
      .poll(async () => (await stored('spring')).tags.map((t) => t.name))
      .toEqual(['Newsletter', 'Partners', 'Spring sale']);
    expect((await stored('plain')).tags.map((t) => t.name)).toEqual(['Partners']);
  });

  it('lists tags with link counts on the Categories page: recolour, rename, show their links', async () => {
    await open('/categories');
    const table = page.locator('.tags-table');
    await table.waitFor();
    const partners = table.locator('tbody tr').filter({ hasText: 'Partners' });
    expect(await partners.innerText()).toContain('2 links');
    await partners.getByLabel('Colour of Partners').selectOption('purple');
    await expect.poll(async () => (await stored('plain')).tags[0]!.color).toBe('purple');
    await page.screenshot({ path: join(SHOTS, 'tags.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await partners.getByRole('link', { name: /2 links/ }).click();
    await expect.poll(() => page.url()).toContain('#/links?tag=Partners');
    await expect.poll(() => rows().count()).toBe(2);
  });

  it('fits a phone, light and dark, with a long tag name in the filter bar', async () => {
    await api('PATCH', `/api/v1/links/${(await stored('plain')).id}`, {
      tags: ['A tag with a rather long name to wrap on phones', 'Partners'],
    });
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: scheme });
      await open('/links');
      await rows().filter({ hasText: 'plain' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(page)).toEqual([]);
      if (scheme === 'dark') await page.screenshot({ path: join(SHOTS, 'tags-phone-dark.png'), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
