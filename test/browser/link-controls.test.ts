import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface StoredLink {
  id: number;
  short_code: string;
  short_url: string;
  title: string | null;
  expires_at: string | null;
  max_clicks: number | null;
  expired_url: string | null;
  has_password: boolean;
  utm: Record<string, string | null> | null;
  variants: Array<{ url: string; weight: number }> | null;
  preview: { title: string | null; description: string | null; image: string | null } | null;
  is_expired: boolean;
}

// The link controls in the dashboard's create and edit forms, in a real browser
// whose clock runs in Berlin, so the expiry's conversion to UTC and back is really exercised.
describe.skipIf(!hasChromium)('the link controls in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Europe/Berlin', locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** The links page as a fresh load shows it (a hash change alone would keep the forms' state). */
  async function gotoLinks(p: Page) {
    await p.goto(`${service.apiUrl}/#/links`);
    await p.reload();
    await p.getByRole('heading', { name: 'Links' }).waitFor();
  }

  /** The create form with its "More options" open. */
  async function openCreateForm(p: Page): Promise<Locator> {
    const form = p.getByRole('form', { name: 'Create a link' });
    await form.getByText('More options').click();
    await form.getByRole('group', { name: 'Title and limits' }).waitFor();
    return form;
  }

  /** The links the API holds for the signed-in person whose search matches, read with the page's session. */
  async function stored(p: Page, search: string): Promise<StoredLink> {
    const res = await p.request.get(`${service.apiUrl}/api/v1/links?search=${encodeURIComponent(search)}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: StoredLink[] };
    expect(body.data).toHaveLength(1);
    return body.data[0]!;
  }

  const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it('creates a link with every control, showing final URL, split and card live, and stores them', async () => {
    await signUpOnPlan(page, service, 'business', 'controls');
    const form = await openCreateForm(page);
    await form.getByLabel('Destination URL').fill('https://example.com/launch?ref=home');
    await form.getByLabel('Title', { exact: true }).fill('Spring launch');

    // The expiry is typed in the browser's own zone, named beside it, and converted to UTC live.
    const expires = form.getByLabel('Expires at');
    expect(await form.getByText('Expires at (Europe/Berlin, UTC+').count()).toBe(1);
    expect(await form.getByTestId('expiry-hint').innerText()).toContain('No expiry');
    await expires.fill('2099-06-01T12:00');
    expect(await form.getByTestId('expiry-hint').innerText()).toContain('2099-06-01 10:00 UTC');
    await form.getByLabel('Click limit').fill('500');
    await form.getByLabel('After expiry, send visitors to').fill('https://example.com/launch-over');

    // The UTM builder shows the address visitors reach, as the short host's applyUtm computes it.
    const utm = form.getByRole('group', { name: 'UTM parameters' });
    await utm.getByLabel('Source').fill('newsletter');
    expect(await utm.getByTestId('utm-final-url').innerText()).toBe(
      'https://example.com/launch?ref=home&utm_source=newsletter',
    );
    await utm.getByLabel('Medium').fill('email');
    await utm.getByLabel('Campaign').fill('spring 2030');
    expect(await utm.getByTestId('utm-final-url').innerText()).toBe(
      'https://example.com/launch?ref=home&utm_source=newsletter&utm_medium=email&utm_campaign=spring%202030',
    );

    // The A/B split: each row's share of the visitors, weight / sum, as the weights are typed.
    const split = form.getByRole('group', { name: 'A/B split' });
    await split.getByRole('button', { name: 'Split traffic' }).click();
    expect(await split.getByLabel('Variant 1 URL').inputValue()).toBe('https://example.com/launch?ref=home');
    // Each share reads "75% of visitors" to a screen reader; the words after the number are visually hidden.
    const shares = async () =>
      (await split.getByTestId('variant-share').allTextContents()).map((text) => text.replace(' of visitors', ''));
    expect(await shares()).toEqual(['50%', '50%']);
    await split.getByLabel('Variant 2 URL').fill('https://example.com/launch-b');
    await split.getByLabel('Variant 1 weight').fill('30');
    await split.getByLabel('Variant 2 weight').fill('10');
    expect(await shares()).toEqual(['75%', '25%']);
    await split.getByRole('button', { name: 'Add a variant' }).click();
    await split.getByLabel('Variant 3 URL').fill('https://example.com/launch-c');
    await split.getByLabel('Variant 3 weight').fill('60');
    expect(await shares()).toEqual(['30%', '10%', '60%']);
    await split.getByLabel('Variant 2 weight').fill('');
    expect(await shares()).toEqual(['33.3%', '–', '66.7%']);
    await split.getByLabel('Variant 2 weight').fill('10');
    await split.getByRole('button', { name: 'Remove variant 3' }).click();
    expect(await shares()).toEqual(['75%', '25%']);

    // The social card follows the fields as they are typed.
    const preview = form.getByRole('group', { name: 'Social preview' });
    const card = preview.getByTestId('preview-card');
    expect(await card.innerText()).toContain('EXAMPLE.COM');
    await preview.getByLabel('Preview title').fill('Spring is here');
    expect(await card.innerText()).toContain('Spring is here');
    await preview.getByLabel('Preview description').fill('Everything new for the season, 20% off this week.');
    expect(await card.innerText()).toContain('20% off this week');
    await preview.getByLabel('Preview image URL (https)').fill('https://cdn.example.com/spring.png');
    expect(await card.innerText()).toContain('Image from cdn.example.com');

    await form.getByLabel('Password visitors must enter').fill('open sesame');
    await form.getByRole('button', { name: 'Shorten' }).click();
    await page.getByRole('row').filter({ hasText: 'Spring launch' }).waitFor();

    const link = await stored(page, 'Spring launch');
    expect(link).toMatchObject({
      title: 'Spring launch',
      expires_at: '2099-06-01T10:00:00.000Z',
      max_clicks: 500,
      expired_url: 'https://example.com/launch-over',
      has_password: true,
      utm: { source: 'newsletter', medium: 'email', campaign: 'spring 2030', term: null, content: null },
      variants: [
        { url: 'https://example.com/launch?ref=home', weight: 30 },
        { url: 'https://example.com/launch-b', weight: 10 },
      ],
      preview: {
        title: 'Spring is here',
        description: 'Everything new for the season, 20% off this week.',
        image: 'https://cdn.example.com/spring.png',
      },
      is_expired: false,
    });
    expect(JSON.stringify(link)).not.toContain('open sesame');

    // The list shows the title above the short URL; search finds the link by its title.
    await page.getByLabel('Search').fill('spring launch');
    const row = page.getByRole('row').filter({ hasText: 'Spring launch' });
    expect(await row.innerText()).toContain(link.short_url.replace(/^https?:\/\//, ''));
  });

  it('shows the stored controls on the link page, the expiry in local time, and removes the password', async () => {
    const link = await stored(page, 'Spring launch');
    await page.goto(`${service.apiUrl}/#/links/${link.id}?tab=settings`);
    await page.getByRole('heading', { name: link.short_code }).waitFor();
    expect(await page.getByText('Spring launch').first().isVisible()).toBe(true);
    expect(await page.getByTestId('summary-expiry').innerText()).toBe('Jun 1, 2099, 12:00 PM (Europe/Berlin)');
    expect(await page.getByTestId('summary-clicks').innerText()).toBe('0 of 500 clicks used');
    expect(await page.getByTestId('summary-password').innerText()).toBe('Protected');
    await shot(page, 'link-controls-details');

    const form = page.getByRole('form', { name: 'Edit link' });
    // Controls that are set open their section, so their state is in sight.
    expect(await form.getByLabel('Expires at').inputValue()).toBe('2099-06-01T12:00');
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('Spring launch');
    expect(await form.getByTestId('password-state').innerText()).toContain('Protected');
    expect(await form.locator('input[type="password"]').inputValue()).toBe('');

    await form.getByRole('button', { name: 'Remove the password' }).click();
    expect(await form.getByTestId('password-state').innerText()).toContain('will be removed when you save');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('summary-password').getByText('None').waitFor();
    expect((await stored(page, 'Spring launch')).has_password).toBe(false);

    // Set one again from the edit form, and nothing else changes (the PATCH sends only the password).
    await form.getByLabel('Password visitors must enter').fill('another secret');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('summary-password').getByText('Protected').waitFor();
    const after = await stored(page, 'Spring launch');
    expect(after.has_password).toBe(true);
    expect(after.expires_at).toBe('2099-06-01T10:00:00.000Z');
    expect(after.variants).toHaveLength(2);

    // "No expiry" clears it.
    await form.getByRole('button', { name: 'No expiry' }).click();
    expect(await form.getByTestId('expiry-hint').innerText()).toContain('No expiry');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('summary-expiry').getByText('No expiry').waitFor();
    expect((await stored(page, 'Spring launch')).expires_at).toBeNull();

    // A new destination leaves the variants where they were, and the form says so before saving.
    const destination = form.getByLabel('Destination URL');
    const before = await destination.inputValue();
    expect(await form.getByTestId('variants-stay').count()).toBe(0);
    await destination.fill('https://example.com/moved');
    expect(await form.getByTestId('variants-stay').innerText()).toContain('2 A/B variants with their own URLs');
    await destination.fill(before);
    expect(await form.getByTestId('variants-stay').count()).toBe(0);

    // A split and a choice page exclude each other: the API's refusal shows at the options.
    await form.getByText('Advanced options').click();
    await form.getByRole('button', { name: 'Add an option' }).click();
    await form.getByRole('button', { name: 'Add an option' }).click();
    await form.getByLabel('Option 1').fill('https://a.example.com/');
    await form.getByLabel('Option 2').fill('https://b.example.com/');
    await form.getByRole('button', { name: 'Save' }).click();
    const optionsError = form.locator('#edit-error-options');
    await optionsError.waitFor();
    expect(await optionsError.innerText()).toContain('remove the variants first');
    const choicePage = form.getByRole('group', { name: /Choice page/ });
    expect(await choicePage.innerText()).toContain('remove the variants first');
    expect(await choicePage.getAttribute('aria-describedby')).toBe('edit-error-options');
  });

  it('shows a 422 at the field it belongs to, tied to its input', async () => {
    await gotoLinks(page);
    const form = await openCreateForm(page);
    await form.getByLabel('Destination URL').fill('https://example.com/errors');

    // The schema refuses an image that is not https: the message sits under that input.
    await form.getByLabel('Preview image URL (https)').fill('http://cdn.example.com/plain.png');
    await form.getByRole('button', { name: 'Shorten' }).click();
    const image = form.getByLabel('Preview image URL (https)');
    const imageError = form.locator('#new-error-preview-image');
    await imageError.waitFor();
    expect(await imageError.innerText()).toMatch(/https URL/);
    expect(await image.getAttribute('aria-invalid')).toBe('true');
    expect(await image.getAttribute('aria-describedby')).toContain('new-error-preview-image');
    expect(await page.getByRole('alert').innerText()).toBe('Please correct the marked fields.');

    // The service refuses an expiry in the past.
    await image.fill('https://cdn.example.com/fine.png');
    await form.getByLabel('Expires at').fill('2020-01-01T09:00');
    await form.getByRole('button', { name: 'Shorten' }).click();
    const expiryError = form.locator('#new-error-expires_at');
    await expiryError.waitFor();
    expect(await expiryError.innerText()).toContain('in the future');
    const expires = form.getByLabel('Expires at');
    expect(await expires.getAttribute('aria-invalid')).toBe('true');
    expect((await expires.getAttribute('aria-describedby'))!.split(' ')).toContain('new-error-expires_at');
    expect(await image.getAttribute('aria-invalid')).toBeNull();
    expect(await form.locator('#new-error-preview-image').count()).toBe(0);

    // A weight out of bounds never leaves a validating browser; without the browser's own checks the
    // API's message lands under the weight of that row.
    await expires.fill('2099-01-01T09:00');
    const split = form.getByRole('group', { name: 'A/B split' });
    await split.getByRole('button', { name: 'Split traffic' }).click();
    await split.getByLabel('Variant 2 URL').fill('https://example.com/errors-b');
    await split.getByLabel('Variant 2 weight').fill('0');
    await form.evaluate((f) => ((f as HTMLFormElement).noValidate = true));
    await form.getByRole('button', { name: 'Shorten' }).click();
    const weightError = form.locator('#new-error-variants-1-weight');
    await weightError.waitFor();
    expect(await weightError.innerText()).toContain('at least 1');
    expect(await split.getByLabel('Variant 2 weight').getAttribute('aria-describedby')).toContain(
      'new-error-variants-1-weight',
    );
    expect(await split.getByLabel('Variant 1 weight').getAttribute('aria-invalid')).toBeNull();
    expect(await form.locator('#new-error-expires_at').count()).toBe(0);

    const res = await page.request.get(`${service.apiUrl}/api/v1/links?search=errors`);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(0);
  });

  it('marks a link expired in the list once its click limit is reached', async () => {
    await gotoLinks(page);
    const form = await openCreateForm(page);
    await form.getByLabel('Destination URL').fill('https://example.com/one-visit');
    await form.getByLabel('Title', { exact: true }).fill('Single-use invite');
    await form.getByLabel('Click limit').fill('1');
    await form.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Single-use invite' });
    await row.waitFor();
    expect(await row.getByText('Expired').count()).toBe(0);

    const link = await stored(page, 'Single-use invite');
    // A browser's user agent: fetch's own would be taken for a bot, and bots are not counted.
    const visit = await fetch(`${service.shortUrl}/${link.short_code}`, {
      redirect: 'manual',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
          'Chrome/120.0.0.0 Safari/537.36',
      },
    });
    expect(visit.status).toBe(302);
    // The click is recorded within about a second; is_expired follows click_count.
    for (let i = 0; i < 25 && !(await stored(page, 'Single-use invite')).is_expired; i++)
      await page.waitForTimeout(200);
    await page.reload();
    await row.getByText('Expired').waitFor();
    expect(await row.innerText()).toContain('Single-use invite');
    // One state, not two: the row says Expired where it said Active.
    expect(await row.locator('td.state').innerText()).toBe('Expired');
  });

  it('shows the Business controls locked with the reason to a Pro user, and the Pro ones to a Free user', async () => {
    const pro = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Europe/Berlin', locale: 'en-US' });
    try {
      const p = await pro.newPage();
      await signUpOnPlan(p, service, 'pro', 'controls');
      const form = await openCreateForm(p);
      for (const group of ['Password', 'A/B split', 'Social preview']) {
        expect(await form.getByRole('group', { name: group }).innerText()).toContain('Locked');
        expect(await form.getByRole('group', { name: group }).innerText()).toContain('Needs the Business plan.');
      }
      expect(await form.locator('input[type="password"]').count()).toBe(0);
      // What Pro includes works, and the form never sends the locked fields (the API would answer 403).
      await form.getByLabel('Destination URL').fill('https://example.com/pro');
      await form.getByLabel('Title', { exact: true }).fill('Pro link');
      await form.getByRole('group', { name: 'UTM parameters' }).getByLabel('Source').fill('pro');
      await form.getByRole('button', { name: 'Shorten' }).click();
      await p.getByRole('row').filter({ hasText: 'Pro link' }).waitFor();
      expect(await stored(p, 'Pro link')).toMatchObject({ title: 'Pro link', utm: { source: 'pro' }, variants: null });
      await p.close();

      const free = await pro.newPage();
      await free.context().clearCookies();
      await signUpOnPlan(free, service, 'free', 'controls');
      const freeForm = await openCreateForm(free);
      expect(await freeForm.getByRole('group', { name: 'Title and limits' }).innerText()).toContain(
        'Needs the Pro or Business plan.',
      );
      expect(await freeForm.getByRole('group', { name: 'UTM parameters' }).innerText()).toContain('Locked');
    } finally {
      await pro.close();
    }
  });

  it('takes the screenshots: the create form with the controls open, and the list (desktop and phone)', async () => {
    await gotoLinks(page);
    await page.getByRole('row').filter({ hasText: 'Single-use invite' }).waitFor();
    const form = await openCreateForm(page);
    await form.getByLabel('Destination URL').fill('https://shop.example.com/boots?size=42');
    await form.getByLabel('Title', { exact: true }).fill('Winter boots');
    await form.getByLabel('Expires at').fill('2099-01-31T23:59');
    await form.getByLabel('Click limit').fill('1000');
    const utm = form.getByRole('group', { name: 'UTM parameters' });
    await utm.getByLabel('Source').fill('instagram');
    await utm.getByLabel('Medium').fill('social');
    await utm.getByLabel('Campaign').fill('winter');
    const split = form.getByRole('group', { name: 'A/B split' });
    await split.getByRole('button', { name: 'Split traffic' }).click();
    await split.getByLabel('Variant 2 URL').fill('https://shop.example.com/boots-new?size=42');
    await split.getByLabel('Variant 1 weight').fill('70');
    await split.getByLabel('Variant 2 weight').fill('30');
    const preview = form.getByRole('group', { name: 'Social preview' });
    await preview.getByLabel('Preview title').fill('Winter boots, built to last');
    await preview.getByLabel('Preview description').fill('Waterproof leather, warm lining, free returns.');
    await preview.getByLabel('Preview image URL (https)').fill('https://cdn.example.com/boots.jpg');
    // No focus ring in the pictures.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shot(page, 'link-controls');
    await page.setViewportSize(PHONE);
    await shot(page, 'link-controls-phone');
    await page.setViewportSize(DESKTOP);
  });
});
