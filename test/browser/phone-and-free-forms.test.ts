import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { startService, type RunningService } from '../helpers/process.ts';

const PHONE = { width: 390, height: 844 };

// What a walk through the dashboard found out of line: the free plan's edit form, the links
// list's search box on a phone, and a selected card there.
describe.skipIf(!hasChromium)('forms and lists that line up', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await signUpOnPlan(page, service, 'free', 'lines');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const box = async (selector: ReturnType<Page['locator']>) => (await selector.boundingBox())!;

  it('lines up a locked field with the controls beside it in the free plan’s edit form', async () => {
    const link = await callApiAs<{ id: number }>(page, 'POST', '/api/v1/links', {
      redirect_url: 'https://example.com/a',
    });
    await page.goto(`${service.apiUrl}/#/links/${link.body.id}?tab=settings`);
    const form = page.getByRole('form', { name: 'Edit link' });
    await form.waitFor();
    // The label holds its select: its top is the word's top.
    const category = await box(form.locator('label').filter({ hasText: /^Category/ }));
    const domain = await box(form.locator('.field-label').filter({ hasText: 'Domain' }));
    expect(Math.abs(category.y - domain.y)).toBeLessThanOrEqual(2);
    const select = await box(form.getByLabel('Category'));
    const lock = await box(form.locator('.locked-control'));
    expect(Math.abs(select.y + select.height / 2 - (lock.y + lock.height / 2))).toBeLessThanOrEqual(3);
  });

  it('gives the search box a line of its own on a phone, and tints a selected card whole', async () => {
    await callApiAs(page, 'POST', '/api/v1/links', { redirect_url: 'https://example.com/b' });
    await page.setViewportSize(PHONE);
    await page.goto(`${service.apiUrl}/#/links`);
    const search = await box(page.getByRole('searchbox'));
    expect(search.width).toBeGreaterThan(PHONE.width * 0.8);
    const row = page.locator('table.link-table tbody tr').first();
    await row.getByRole('checkbox').check();
    await expect.poll(() => row.getAttribute('class')).toContain('selected');
    const colours = await row.evaluate((tr) => ({
      card: getComputedStyle(tr).backgroundColor,
      cells: [...tr.querySelectorAll('td')].map((td) => getComputedStyle(td).backgroundColor),
    }));
    expect(colours.card).not.toBe('rgba(0, 0, 0, 0)');
    expect(new Set(colours.cells)).toEqual(new Set(['rgba(0, 0, 0, 0)']));
  });
});
