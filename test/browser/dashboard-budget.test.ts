import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');

// The dashboard's requests have their own budget, blank names are refused at the field,
// a revoked token's secret leaves the screen, and a Free plan is told why it has no tokens.
describe.skipIf(!hasChromium)("the dashboard's budget, blank names and the tokens page", () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpOnPlan(page, service, 'pro', 'budget');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const shot = (target: Page, name: string) => target.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it("lets a Pro person's dashboard make 150 list requests in a minute without a 429", async () => {
    // The plan's token limit is 60 a minute; the session's own budget is 600.
    const answers = await page.evaluate(async () => {
      const seen: Array<{ status: number; limit: string | null }> = [];
      for (let i = 0; i < 150; i++) {
        const res = await fetch(`/api/v1/links?search=q${i}`, { headers: { accept: 'application/json' } });
        seen.push({ status: res.status, limit: res.headers.get('x-ratelimit-limit') });
      }
      return seen;
    });
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers[0]?.limit).toBe('600');
    // And the page itself still loads its list afterwards.
    await page.goto(`${service.apiUrl}/#/links`);
    await page
      .getByText(/No links yet|Create a link/i)
      .first()
      .waitFor();
  });

  it('shows a blank category name’s error at the name field, tied to it', async () => {
    await page.goto(`${service.apiUrl}/#/categories`);
    const input = page.getByLabel('New category');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const message = page.locator('#category-create-error-name');
    await message.waitFor();
    expect(await message.innerText()).toBe('The name field is required.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('aria-describedby')).toBe('category-create-error-name');
    await shot(page, 'categories-blank-name');
    // A real name clears the message.
    await input.fill('Newsletter');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: 'Newsletter' }).waitFor();
    expect(await message.count()).toBe(0);
    expect(await input.getAttribute('aria-invalid')).toBeNull();
  });

  it('takes the "copy this token now" box away when that token is revoked', async () => {
    await page.goto(`${service.apiUrl}/#/tokens`);
    await page.getByLabel('Token name').fill('deploy script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByTestId('new-token');
    expect(await secret.innerText()).toMatch(/^hl_/);
    await page.getByRole('row').filter({ hasText: 'deploy script' }).waitFor();
    await shot(page, 'tokens');

    await page.getByRole('row').filter({ hasText: 'deploy script' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No tokens yet.').waitFor();
    expect(await secret.count()).toBe(0);
    expect(await page.getByText('Copy this token now.').count()).toBe(0);
  });

  it('keeps the box when another token is revoked', async () => {
    await page.goto(`${service.apiUrl}/#/tokens`);
    for (const name of ['old cron job', 'new cron job']) {
      await page.getByLabel('Token name').fill(name);
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByRole('row').filter({ hasText: name }).waitFor();
    }
    const shown = await page.getByTestId('new-token').innerText();
    await page.getByRole('row').filter({ hasText: 'old cron job' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('row').filter({ hasText: 'old cron job' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('new-token').innerText()).toBe(shown);
  });

  it('tells a Free person that tokens work on Pro and Business, with no form to make one', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const free = await context.newPage();
    try {
      await signUpOnPlan(free, service, 'free', 'budget');
      await free.goto(`${service.apiUrl}/#/tokens`);
      const notice = free.getByTestId('tokens-plan-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/Tokens work with the Pro and Business plans\./);
      expect(await free.getByRole('note').count()).toBe(1);
      expect(await free.getByLabel('Token name').count()).toBe(0);
      expect(await free.getByRole('button', { name: 'Create token' }).count()).toBe(0);
      await free.getByText('No tokens yet.').waitFor();
      await shot(free, 'tokens-free');
      await free.setViewportSize({ width: 390, height: 844 });
      await shot(free, 'tokens-free-phone');
    } finally {
      await context.close();
    }
  });
});
