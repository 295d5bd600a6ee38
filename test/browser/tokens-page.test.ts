import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { hoplink, projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const PHONE = { width: 390, height: 844 };

// The tokens page and the plan walls as a person reads them: what each ability allows, when each
// token was made and last used, and on a plan without a feature what it would do, never a command
// for whoever runs the service.
describe.skipIf(!hasChromium)('tokens and locked features in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('tells a free plan what a locked feature does, with no command line in sight', async () => {
    const email = await signUpOnPlan(page, service, 'free', 'walls');
    await page.goto(`${service.apiUrl}/#/tokens`);
    await page.getByTestId('tokens-plan-notice').waitFor();
    const empty = await page.getByText('No tokens yet.').locator('..').innerText();
    expect(empty).not.toContain('above');
    await page.goto(`${service.apiUrl}/#/overview`);
    const note = page.getByRole('note');
    await expect.poll(() => note.innerText()).toContain('The whole account at a glance');
    expect(await note.innerText()).toContain('Needs the Business plan');
    for (const route of ['overview', 'account', 'webhooks', 'domains', 'affiliates', 'import']) {
      await page.goto(`${service.apiUrl}/#/${route}`);
      await page.locator('main h1').waitFor();
      expect(await page.locator('main').innerText(), route).not.toMatch(/hoplink (user|workspace) /);
    }
    await hoplink(service.env, 'user', 'set-plan', '--email', email, '--plan', 'pro');
  });

  it('says what each ability allows, and when each token was made and last used', async () => {
    await page.goto(`${service.apiUrl}/#/tokens`);
    await page.reload();
    const read = page.getByRole('checkbox', { name: 'Read' });
    await read.waitFor();
    expect(await page.getByText('See links, statistics, raw clicks and settings (GET).').isVisible()).toBe(true);
    expect(await read.getAttribute('aria-describedby')).toBe('ability-read-words');
    await page.getByLabel('Token name').fill('nightly report');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByTestId('new-token').innerText();
    await page.getByRole('cell', { name: /nightly report/ }).waitFor();
    const headers = await page.locator('table thead th').allInnerTexts();
    expect(headers.slice(0, 4)).toEqual(['Name', 'Abilities', 'Created', 'Last used']);
    const cells = await page.locator('table tbody tr').first().locator('td').allInnerTexts();
    // Its first characters tell it apart from the others; the rest of the secret is never shown again.
    expect(cells[0]).toBe(`nightly report ${token.slice(0, 7)}…`);
    expect(cells[1]).toBe('Read');
    expect(cells[2]).toMatch(/\d{4}/);
    expect(cells[3]).toBe('Never');
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    // The row's action is whole on the phone: the table wraps its cells instead of cutting them.
    const revoke = (await page.getByRole('button', { name: 'Revoke' }).boundingBox())!;
    expect(revoke.x + revoke.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(SHOTS, 'tokens-phone-dark.png'), fullPage: true });
  });
});
