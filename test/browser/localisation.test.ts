import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
// Placed by the bundled GeoIP database (as test/http/edge-controls.test.ts checks): Japan.
const JAPAN = '1.0.16.1';
// A browser's user agent: fetch's own would be taken for a bot, and bots are not counted.
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

interface StoredLink {
  id: number;
  short_code: string;
  localize: boolean;
  localize_follows_default: boolean;
}

// Storefront localisation (docs/api.md) in the dashboard: the account's default on the Account
// page, the per-link choice in the forms, the link page's summary and its Storefronts table.
describe.skipIf(!hasChromium)('storefront localisation in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // TRUST_PROXY: the visits below say where they come from with X-Forwarded-For.
    service = await startService({ TRUST_PROXY: 'true' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function gotoPage(p: Page, route: string, heading: string) {
    await p.goto(`${service.apiUrl}/#${route}`);
    await p.reload();
    await p.getByRole('heading', { name: heading, exact: true }).waitFor();
  }

  /** The create form with its "More options" open, and its localisation group. */
  async function openCreateForm(p: Page): Promise<{ form: Locator; localisation: Locator }> {
    const form = p.getByRole('form', { name: 'Create a link' });
    await form.getByText('More options').click();
    const localisation = form.getByRole('group', { name: 'Storefront localisation' });
    await localisation.waitFor();
    return { form, localisation };
  }

  async function stored(p: Page, search: string): Promise<StoredLink> {
    const res = await p.request.get(`${service.apiUrl}/api/v1/links?search=${encodeURIComponent(search)}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: StoredLink[] };
    expect(body.data).toHaveLength(1);
    return body.data[0]!;
  }

  async function createWith(p: Page, url: string, title: string, choice: RegExp | string) {
    await gotoPage(p, '/links', 'Links');
    const { form, localisation } = await openCreateForm(p);
    await form.getByLabel('Destination URL').fill(url);
    await form.getByLabel('Title', { exact: true }).fill(title);
    await localisation.getByLabel(choice, { exact: typeof choice === 'string' }).check();
    await form.getByRole('button', { name: 'Shorten' }).click();
    await p.getByRole('row').filter({ hasText: title }).waitFor();
    return stored(p, title);
  }

  /** A link's page on its Settings tab (the controls' summary, the edit form) or its Analytics. */
  async function openLink(p: Page, link: StoredLink, tab: 'settings' | 'analytics' = 'settings') {
    await p.goto(`${service.apiUrl}/#/links/${link.id}?tab=${tab}`);
    await p.reload();
    await p.getByRole('heading', { name: link.short_code }).waitFor();
  }

  const checkbox = (p: Page) =>
    p.getByLabel('Send visitors of Amazon and Apple links to their own country’s store by default');

  it('keeps the account default switched on in Account, as GET /dashboard-api/settings says', async () => {
    await signUpOnPlan(page, service, 'business', 'localise');
    const before = await page.request.get(`${service.apiUrl}/dashboard-api/settings`);
    expect(await before.json()).toEqual({ localize_default: false });

    // The create form names the default beside its choice.
    const { localisation } = await openCreateForm(page);
    await localisation.getByLabel('Use my account default (currently off)').waitFor();
    expect(await localisation.getByLabel('Use my account default (currently off)').isChecked()).toBe(true);
    expect(await localisation.getByRole('link', { name: 'Affiliate tags' }).getAttribute('href')).toBe('#/affiliates');
    await localisation.screenshot({ path: join(SHOTS, 'link-localisation.png') });

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    const box = checkbox(page);
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('status').getByText('Saved: storefront localisation is on by default.').waitFor();
    expect(await (await page.request.get(`${service.apiUrl}/dashboard-api/settings`)).json()).toEqual({
      localize_default: true,
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await expect.poll(() => checkbox(page).isEnabled()).toBe(true);
    expect(await checkbox(page).isChecked()).toBe(true);
    expect((await checkbox(page).getAttribute('aria-describedby'))!.split(' ')).toContain('localize-default-hint');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The setting alone: the page around it names a new random email on every run.
    await page.locator('section.card').screenshot({ path: join(SHOTS, 'account-localisation.png') });
  });

  it('creates links with Off, On and default, stores each choice; the link page says so', async () => {
    const off = await createWith(page, 'https://www.amazon.com/Gadget/dp/B0C1234567', 'Never localised', 'Off');
    expect(off.localize).toBe(false);
    const on = await createWith(page, 'https://apps.apple.com/us/app/hoplink/id123456', 'Always localised', 'On');
    expect(on.localize).toBe(true);
    const follows = await createWith(
      page,
      'https://www.amazon.com/s?k=boots',
      'Following the default',
      'Use my account default (currently on)',
    );
    // It follows the account default, on now: records read the value that applies.
    expect(follows).toMatchObject({ localize: true, localize_follows_default: true });

    await openLink(page, off);
    expect(await page.getByTestId('summary-localize').innerText()).toBe('Off');
    await openLink(page, follows);
    await expect.poll(() => page.getByTestId('summary-localize').innerText()).toBe('Account default (on)');
    await openLink(page, on);
    expect(await page.getByTestId('summary-localize').innerText()).toBe('On');

    // The edit form shows the link's own choice, and a change is saved as it says.
    const edit = page.getByRole('form', { name: 'Edit link' });
    const group = edit.getByRole('group', { name: 'Storefront localisation' });
    expect(await group.getByLabel('On', { exact: true }).isChecked()).toBe(true);
    await group.getByLabel(/^Use my account default/).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('summary-localize').innerText()).toBe('Account default (on)');
    expect((await stored(page, 'Always localised')).localize_follows_default).toBe(true);
    await edit.getByRole('group', { name: 'Storefront localisation' }).getByLabel('On', { exact: true }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('summary-localize').innerText()).toBe('On');
    expect((await stored(page, 'Always localised')).localize).toBe(true);
  });

  it('counts where localised visitors went in a Storefronts table, only for a link that localises or did', async () => {
    const on = await stored(page, 'Always localised');
    const off = await stored(page, 'Never localised');
    for (const link of [on, off]) {
      const visit = await fetch(`${service.shortUrl}/${link.short_code}`, {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': JAPAN },
      });
      expect(visit.status).toBe(302);
      if (link === on) expect(visit.headers.get('location')).toBe('https://apps.apple.com/jp/app/hoplink/id123456');
    }

    await openLink(page, on, 'analytics');
    const storefronts = page
      .locator('section.breakdown')
      .filter({ has: page.getByRole('heading', { name: 'Storefronts' }) });
    // The click reaches the rollups within about a second; reload until the table shows it.
    for (let i = 0; i < 25 && (await storefronts.getByRole('row').count()) === 0; i++) {
      await page.waitForTimeout(200);
      await page.reload();
      await page.getByRole('heading', { name: on.short_code }).waitFor();
      await page.getByRole('heading', { name: 'Country' }).waitFor();
    }
    const rows = storefronts.getByRole('row');
    expect(await rows.count()).toBe(1);
    expect(await rows.getByRole('rowheader').innerText()).toBe('Apple (JP)');
    expect(await rows.locator('td.num').innerText()).toBe('1');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator('.grid').screenshot({ path: join(SHOTS, 'link-storefronts.png') });

    // Its visitor went to the original URL, so Off has nothing to show there.
    await openLink(page, off, 'analytics');
    await page.getByRole('heading', { name: 'Country' }).waitFor();
    await expect.poll(() => page.getByTestId('total-clicks').innerText()).toBe('1');
    expect(await page.getByRole('heading', { name: 'Storefronts' }).count()).toBe(0);

    // A link that follows the default (on) localises: the table is there before its first such click.
    await openLink(page, await stored(page, 'Following the default'), 'analytics');
    await page.getByRole('heading', { name: 'Storefronts' }).waitFor();
    expect(await page.getByText('No visitor sent to another storefront yet.').isVisible()).toBe(true);
  });

  it('shows a failed save at the checkbox, and a 422 on localize at its fieldset (simulated answers)', async () => {
    // The server has no way to refuse these from the dashboard's own input, so the answers are faked here.
    await page.route('**/dashboard-api/settings', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.fallback(),
    );
    await gotoPage(page, '/account', 'Account');
    const box = checkbox(page);
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(true);
    // click, not uncheck: the faked failure can set the box back before uncheck would look at it.
    await box.click();
    const error = page.locator('#settings-error-localize_default');
    await error.waitFor();
    expect(await error.innerText()).toBe('Not saved: Something went wrong on our side. Please try again.');
    expect(await box.isChecked()).toBe(true);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect((await box.getAttribute('aria-describedby'))!.split(' ')).toContain('settings-error-localize_default');
    await page.unroute('**/dashboard-api/settings');
    expect(await (await page.request.get(`${service.apiUrl}/dashboard-api/settings`)).json()).toEqual({
      localize_default: true,
    });

    await page.route('**/api/v1/links', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'The given data was invalid.', errors: { localize: ['Not this one.'] } }),
          })
        : route.fallback(),
    );
    await gotoPage(page, '/links', 'Links');
    const { form, localisation } = await openCreateForm(page);
    await form.getByLabel('Destination URL').fill('https://www.amazon.com/dp/B0C2222222');
    await localisation.getByLabel('On', { exact: true }).check();
    await form.getByRole('button', { name: 'Shorten' }).click();
    const message = localisation.locator('#new-error-localize');
    await message.waitFor();
    expect(await message.innerText()).toBe('Not this one.');
    expect((await localisation.getAttribute('aria-describedby'))!.split(' ')).toEqual([
      'new-error-localize',
      'new-localize-hint',
    ]);
    expect(await localisation.getByLabel('On', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('alert').innerText()).toBe('Please correct the marked fields.');
    await page.unroute('**/api/v1/links');
  });

  it('shows the control and the setting locked with the reason to a Pro user, and never sends localize', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    try {
      const pro = await context.newPage();
      await signUpOnPlan(pro, service, 'pro', 'localise');
      const { form, localisation } = await openCreateForm(pro);
      expect(await localisation.innerText()).toContain('Locked');
      expect(await localisation.innerText()).toContain('Needs the Business plan.');
      expect(await localisation.getByRole('radio').count()).toBe(0);
      await form.getByLabel('Destination URL').fill('https://www.amazon.com/dp/B0C1111111');
      await form.getByLabel('Title', { exact: true }).fill('Pro link');
      await form.getByRole('button', { name: 'Shorten' }).click();
      await pro.getByRole('row').filter({ hasText: 'Pro link' }).waitFor();
      const link = await stored(pro, 'Pro link');
      expect(link.localize_follows_default).toBe(true);

      await openLink(pro, link);
      expect(await pro.getByTestId('summary-localize').innerText()).toMatch(/^Account default/);
      const edit = pro.getByRole('form', { name: 'Edit link' });
      expect(await edit.getByRole('group', { name: 'Storefront localisation' }).innerText()).toContain(
        'Needs the Business plan.',
      );

      // The Account page still shows the setting, off and disabled, and why.
      await pro.getByRole('link', { name: 'Account' }).click();
      const box = checkbox(pro);
      await box.waitFor();
      expect(await box.isDisabled()).toBe(true);
      expect(await box.isChecked()).toBe(false);
      const note = pro.locator('#localize-default-locked');
      expect(await note.innerText()).toContain('Needs the Business plan.');
      expect((await box.getAttribute('aria-describedby'))!.split(' ')).toContain('localize-default-locked');
      await pro.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await pro.locator('section.card').screenshot({ path: join(SHOTS, 'account-localisation-locked.png') });
    } finally {
      await context.close();
    }
  });
});
