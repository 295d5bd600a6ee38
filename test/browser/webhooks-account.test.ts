import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';
import { startReceiver } from '../helpers/receiver.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const PASSWORD = 'a good long password';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// .ci/run installs Debian's chromium; a machine without it skips this file.
describe.skipIf(!hasChromium)('the Webhooks page, the Account page’s password and the Security page’s sessions', () => {
  let service: RunningService;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    receiver = await startReceiver();
    // The receiver is plain http on loopback: allowed for development only. A short poll so the
    // test delivery goes out soon after it is queued.
    service = await startService({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await service?.stop();
    await receiver?.close();
  });

  /** A page in a browser context of its own (its own cookies: another browser, as far as the service knows). */
  async function newPage(viewport = DESKTOP, init?: () => void): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    if (init) await context.addInitScript(init);
    return context.newPage();
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${service.apiUrl}/#/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in to Hoplink' });

  /** The ids an element's aria-describedby names, read as their texts. */
  async function describedBy(page: Page, selector: string): Promise<string> {
    return page.locator(selector).evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
        .join(' | '),
    );
  }

  it('lets a Business user subscribe a receiver, see the secret once, send a test and see it delivered', async () => {
    const page = await newPage();
    await signUpOnPlan(page, service, 'business', 'webhooks');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();

    // No event chosen: the server's message is shown at the group and tied to it.
    await page.getByLabel('Receiver URL').fill(receiver.url);
    await page.getByLabel(/A link is created/).uncheck();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.locator('fieldset.webhook-events .field-error').waitFor();
    expect(await describedBy(page, 'fieldset.webhook-events')).toMatch(/events field must have at least 1 items/);

    await page.getByLabel('Description (optional)').fill('Team sheet');
    await page.getByLabel(/A link is created/).check();
    await page.getByLabel(/Links are clicked/).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByLabel('Signing secret');
    await secret.waitFor();
    expect(await secret.inputValue()).toMatch(/^whsec_/);
    const card = page.getByRole('listitem').filter({ hasText: receiver.url });
    await card.waitFor();
    expect(await card.locator('.badge.event').allInnerTexts()).toEqual(['link.created', 'link.clicked']);
    expect(await card.innerText()).toContain('Team sheet');

    await card.getByRole('button', { name: 'Send test' }).click();
    const show = card.getByRole('button', { name: 'Hide deliveries' });
    expect(await show.getAttribute('aria-expanded')).toBe('true');
    // The page looks again while the delivery waits for its first attempt.
    const row = card.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(await row.locator('td').nth(1).innerText()).toBe('200');
    expect(receiver.received.map((r) => r.headers['hoplink-event'])).toContain('webhook.test');
    await shot(page, 'webhooks');

    // The secret was in this page's memory only: a reload does not bring it back.
    await page.reload();
    await card.waitFor();
    expect(await page.getByLabel('Signing secret').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('whsec_');

    await page.setViewportSize(PHONE);
    await card.getByRole('button', { name: 'Show deliveries' }).click();
    await card.getByRole('row').filter({ hasText: 'webhook.test' }).waitFor();
    await shot(page, 'webhooks-phone');
    await page.setViewportSize(DESKTOP);

    // Edited in place: other events, another description; the secret stays the receiver's.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = card.getByRole('form', { name: `Edit the webhook to ${receiver.url}` });
    await edit.getByLabel('Description (optional)').fill('Team sheet, sales too');
    await edit.getByLabel(/Links are clicked/).uncheck();
    await edit.getByLabel(/A sale is reported/).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await card.locator('.badge.event').allInnerTexts()).toEqual(['link.created', 'conversion.created']);
    expect(await card.innerText()).toContain('Team sheet, sales too');
    await page.reload();
    await expect
      .poll(() => card.locator('.badge.event').allInnerTexts())
      .toEqual(['link.created', 'conversion.created']);

    // Off and on again.
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByText('Off', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Turn on again' }).click();
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(false);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await card.getByRole('button', { name: 'Edit' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-edit-phone-dark');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText('No webhooks yet.').waitFor();
  });

  it('copies the secret with the clipboard, and selects it for Ctrl+C where there is no clipboard', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.apiUrl });
    await signUpOnPlan(page, service, 'business', 'copy');
    await page.goto(`${service.apiUrl}/#/webhooks`);
    await page.getByLabel('Receiver URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Outside a secure context browsers give no navigator.clipboard at all.
    const bare = await newPage(DESKTOP, () => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    });
    await signUpOnPlan(bare, service, 'business', 'nocopy');
    await bare.goto(`${service.apiUrl}/#/webhooks`);
    await bare.getByLabel('Receiver URL').fill(receiver.url);
    await bare.getByRole('button', { name: 'Add webhook' }).click();
    const bareSecret = await bare.getByLabel('Signing secret').inputValue();
    await bare.getByRole('button', { name: 'Copy', exact: true }).click();
    await bare.getByText(/press Ctrl\+C/).waitFor();
    const selection = await bare.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      return { id: input.id, selected: input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0) };
    });
    expect(selection).toEqual({ id: 'webhook-secret', selected: bareSecret });
  });

  it('explains webhooks to a Pro user without asking the API for them', async () => {
    const page = await newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/webhooks')) asked.push(request.url());
    });
    await signUpOnPlan(page, service, 'pro', 'webhooks');
    await page.goto(`${service.apiUrl}/#/webhooks`);
    await page.getByText('Webhooks come with the Business plan.').waitFor();
    expect(await page.getByText(/A webhook tells another system/).isVisible()).toBe(true);
    expect(await page.getByLabel('Receiver URL').count()).toBe(0);
    await shot(page, 'webhooks-locked');
    // The Account page's list leads here too.
    await page.goto(`${service.apiUrl}/#/account`);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).last().click();
    await page.getByText('Webhooks come with the Business plan.').waitFor();
    expect(asked).toEqual([]);
  });

  it('changes the password: errors at their fields, then the new one works, other browsers signed out', async () => {
    const page = await newPage();
    const email = await signUpOnPlan(page, service, 'free', 'password');
    const other = await newPage();
    await signIn(other, email, PASSWORD);
    await other.getByRole('heading', { name: 'Links' }).waitFor();

    await page.getByRole('link', { name: 'Account' }).click();
    const form = page.getByRole('form', { name: 'Change your password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('an entirely new passphrase');
    await form.getByLabel('New password again').fill('something else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The two new passwords do not match.').waitFor();
    expect(await describedBy(page, '#confirm-password')).toBe('The two new passwords do not match.');
    expect(await page.locator('#confirm-password').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('New password again').fill('an entirely new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is not correct.').waitFor();
    expect(await describedBy(page, '#current-password')).toBe('The current password is not correct.');

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('password123');
    await form.getByLabel('New password again').fill('password123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(/breached passwords\. Choose another/).waitFor();
    expect(await describedBy(page, '#new-password')).toMatch(/^This password appears in lists of breached passwords/);

    await form.getByLabel('New password', { exact: true }).fill('an entirely new passphrase');
    await form.getByLabel('New password again').fill('an entirely new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your password has been changed.', { exact: false }).waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    await shot(page, 'account');

    // This browser stays signed in; the other one was signed out.
    await page.reload();
    await page.getByTestId('plan').waitFor();
    await other.reload();
    await signInHeading(other).waitFor();

    await signIn(other, email, PASSWORD);
    await other.getByText('These credentials do not match our records.').waitFor();
    await signIn(other, email, 'an entirely new passphrase');
    await other.getByRole('heading', { name: 'Links' }).waitFor();
  });

  it('signs out everywhere: this browser returns to sign-in, and a second browser is signed out too', async () => {
    const page = await newPage();
    const email = await signUpOnPlan(page, service, 'free', 'everywhere');
    const other = await newPage();
    await signIn(other, email, PASSWORD);
    await other.getByRole('heading', { name: 'Links' }).waitFor();

    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await signInHeading(page).waitFor();

    await other.reload();
    await signInHeading(other).waitFor();
    // The account itself is untouched: signing in again works.
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Links' }).waitFor();
  });
});
