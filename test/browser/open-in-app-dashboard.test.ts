import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
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
  open_in_app: boolean;
  pass_click_id: boolean;
  tracking_id: string | null;
}

// Open in app and tracking ids (docs/api.md) in the dashboard: the tag record's tracking ids on the
// Affiliate tags page, and a link's switch and tracking id in its settings.
describe.skipIf(!hasChromium)('open in app and tracking ids in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function gotoPage(route: string, heading: string) {
    await page.goto(`${service.apiUrl}/#${route}`);
    await page.reload();
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  }

  async function stored(search: string): Promise<StoredLink> {
    const res = await page.request.get(`${service.apiUrl}/api/v1/links?search=${encodeURIComponent(search)}`);
    const body = (await res.json()) as { data: StoredLink[] };
    expect(body.data).toHaveLength(1);
    return body.data[0]!;
  }

  async function openCreateForm(): Promise<{ form: Locator; app: Locator; tracking: Locator }> {
    const form = page.getByRole('form', { name: 'Create a link' });
    await form.getByText('More options').click();
    const app = form.getByRole('group', { name: 'Open in app' });
    await app.waitFor();
    return { form, app, tracking: form.getByRole('group', { name: 'Tracking id' }) };
  }

  it('keeps tracking ids on the Affiliate tags page, and shows a refused one at the field', async () => {
    await signUpOnPlan(page, service, 'business', 'open-in-app');
    expect(
      (await callApiAs(page, 'POST', '/api/v1/affiliates', { affiliate_program_id: 1, tag: 'mine-20' })).status,
    ).toBe(201);
    await gotoPage('/affiliates', 'Affiliate tags');
    const form = page.getByRole('form', { name: 'Tracking ids for Amazon US' });
    const input = form.getByLabel('Tracking ids for Amazon US');
    await input.fill('mine-yt-20, bad id!');
    await form.getByRole('button', { name: 'Save ids' }).click();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('mine-yt-20, mine-news-20');
    await form.getByRole('button', { name: 'Save ids' }).click();
    await form.getByRole('status').getByText('Saved.').waitFor();
    const tags = await callApiAs<{ data: Array<{ tracking_ids: string[] }> }>(page, 'GET', '/api/v1/affiliates');
    expect(tags.body.data[0]!.tracking_ids).toEqual(['mine-yt-20', 'mine-news-20']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('main').screenshot({ path: join(SHOTS, 'affiliate-tracking-ids.png') });
  });

  it("creates a link that opens the app with a chosen tracking id, and the link's page says so", async () => {
    await gotoPage('/links', 'Links');
    const { form, app, tracking } = await openCreateForm();
    await form.getByLabel('Destination URL').fill('https://www.amazon.com/dp/B0C1234567');
    await form.getByLabel('Title', { exact: true }).fill('Opens the app');
    await app.getByLabel('Open the app on phones').check();
    await form.getByLabel('Pass a click id to the destination').check();
    const select = tracking.getByLabel('Tracking id');
    await expect
      .poll(() => select.locator('option').allInnerTexts())
      .toEqual(['The tag (mine-20)', 'mine-yt-20', 'mine-news-20']);
    await select.selectOption('mine-yt-20');
    expect(await seriousViolations(page)).toEqual([]);
    await app.screenshot({ path: join(SHOTS, 'link-open-in-app.png') });
    await form.getByRole('button', { name: 'Shorten' }).click();
    await page.getByRole('row').filter({ hasText: 'Opens the app' }).waitFor();
    const link = await stored('Opens the app');
    expect(link).toMatchObject({ open_in_app: true, tracking_id: 'mine-yt-20', pass_click_id: true });

    await page.goto(`${service.apiUrl}/#/links/${link.id}?tab=settings`);
    await page.reload();
    await page.getByRole('heading', { name: link.short_code }).waitFor();
    expect(await page.getByTestId('summary-open-in-app').innerText()).toBe('On');
    expect(await page.getByTestId('summary-tracking-id').innerText()).toBe('mine-yt-20');

    // The edit form shows the link's own settings; switching off and back to the tag is saved.
    const edit = page.getByRole('form', { name: 'Edit link' });
    // The settings open by themselves for a link that has some (this one has a title).
    const controls = edit.locator('details.controls');
    if ((await controls.getAttribute('open')) === null) await controls.locator('summary').click();
    const box = edit.getByRole('group', { name: 'Open in app' }).getByLabel('Open the app on phones');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await edit.getByRole('group', { name: 'Tracking id' }).getByLabel('Tracking id').selectOption('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('summary-open-in-app').innerText()).toBe('Off');
    expect(await page.getByTestId('summary-tracking-id').innerText()).toBe('The tag');
    expect(await stored('Opens the app')).toMatchObject({ open_in_app: false, tracking_id: null });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`fits a phone, ${colorScheme}, under axe`, async () => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(PHONE);
      await gotoPage('/links', 'Links');
      const { form, app, tracking } = await openCreateForm();
      await form.getByLabel('Destination URL').fill('https://www.amazon.com/dp/B0C1234567');
      await app.scrollIntoViewIfNeeded();
      const box = await app.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await tracking.getByLabel('Tracking id').isEnabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(page)).toEqual([]);
      if (colorScheme === 'dark') await app.screenshot({ path: join(SHOTS, 'link-open-in-app-phone-dark.png') });
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: 'light' });
    });
  }
});
