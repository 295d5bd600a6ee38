import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../helpers/browser.ts';
import { hoplink, projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');

describe.skipIf(!hasChromium)('importing and exporting in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService({ IMPORT_POLL_MS: '200' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('uploads a Shlink export, shows its progress and the refused rows by number, then exports the links', async () => {
    const email = `import-${Date.now()}@example.com`;
    await hoplink(
      service.env,
      'user',
      'create',
      '--email',
      email,
      '--password',
      'a good long password',
      '--plan',
      'business',
    );
    await page.goto(`${service.apiUrl}/#/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();

    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import links' }).waitFor();
    const shlink = readFileSync(resolve(import.meta.dirname, '../fixtures/imports/shlink.csv'), 'utf8');
    const badRow = '2024-01-13T00:00:00+00:00,,shl-bad,https://s.example.com/shl-bad,javascript:alert(1),Bad,,0\n';
    const csv = `${shlink}${badRow}`;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'shlink.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByTestId('import-status').innerText(), { timeout: 20_000 }).toBe('Finished');
    expect(await page.getByTestId('import-created').innerText()).toBe('3');
    const refused = page.getByRole('table', { name: 'Rows not imported' });
    expect(await refused.getByRole('row').nth(1).innerText()).toMatch(
      /^4\s+The redirect url field must be a valid http/,
    );
    // The recent imports, reloaded once the page has seen the import finish.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Finished' }).count()).toBe(1);
    // The finished import alone: the recent-imports table shows the time, which changes every run.
    await page.getByTestId('import-progress').screenshot({ path: join(SHOTS, 'import.png') });

    await page.getByRole('link', { name: 'Links' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^hoplink-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported.split('\n')[0]).toBe(
      'id,short_code,short_url,redirect_url,title,category,domain,is_active,click_count,expires_at,created_at',
    );
    expect(exported).toContain(',shl-blog,');
    expect(exported).toContain(',Newsroom,');
  });

  it('shows the import page locked, with the reason, on the Pro plan; Pro still exports', async () => {
    const email = `import-pro-${Date.now()}@example.com`;
    await hoplink(
      service.env,
      'user',
      'create',
      '--email',
      email,
      '--password',
      'a good long password',
      '--plan',
      'pro',
    );
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const phone = await context.newPage();
    await phone.goto(`${service.apiUrl}/#/signin`);
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill('a good long password');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByRole('heading', { name: 'Links' }).waitFor();
    expect(await phone.getByRole('link', { name: 'Export CSV' }).isVisible()).toBe(true);
    await phone.goto(`${service.apiUrl}/#/import`);
    await phone.getByRole('heading', { name: 'Import links' }).waitFor();
    expect(await phone.getByRole('note').innerText()).toMatch(/Needs the Business plan/);
    await context.close();
  });
});
