import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const PASSWORD = 'a good long password';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// axe-core's own build, injected into each page as the @axe-core/* runners do.
const AXE_SOURCE: string = createRequire(import.meta.url)('axe-core').source;

/** The serious and critical axe-core violations on the page as it is now, by rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * The authenticator app of the person, computed here from the key the page shows: each code is of
 * a step later than the last one used (the service takes no step twice) and within the one-step
 * window around now, waiting for the clock when the next step is not due yet.
 */
class Authenticator {
  readonly #totp: TOTP;
  #lastStep = -1;
  constructor(key: string) {
    this.#totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });
  }
  async nextCode(): Promise<string> {
    const step = Math.max(this.#lastStep + 1, currentStep());
    while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
    this.#lastStep = step;
    return this.#totp.generate({ timestamp: step * 30_000 });
  }
}

// .ci/run installs Debian's chromium; a machine without it skips this file.
describe.skipIf(!hasChromium)('two-factor sign-in and signed-in devices in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  // What the first test leaves for the next ones: the account, its app, its recovery codes.
  let page: Page;
  let email = '';
  let app: Authenticator;
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await newPage();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await service?.stop();
  });

  /** A page in a browser context of its own (its own cookies: another browser, as far as the service knows). */
  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    contexts.push(context);
    const opened = await context.newPage();
    opened.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    return opened;
  }

  const shot = (on: Page, name: string) => on.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  async function signIn(on: Page, password = PASSWORD) {
    await on.goto(`${service.apiUrl}/#/signin`);
    await on.getByLabel('Email').fill(email);
    await on.getByLabel('Password').fill(password);
    await on.getByRole('button', { name: 'Sign in' }).click();
  }

  const linksHeading = (on: Page) => on.getByRole('heading', { name: 'Links' });
  const codeStep = (on: Page) => on.getByRole('heading', { name: 'Two-factor sign-in' });

  it('enrols with the QR code and a code of the app, shows the recovery codes once, and makes a new set', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.apiUrl });
    email = await signUpOnPlan(page, service, 'free', 'twofa');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();

    // The password first: a wrong one is said at its field.
    await page.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.locator('#two-factor-password[aria-invalid="true"]').waitFor();
    expect(await page.getByText('The current password is not correct.').count()).toBe(1);
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.locator('svg path').count()).toBeGreaterThan(0);
    const key = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    app = new Authenticator(key);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.locator('#two-factor-enable-code[aria-invalid="true"]').waitFor();
    await page.getByLabel('Code from the app').fill(await app.nextCode());
    await page.getByRole('button', { name: 'Turn on' }).click();

    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.every((code) => /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/.test(code))).toBe(true);
    await shot(page, 'security-recovery-codes');

    await page.getByRole('button', { name: 'Copy codes' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hoplink-recovery-codes.txt');
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(recoveryCodes.every((code) => saved.includes(code))).toBe(true);

    await page.getByRole('button', { name: 'I have saved them' }).click();
    await list.waitFor({ state: 'detached' });
    expect(await page.getByTestId('two-factor-status').innerText()).toMatch(/is on.*10 of 10 recovery codes left/);
    // Shown once: a reload does not bring them back.
    await page.reload();
    await page.getByTestId('two-factor-status').waitFor();
    expect(await page.locator('body').innerText()).not.toContain(recoveryCodes[0]);

    // A new set, for a code of the app: shown once too, and the old set is gone.
    await page.getByLabel('Code from the app', { exact: true }).fill(await app.nextCode());
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await list.waitFor();
    const fresh = await list.getByRole('listitem').allInnerTexts();
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    recoveryCodes = fresh;
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await list.waitFor({ state: 'detached' });
  });

  it('signs out, then asks for the code after the password, and remembers the device when asked', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await signIn(page);
    await codeStep(page).waitFor();
    // The code field has the focus: the person goes on typing.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('two-factor-code');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'sign-in-two-factor');

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('#two-factor-code[aria-invalid="true"]').waitFor();
    expect(await page.locator('#two-factor-code').getAttribute('aria-describedby')).toMatch(
      /two-factor-step-error-code/,
    );

    await page.getByLabel('Authentication code').fill(await app.nextCode());
    await page.getByLabel('Remember this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await linksHeading(page).waitFor();

    // Remembered: the next sign-in in this browser takes the password alone.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await signIn(page);
    await linksHeading(page).waitFor();
  });

  it('signs in with a recovery code in another browser, once', async () => {
    const other = await newPage(PHONE);
    await other.emulateMedia({ colorScheme: 'dark' });
    await signIn(other);
    await codeStep(other).waitFor();
    await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.getByLabel('Recovery code').fill(recoveryCodes[0]!.toUpperCase());
    expect(await seriousViolations(other)).toEqual([]);
    await shot(other, 'sign-in-recovery-code-phone-dark');
    await other.getByRole('button', { name: 'Verify' }).click();
    await linksHeading(other).waitFor();
    await other.goto(`${service.apiUrl}/#/security`);
    expect(await other.getByTestId('two-factor-status').innerText()).toMatch(/9 of 10 recovery codes left/);

    // The same code a second time, in a third browser: refused at its field.
    const third = await newPage();
    await signIn(third);
    await codeStep(third).waitFor();
    await third.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await third.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await third.getByRole('button', { name: 'Verify' }).click();
    await third.getByText('This recovery code is not correct, or has been used already.').waitFor();
  });

  it('starts over at the password when the code step waited past its 5 minutes, or when asked to', async () => {
    const other = await newPage();
    await signIn(other);
    await codeStep(other).waitFor();
    // Five minutes, passed in the service's database.
    const db = new SQLite(service.env.DATABASE_URL!.slice('sqlite:'.length));
    try {
      db.prepare(`update sign_in_challenges set expires_at = '2000-01-01T00:00:00.000Z'`).run();
    } finally {
      db.close();
    }
    await other.getByLabel('Authentication code').fill('123456');
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await other
      .getByRole('alert')
      .getByText(/^This sign-in has expired or was completed already/)
      .waitFor();
    expect(await other.getByLabel('Email').inputValue()).toBe(email);

    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await codeStep(other).waitFor();
    await other.getByRole('button', { name: 'Start over' }).click();
    await other.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
  });

  it('lists the signed-in devices and signs one of them out', async () => {
    const other = await newPage();
    await signIn(other);
    await codeStep(other).waitFor();
    await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await other.getByRole('button', { name: 'Verify' }).click();
    await linksHeading(other).waitFor();

    await page.goto(`${service.apiUrl}/#/security`);
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await sessions.waitFor();
    const rows = sessions.getByRole('listitem');
    // This browser's sign-up and its two sign-ins (the first two signed out), the phone, the other.
    expect(await rows.count()).toBe(3);
    const current = rows.filter({ hasText: 'This device' });
    expect(await current.count()).toBe(1);
    expect(await current.innerText()).toMatch(/Chrome on Linux[\s\S]*127\.0\.0\.1 · signed in .* · last seen /);
    expect(await current.getByRole('button', { name: /^Sign out/ }).count()).toBe(0);
    await shot(page, 'security');

    // The newest other session is the browser just signed in.
    const newest = rows.filter({ hasNotText: 'This device' }).first();
    await newest.getByRole('button', { name: /^Sign out Chrome on Linux, last seen/ }).click();
    await page.getByText('Chrome on Linux is signed out.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('ul.sessions li').length === 2);
    await other.reload();
    await other.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();

    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await page.reload();
      await sessions.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'security-phone-dark');
    } finally {
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('turns two-factor sign-in off with the password and a recovery code', async () => {
    await page.goto(`${service.apiUrl}/#/security`);
    await page.getByTestId('two-factor-status').waitFor();
    await page.locator('#two-factor-off-password').fill(PASSWORD);
    await page.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[2]!);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
    // Another browser signs in with the password alone again.
    const other = await newPage();
    await signIn(other);
    await linksHeading(other).waitFor();
    expect(cspViolations).toEqual([]);
  });
});
