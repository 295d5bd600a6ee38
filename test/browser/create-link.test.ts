import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';
import { PNG_1X1, pageWithCard, sendHtml } from '../helpers/pages.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What the page's focus is on: the element's name attribute, or its tag. */
const focused = (p: Page) =>
  p.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? null);

// Creating a link as people expect: `example.com/x` gets its https://, one submit button, the form
// resets and collapses with the new link in a toast and at the top of the list, the destination's
// title and card fill the form (fetched by the server from a page of this test, on loopback, which
// LINK_CHECK_ALLOW_PRIVATE lets it reach), and the links page's keyboard shortcuts.
describe.skipIf(!hasChromium)('creating a link', () => {
  let service: RunningService;
  let site: Destinations;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    site = await startDestinations({
      '/lamp': (_req, res) =>
        sendHtml(
          res,
          pageWithCard({
            title: 'Lamp | Shop',
            ogTitle: 'The brass lamp',
            description: 'Warm light',
            image: 'card.png',
          }),
        ),
      '/card.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1),
    });
    service = await startService({ LINK_CHECK_ALLOW_PRIVATE: 'true', LINK_CHECK_INTERVAL_HOURS: '0' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await site?.close();
  });

  /** A new Business person signed in on a page of its own context. */
  async function signedIn(options: { viewport: typeof DESKTOP; colorScheme: 'light' | 'dark' }) {
    const context: BrowserContext = await browser.newContext({ ...options, locale: 'en-US' });
    const page = await context.newPage();
    await signUpOnPlan(page, service, 'business', 'create');
    return { context, page, form: page.getByRole('form', { name: 'Create a link' }) };
  }

  for (const look of [
    {
      name: 'desktop',
      viewport: DESKTOP,
      colorScheme: 'light' as const,
      shot: 'create-link-card.png',
      shortcutsShot: 'shortcuts.png',
    },
    {
      name: 'a phone in dark mode',
      viewport: PHONE,
      colorScheme: 'dark' as const,
      shot: 'create-link-phone-dark.png',
      shortcutsShot: 'shortcuts-phone-dark.png',
    },
  ]) {
    it(`adds https:// to example.com/x; one submit button; resets after create (${look.name})`, async () => {
      const { context, page, form } = await signedIn(look);
      const submits = form.locator('button:not([type="button"]):not([type="reset"]), input[type="submit"]');
      expect(await submits.count()).toBe(1);
      await form.getByText('More options').click();
      expect(await submits.count()).toBe(1);

      const destination = form.getByLabel('Destination URL');
      await destination.fill('example.com/x');
      await destination.press('Tab');
      expect(await destination.inputValue()).toBe('https://example.com/x');
      // Typed again without the scheme and sent at once with Enter: the submit adds it too.
      await destination.fill('example.com/x');
      await destination.press('Enter');

      const toast = page.getByTestId('toast').filter({ hasText: 'Created' });
      await toast.waitFor();
      const shortUrl = (await toast.innerText()).match(/Created (\S+)/)![1]!;
      await toast.getByRole('button', { name: 'Copy' }).waitFor();
      const links = await callApiAs<{ data: Array<{ short_url: string; redirect_url: string; short_code: string }> }>(
        page,
        'GET',
        '/api/v1/links',
      );
      expect(links.body.data[0]).toMatchObject({ short_url: shortUrl, redirect_url: 'https://example.com/x' });
      // Reset and collapsed, the new link named in the form and leading the list.
      expect(await destination.inputValue()).toBe('');
      expect(await form.locator('details.controls').getAttribute('open')).toBeNull();
      expect(await form.getByTestId('created-link').locator('code').innerText()).toBe(shortUrl);
      const code = links.body.data[0]!.short_code;
      await expect.poll(() => page.getByRole('row').nth(1).innerText()).toContain(code);
      await context.close();
    });

    it(`shows the API’s refusal of another scheme next to the field (${look.name})`, async () => {
      const { context, form } = await signedIn(look);
      const destination = form.getByLabel('Destination URL');
      await destination.fill('ftp://example.com/file');
      await form.getByRole('button', { name: 'Shorten' }).click();
      await form.locator('#new-error-redirect_url').waitFor();
      expect(await destination.getAttribute('aria-invalid')).toBe('true');
      expect(await form.locator('#new-error-redirect_url').innerText()).toMatch(/http or https/);
      expect(await destination.inputValue()).toBe('ftp://example.com/file');
      await context.close();
    });

    it(`prefills the title and preview from the destination page and shows its card (${look.name})`, async () => {
      const { context, page, form } = await signedIn(look);
      const destination = form.getByLabel('Destination URL');
      await destination.fill(site.url('127.0.0.1', '/lamp'));
      await destination.press('Tab');
      const card = form.getByTestId('page-card');
      await card.waitFor();
      expect(await card.innerText()).toContain('The brass lamp');
      expect(await card.innerText()).toContain('Warm light');
      // The image loads: from the dashboard's own origin, which relays the page's.
      const image = card.locator('img');
      expect(new URL((await image.getAttribute('src'))!, service.apiUrl).origin).toBe(service.apiUrl);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      await form.getByText('More options').click();
      expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('The brass lamp');
      expect(await form.getByLabel('Preview title').inputValue()).toBe('The brass lamp');
      expect(await form.getByLabel('Preview description').inputValue()).toBe('Warm light');
      // The test page's image is http: shown in the card, but the link's preview image must be https.
      expect(await form.getByLabel('Preview image URL (https)').inputValue()).toBe('');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, look.shot) });
      expect(await seriousViolations(page)).toEqual([]);

      // A title the person typed is theirs: another page does not replace it.
      await form.getByLabel('Title', { exact: true }).fill('My lamp');
      await destination.fill(site.url('localhost', '/lamp'));
      await destination.press('Tab');
      await expect.poll(() => card.locator('.preview-site').textContent()).toContain('localhost');
      expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('My lamp');
      await form.getByRole('button', { name: 'Shorten' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Created' }).waitFor();
      const created = await callApiAs<{ data: Array<{ title: string; preview: { title: string } | null }> }>(
        page,
        'GET',
        '/api/v1/links',
      );
      expect(created.body.data[0]).toMatchObject({ title: 'My lamp', preview: { title: 'The brass lamp' } });
      await context.close();
    });

    it(`answers the keyboard shortcuts c, / and ?, not while typing or with a modifier (${look.name})`, async () => {
      const { context, page } = await signedIn(look);
      const heading = page.getByRole('heading', { name: 'Links' });
      await heading.click();
      await page.keyboard.press('Control+c');
      expect(await focused(page)).not.toBe('redirect_url');
      await page.keyboard.press('c');
      expect(await focused(page)).toBe('redirect_url');
      // Typing in a field: `/` and `?` are letters there.
      await page.keyboard.type('/?');
      expect(await page.getByLabel('Destination URL').inputValue()).toBe('/?');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByLabel('Destination URL').fill('');

      await heading.click();
      await page.keyboard.press('/');
      expect(await focused(page)).toBe('search');
      expect(await page.getByLabel('Search').inputValue()).toBe('');

      await heading.click();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toMatch(/c\s+Create a link/);
      await page.screenshot({ path: join(SHOTS, look.shortcutsShot) });
      expect(await seriousViolations(page)).toEqual([]);
      // With the dialog open, `c` does nothing behind it.
      await page.keyboard.press('c');
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });
  }
});
