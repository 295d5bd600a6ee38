import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../helpers/browser.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { hoplink, projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');

// .ci/run installs Debian's chromium; a machine without it skips this file.
describe.skipIf(!hasChromium)('the dashboard in a real browser', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let site: Destinations;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    site = await startDestinations({ '/health-ok': (_req, res) => res.writeHead(200).end() });
    // The link checker may reach the loopback destinations of the health test (development setting).
    service = await startService({ LINK_CHECK_ALLOW_PRIVATE: 'true' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await site?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it('takes a person from sign-up to a tracked click, then through a token’s whole life', async () => {
    const email = `browser-${Date.now()}@example.com`;
    await page.goto(`${service.apiUrl}/#/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await shot('sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    await shot('links-empty');

    // Plans change with the CLI; Business unlocks the chart and breakdowns.
    await hoplink(service.env, 'user', 'set-plan', '--email', email, '--plan', 'business');
    await page.reload();
    await page.getByRole('heading', { name: 'Links' }).waitFor();

    await page.getByLabel('Destination URL').fill('https://example.com/from-the-browser');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'https://example.com/from-the-browser' });
    await row.waitFor();
    await shot('links');
    const shortText = await row.getByRole('link').innerText();
    const code = shortText.split('/').at(-1)!;

    const visit = await fetch(`${service.shortUrl}/${code}`, {
      redirect: 'manual',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
          'Version/17.1 Mobile/15E148 Safari/604.1',
      },
    });
    expect(visit.status).toBe(302);

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: code }).waitFor();
    // The click reaches the rollups within 2 seconds; reload the page until the chart shows it.
    let total = '0';
    for (let i = 0; i < 20 && total !== '1'; i++) {
      await page.waitForTimeout(200);
      await page.reload();
      total = await page.getByTestId('total-clicks').innerText();
    }
    expect(total).toBe('1');
    // The chart's table: today, the last of its 30 days, has the click and its visitor.
    const today = page.getByTestId('trend-table').locator('tbody tr').last();
    expect(await today.locator('td.num').allTextContents()).toEqual(['1', '1']);
    await page.locator('.chart .uplot canvas').waitFor();
    expect(await page.getByRole('heading', { name: 'Device' }).isVisible()).toBe(true);
    await shot('link-details');

    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByLabel('Token name').fill('my script');
    await page.getByLabel('read').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByTestId('new-token').innerText();
    expect(token).toMatch(/^hl_/);
    await shot('tokens');

    const withToken = () =>
      fetch(`${service.apiUrl}/api/v1/links`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
    expect((await withToken()).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No tokens yet.').waitFor();
    expect((await withToken()).status).toBe(401);

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByTestId('plan').waitFor();
    await shot('account');

    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the navigation is behind the Menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    // The list arrives after the heading; the picture is of the page with it.
    await page.getByRole('row').filter({ hasText: code }).waitFor();
    await shot('links-phone');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot('sign-in');
  });

  it('shows Business features locked with the reason on a free plan, and manages them on Business', async () => {
    const email = `manage-${Date.now()}@example.com`;
    await page.goto(`${service.apiUrl}/#/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    await page.getByRole('link', { name: 'Domains' }).click();
    // The Links page has locked controls with the same words: wait for the Domains page first.
    await page.getByRole('heading', { name: 'Custom domains' }).waitFor();
    await page.getByText('Needs the Business plan.').first().waitFor();
    await page.getByRole('link', { name: 'Account' }).click();
    expect(await page.getByTestId('plan').innerText()).toBe('free');
    await shot('account-free');

    await hoplink(service.env, 'user', 'set-plan', '--email', email, '--plan', 'business');
    await page.goto(`${service.apiUrl}/#/categories`);
    await page.reload();
    await page.getByLabel('New category').fill('Spring sale');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Spring sale').waitFor();

    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByLabel('Destination URL').fill('https://example.com/edit-me');
    await page.getByRole('button', { name: 'Shorten' }).click();
    await page.getByRole('row').filter({ hasText: 'edit-me' }).getByRole('link').click();
    // A link's page opens on its statistics; the edit form is under Settings.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Edit link' });
    await form.getByLabel('Category').selectOption({ label: 'Spring sale' });
    await form.getByText('Advanced options').click();
    await form.getByRole('button', { name: 'Add a rule' }).click();
    await form.getByLabel('When').selectOption('device');
    await form.getByLabel('Values').fill('mobile');
    await form.getByLabel('Send to').fill('https://m.example.com/');
    await form.getByRole('button', { name: 'Add an option' }).click();
    await form.getByRole('button', { name: 'Add an option' }).click();
    await form.getByLabel('Option 1').fill('https://a.example.com/');
    await form.getByLabel('Option 2').fill('https://b.example.com/');
    await shot('link-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    // The link's summary line; the form's "Choice page" legend may still be on screen a moment.
    await page.getByText(/Goes to .* · Choice page/).waitFor();
    const code = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    const phone = await fetch(`${service.shortUrl}/${code}`, {
      redirect: 'manual',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
          'Version/17.1 Mobile/15E148 Safari/604.1',
      },
    });
    expect(phone.headers.get('location')).toBe('https://m.example.com/');
    const desktop = await fetch(`${service.shortUrl}/${code}`, {
      redirect: 'manual',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
          'Chrome/120.0.0.0 Safari/537.36',
      },
    });
    expect(desktop.status).toBe(200);
    expect(await desktop.text()).toContain(`/${code}/2`);

    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByLabel('Category').selectOption({ label: 'Spring sale' });
    await page.getByRole('row').filter({ hasText: 'edit-me' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);

    await page.getByRole('link', { name: 'Domains' }).click();
    await page.getByLabel('Hostname').fill('go.brand.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('heading', { name: /go\.brand\.test/ }).waitFor();
    // The short host here is localhost, so the record asked for is the TXT token.
    expect(await page.getByText('_hoplink.go.brand.test').count()).toBe(1);
    await shot('domains');

    await page.getByRole('link', { name: 'Affiliate tags' }).click();
    await page.getByLabel('Program').selectOption({ label: 'Amazon US (tag=)' });
    await page.getByLabel('Your tag').fill('brand-20');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('brand-20').waitFor();
    await shot('affiliates');
  });

  it('flags a broken link in the list and on its page, checks it on demand, and filters to broken links', async () => {
    const email = `health-${Date.now()}@example.com`;
    // A browser context of its own: nobody signed in from the tests before.
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${service.apiUrl}/#/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    await hoplink(service.env, 'user', 'set-plan', '--email', email, '--plan', 'business');
    await page.reload();
    await page.getByRole('heading', { name: 'Links' }).waitFor();

    for (const path of ['/health-ok', '/health-gone']) {
      await page.getByLabel('Destination URL').fill(site.url('127.0.0.1', path));
      await page.getByRole('button', { name: 'Shorten' }).click();
      await page.getByRole('row').filter({ hasText: path }).waitFor();
    }
    const goneRow = page.getByRole('row').filter({ hasText: '/health-gone' });
    expect(await goneRow.getByTestId('health-badge').innerText()).toBe('Not checked');

    for (const path of ['/health-ok', '/health-gone']) {
      await page.getByRole('row').filter({ hasText: path }).getByRole('link').click();
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Health' }).waitFor();
      await page.getByRole('button', { name: 'Check now' }).click();
      const expected = path === '/health-ok' ? 'OK' : 'Broken';
      await page.getByTestId('health-badge').filter({ hasText: expected }).waitFor({ timeout: 15_000 });
      if (expected === 'Broken') {
        expect(await page.getByTestId('health-detail').innerText()).toMatch(
          /Last checked .*: The page does not exist \(HTTP 404\)\./,
        );
        await shot('link-health');
      }
      await page.getByRole('link', { name: '← All links' }).click();
      await page.getByRole('heading', { name: 'Links' }).waitFor();
    }

    await goneRow.getByTestId('health-badge').filter({ hasText: 'Broken' }).waitFor();
    await page.getByLabel('Health').selectOption('broken');
    await page.getByRole('row').filter({ hasText: '/health-ok' }).waitFor({ state: 'detached' });
    // The header row and the broken link's row.
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await goneRow.getByTestId('health-badge').innerText()).toBe('Broken');
    await shot('links-broken-filter');
  });
});
