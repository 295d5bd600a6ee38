import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// A field path of a 422 as the API names it (conditions.1.values.0, variants.1.url): never for a person's eyes.
const RAW_PATH = /\b[a-z_]+\.\d+/;

/** What the page's focus is on: the element's name attribute, or its id. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.getAttribute('name') ?? active?.id ?? null;
  });

/** The text of the messages an input's aria-describedby names, in order. */
async function description(input: Locator): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

// The alias pattern Chrome could not compile, 422 errors at their field in words, focus on
// the first marked field, and the new short URL with a copy button after create.
describe.skipIf(!hasChromium)('the link forms', () => {
  let service: RunningService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The POSTs the create form sent to /api/v1/links. */
  let creates = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.apiUrl });
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/links') creates += 1;
    });
    await signUpOnPlan(page, service, 'business', 'forms');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const createForm = () => page.getByRole('form', { name: 'Create a link' });

  it('blocks an invalid alias in the browser, before any request, and creates with a valid one', async () => {
    const form = createForm();
    const alias = form.getByLabel('Custom alias (optional)');
    await form.getByLabel('Destination URL').fill('https://example.com/alias-check');
    await alias.fill('no spaces!');
    await form.getByRole('button', { name: 'Shorten' }).click();
    // The browser compiled the pattern (with the v flag) and ran it: the old one never did.
    expect(await alias.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    expect(await alias.evaluate((input: HTMLInputElement) => input.form!.checkValidity())).toBe(false);
    await expect.poll(() => focused(page)).toBe('short_code');

    await alias.fill('forms-ok_1');
    expect(await alias.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(false);
    await form.getByRole('button', { name: 'Shorten' }).click();
    await form.getByTestId('created-link').waitFor();
    // Only the second click sent the form: the first was stopped by the browser's own check.
    expect(creates).toBe(1);
  });

  it('shows the new short URL with a button that puts it on the clipboard', async () => {
    const created = createForm().getByTestId('created-link');
    const shortUrl = await created.locator('code').innerText();
    const res = await page.request.get(`${service.apiUrl}/api/v1/links?search=forms-ok_1`);
    const stored = (await res.json()) as { data: Array<{ short_url: string }> };
    expect(shortUrl).toBe(stored.data[0]!.short_url);
    const button = created.getByRole('button', { name: `Copy ${shortUrl}` });
    await button.click();
    await created
      .getByRole('button', { name: `Copy ${shortUrl}` })
      .filter({ hasText: 'Copied' })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    await createForm().screenshot({ path: join(SHOTS, 'link-form-created.png') });
  });

  it('marks a variant URL the server refuses at its row, in words, and focuses it', async () => {
    const form = createForm();
    await form.getByLabel('Destination URL').fill('https://example.com/split');
    await form.getByText('More options').click();
    const split = form.getByRole('group', { name: 'A/B split' });
    await split.getByRole('button', { name: 'Split traffic' }).click();
    // A URL to the browser (type="url" lets it through), but not an http(s) one, which the API wants.
    await split.getByLabel('Variant 2 URL').fill('ftp://example.com/file');
    await form.getByRole('button', { name: 'Shorten' }).click();

    const variant = split.getByLabel('Variant 2 URL');
    await form.locator('#new-error-variants-1-url').waitFor();
    expect(await variant.getAttribute('aria-invalid')).toBe('true');
    expect((await variant.getAttribute('aria-describedby'))!.split(' ')).toContain('new-error-variants-1-url');
    const message = await description(variant);
    expect(message).toMatch(/^Variant 2 URL must be a valid http or https URL/);
    expect(message).not.toMatch(RAW_PATH);
    expect(await split.getByLabel('Variant 1 URL').getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => focused(page)).toBe('variant_1_url');
    expect(await form.getByRole('alert').innerText()).toBe('Please correct the marked fields.');

    await page.setViewportSize(PHONE);
    await variant.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'link-form-phone.png') });
    await page.setViewportSize(DESKTOP);
  });

  it('marks a refused targeting rule value at its rule, in words, opening the section and focusing it', async () => {
    await page.goto(`${service.apiUrl}/#/links`);
    await page.getByRole('row').filter({ hasText: 'forms-ok_1' }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Edit link' });
    await form.getByText('Advanced options').click();
    await form.getByRole('button', { name: 'Add a rule' }).click();
    await form.getByRole('button', { name: 'Add a rule' }).click();
    const first = form.getByRole('group', { name: 'Rule 1' });
    const second = form.getByRole('group', { name: 'Rule 2' });
    await first.getByLabel('Values').fill('US, GB');
    await first.getByLabel('Send to').fill('https://example.com/us');
    await second.getByLabel('Values').fill('Narnia');
    await second.getByLabel('Send to').fill('https://example.com/narnia');
    // Closed again, so the failed save must open it to show (and focus) the marked field.
    await form.getByText('Advanced options').click();
    await form.getByRole('button', { name: 'Save' }).click();

    const values = second.getByLabel('Values');
    await form.locator('#edit-error-conditions-1-values').waitFor();
    expect(await values.getAttribute('aria-invalid')).toBe('true');
    expect(await values.getAttribute('aria-describedby')).toBe('edit-error-conditions-1-values');
    const message = await description(values);
    expect(message).toBe('Rule 2: value 1 is not a valid country.');
    expect(message).not.toMatch(RAW_PATH);
    expect(await first.getByLabel('Values').getAttribute('aria-invalid')).toBeNull();
    expect(await values.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await form.getByRole('alert').innerText()).toBe('Please correct the marked fields.');
    await form.screenshot({ path: join(SHOTS, 'link-form-errors.png') });

    // Corrected, the save goes through and the marks are gone.
    await values.fill('DE');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Link saved.').first().waitFor();
    const saved = page.getByRole('form', { name: 'Edit link' });
    expect(await saved.locator('[aria-invalid="true"]').count()).toBe(0);
  });

  it('gives every input, select and textarea of the create and edit forms a label or an aria-label', async () => {
    /** The fields of a form that have neither a label nor an aria-label, by name or type. */
    const unlabelled = (form: Locator) =>
      form.evaluate((element) =>
        [...element.querySelectorAll<HTMLInputElement>('input, select, textarea')]
          .filter((field) => field.labels?.length === 0 && !field.getAttribute('aria-label')?.trim())
          .map((field) => field.name || field.type),
      );
    // The edit form of the previous test, with both sections open (the rules are already there).
    const edit = page.getByRole('form', { name: 'Edit link' });
    await edit.getByText('Title, expiry, click limit, UTM').click();
    await edit.getByRole('group', { name: 'UTM parameters' }).waitFor();
    if (!(await edit.getByRole('group', { name: 'Rule 1' }).isVisible()))
      await edit.getByText('Advanced options').click();
    await edit.getByRole('button', { name: 'Add an option' }).click();
    expect(await edit.locator('input, select, textarea').count()).toBeGreaterThan(20);
    expect(await unlabelled(edit)).toEqual([]);

    await page.goto(`${service.apiUrl}/#/links`);
    const create = createForm();
    await create.getByText('More options').click();
    await create.getByRole('button', { name: 'Split traffic' }).click();
    expect(await unlabelled(create)).toEqual([]);
  });

  it('marks the affiliate tag and the domain hostname the server refuses at their inputs', async () => {
    await page.goto(`${service.apiUrl}/#/affiliates`);
    const tagForm = page.getByRole('form', { name: 'Add an affiliate tag' });
    const tag = tagForm.getByLabel('Your tag');
    await tag.fill('not a tag!');
    await tagForm.getByRole('button', { name: 'Add' }).click();
    await tagForm.locator('#tag-error-tag').waitFor();
    expect(await tag.getAttribute('aria-invalid')).toBe('true');
    expect(await tag.getAttribute('aria-describedby')).toBe('tag-error-tag');
    await expect.poll(() => focused(page)).toBe('tag');
    expect(await page.getByRole('alert').innerText()).toBe('Please correct the marked fields.');

    await page.goto(`${service.apiUrl}/#/domains`);
    const domainForm = page.getByRole('form', { name: 'Add a domain' });
    const hostname = domainForm.getByLabel('Hostname');
    await hostname.fill('not a host');
    await domainForm.getByRole('button', { name: 'Add domain' }).click();
    await domainForm.locator('#domain-error-hostname').waitFor();
    expect(await hostname.getAttribute('aria-invalid')).toBe('true');
    expect(await description(hostname)).toMatch(/^Hostname /);
    await expect.poll(() => focused(page)).toBe('hostname');
  });
});
