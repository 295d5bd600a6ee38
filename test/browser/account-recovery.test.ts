import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium } from '../helpers/browser.ts';
import { freePort, hoplink, projectRoot, startService, type RunningService } from '../helpers/process.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'a good long password';
const NEW_PASSWORD = 'a brand new long passphrase';

/** The link of an email's button, from its HTML part, as a person clicking it would open it. */
function linkIn(mail: ReceivedMail): string {
  const href = /<a href="([^"]+)"/.exec(mail.html)?.[1];
  if (!href) throw new Error(`no link in:\n${mail.html}`);
  return href.replaceAll('&amp;', '&');
}

// Forgotten passwords and email verification as a person goes through them, with the emails read
// back from a real SMTP server on loopback: the links they hold are the ones opened.
describe.skipIf(!hasChromium)('forgotten passwords and email verification in the dashboard', () => {
  let smtp: TestSmtpServer;
  let service: RunningService;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpServer();
    // The links in the emails are on APP_URL: the address the browser opens the dashboard at.
    const port = await freePort();
    service = await startService({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await service?.stop();
    await smtp?.close();
    expect(cspViolations).toEqual([]);
  });

  async function newPage(options: { viewport: typeof DESKTOP; colorScheme: 'light' | 'dark' }): Promise<Page> {
    const context = await browser.newContext({ ...options, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    return page;
  }

  const email = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const banner = (page: Page) => page.getByRole('region', { name: 'Email verification' });

  it('resets a forgotten password from the emailed link, on a phone in the dark theme', async () => {
    const address = email('forgot');
    await hoplink(service.env, 'user', 'create', '--email', address, '--password', PASSWORD);
    const page = await newPage({ viewport: PHONE, colorScheme: 'dark' });
    await page.goto(`${service.apiUrl}/#/signin`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses this address' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'forgot-password-phone');

    const mail = await smtp.nextMailTo(address, 'Reset your Hoplink password');
    expect(mail.text).toContain(linkIn(mail));
    await page.goto(linkIn(mail));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password again').fill('not the same passphrase');
    await page.getByRole('button', { name: 'Set my new password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    await shot(page, 'reset-password-phone');
    await page.getByLabel('New password again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set my new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your new password is set.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('link', { name: 'Sign in with it' }).click();
    await page.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    // The operator made this account: its address counts as verified.
    expect(await banner(page).count()).toBe(0);

    // The link worked once.
    await page.goto(linkIn(mail));
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('New password again').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set my new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This link does not work any more' }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  it('verifies a new account’s address from the emailed link, and the banner goes', async () => {
    const address = email('verify');
    const page = await newPage({ viewport: DESKTOP, colorScheme: 'light' });
    await page.goto(`${service.apiUrl}/#/signup`);
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    await banner(page).getByText(`Your email address ${address} is not verified yet.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await banner(page).getByRole('button', { name: 'Send the link again' }).click();
    await banner(page)
      .getByRole('status')
      .filter({ hasText: `A new link is on its way to ${address}` })
      .waitFor();
    await shot(page, 'verify-banner');
    const first = await smtp.nextMailTo(address, 'Confirm your email address for Hoplink');
    await smtp.nextMailTo(address, 'Confirm your email address for Hoplink');

    await page.goto(linkIn(first));
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your email address is verified.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'verify-email');
    await page.getByRole('link', { name: 'Go to your links' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('says so where this instance sends no email: on the forgotten-password page and in the banner', async () => {
    const page = await newPage({ viewport: PHONE, colorScheme: 'dark' });
    await page.route('**/dashboard-api/config', (route) => route.fulfill({ json: { email_configured: false } }));
    await page.goto(`${service.apiUrl}/#/forgot-password`);
    await page.getByText('This Hoplink does not send email').waitFor();
    expect(await page.getByRole('button', { name: 'Email me a link' }).count()).toBe(0);
    expect(await page.getByText('hoplink user reset-password').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${service.apiUrl}/#/signup`);
    await page.getByLabel('Email').fill(email('no-mail'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await banner(page).getByText('ask the person who runs it to verify it').waitFor();
    expect(await banner(page).getByRole('button').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
