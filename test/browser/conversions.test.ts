import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Earnings in the dashboard (docs/api.md, "Affiliate money"): a sale reported for a visit's click
// id shows on its link's page and on the Overview, per currency, with the conversion rate and EPC.
describe.skipIf(!hasChromium)('conversions in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let linkId = 0;
  const clickIds: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    await signUpOnPlan(page, service, 'business', 'earnings');
    const api = <T>(method: string, path: string, body?: unknown) => callApiAs<T>(page, method, path, body);
    await api('POST', '/api/v1/affiliates', { affiliate_program_id: 1, tag: 'mine-20' });
    const link = await api<{ id: number; short_code: string }>('POST', '/api/v1/links', {
      redirect_url: 'https://www.amazon.com/dp/B0C1234567',
      pass_click_id: true,
    });
    linkId = link.body.id;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${service.shortUrl}/${link.body.short_code}`, {
        redirect: 'manual',
        headers: { 'user-agent': CHROME_USER_AGENT },
      });
      clickIds.push(new URL(res.headers.get('location')!).searchParams.get('ascsubtag')!);
    }
    // The visits reach their raw clicks through the click writer; a sale names one of them.
    for (let i = 0; i < 100; i++) {
      const page1 = await api<{ data: unknown[] }>('GET', `/api/v1/links/${linkId}/clicks?limit=10`);
      if (page1.body.data.length === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sale = await api('POST', '/api/v1/conversions', {
      click_id: clickIds[0],
      order_id: 'order-1',
      amount: '19.98',
      commission: '0.80',
      currency: 'USD',
      status: 'approved',
    });
    expect(sale.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const cells = async () =>
    page.getByTestId('conversions').locator('tbody tr').first().locator('th, td').allInnerTexts();

  it('shows the link’s conversions, revenue, earnings, rate and EPC per currency', async () => {
    await page.goto(`${service.apiUrl}/#/links/${linkId}`);
    await page.getByTestId('conversions').waitFor();
    expect(await cells()).toEqual(['USD', '1', '19.98', '0.80', '25%', '0.2000']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the account’s on the Overview, per program and per day, and fits a phone in the dark', async () => {
    await page.goto(`${service.apiUrl}/#/overview`);
    await page.getByTestId('conversions').waitFor();
    expect(await cells()).toEqual(['USD', '1', '19.98', '0.80', '25%', '0.2000']);
    const program = page.getByTestId('programs').locator('tbody tr');
    expect(await program.first().locator('th, td').allInnerTexts()).toEqual([
      'Amazon US',
      'Default tag',
      '4',
      '1',
      '0.80 USD',
      '0.2000 USD',
    ]);
    await page.getByText('By day').click();
    const today = new Date().toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(
      await page.getByTestId('conversion-days').locator('tbody tr').first().locator('th, td').allInnerTexts(),
    ).toEqual([today, 'USD', '1', '19.98', '0.80', '0.2000']);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByTestId('conversions').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('programs').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'overview-conversions-phone-dark.png') });
  });

  it('makes the postback URL once, names its parameters, and counts a sale the network posts to it', async () => {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${service.apiUrl}/#/affiliates`);
    await expect.poll(() => page.getByTestId('postback-state').innerText()).toMatch(/No postback URL yet/);
    await page.getByRole('button', { name: 'Make the postback URL' }).click();
    const shown = page.getByLabel('Postback URL');
    await shown.waitFor();
    const first = await shown.inputValue();
    expect(first).toMatch(/^http:\/\/\S+\/postback\/pbs_\S+$/);
    await expect.poll(() => page.getByTestId('postback-state').innerText()).toMatch(/A postback URL is set/);

    // The network calls the click id "subid" and the amount "sale".
    await page.getByLabel(/^click_id/).fill('subid');
    await page.getByLabel(/^amount/).fill('sale');
    await page.getByRole('button', { name: 'Save names' }).click();
    await page.getByText('Parameter names saved.').waitFor();
    const posted = await fetch(
      `${first}?subid=${clickIds[1]}&order_id=order-2&sale=5.00&commission=0.50&currency=USD&status=approved`,
    );
    expect(posted.status).toBe(201);
    await page.goto(`${service.apiUrl}/#/links/${linkId}`);
    await page.getByTestId('conversions').waitFor();
    expect(await cells()).toEqual(['USD', '2', '24.98', '1.30', '50%', '0.3250']);

    // A new URL asks first, and the old one stops working.
    await page.goto(`${service.apiUrl}/#/affiliates`);
    await expect.poll(() => page.getByLabel(/^click_id/).inputValue()).toBe('subid');
    await page.getByRole('button', { name: 'Make a new URL' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make a new URL' }).click();
    await expect.poll(() => shown.inputValue()).not.toBe(first);
    expect((await fetch(`${first}?subid=x&order_id=order-3&sale=1&currency=USD`)).status).toBe(404);

    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'affiliates-postback-phone-dark.png'), fullPage: true });
  });

  it('restricts the Overview to the links of one tag, in the address', async () => {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
    const api = <T>(method: string, path: string, body?: unknown) => callApiAs<T>(page, method, path, body);
    const tagged = await api<{ id: number; short_code: string }>('POST', '/api/v1/links', {
      redirect_url: 'https://example.com/spring',
      tags: ['spring'],
    });
    for (let i = 0; i < 2; i++) {
      await fetch(`${service.shortUrl}/${tagged.body.short_code}`, {
        redirect: 'manual',
        headers: { 'user-agent': CHROME_USER_AGENT },
      });
    }
    await page.goto(`${service.apiUrl}/#/overview`);
    const topLinks = page.getByTestId('top-links').locator('tbody tr');
    await expect.poll(() => topLinks.count()).toBe(2);
    await page.getByLabel('Links tagged').selectOption('spring');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('tag=spring');
    await expect.poll(() => topLinks.allInnerTexts()).toEqual([`${tagged.body.short_code}\t2`]);
    await page.getByRole('heading', { name: 'Top links tagged spring' }).waitFor();
    // Every figure follows: the tagged link earned nothing.
    await page.getByTestId('no-conversions').waitFor();
    await page.reload();
    expect(await page.getByLabel('Links tagged').inputValue()).toBe('spring');
    await page.getByLabel('Links tagged').selectOption('');
    await expect.poll(() => topLinks.count()).toBe(2);
  });
});
