import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, type Violation } from '../helpers/axe.ts';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** Waits until nothing on the page is loading (no skeleton, no aria-busy) and the page's heading is there. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

// The design system, light and dark, in-app dialogs, toasts, skeletons and empty states,
// the phone menu, focus on navigation and the skip link; axe-core on every page in both themes.
describe.skipIf(!hasChromium)('the dashboard’s accessibility, themes, dialogs and navigation', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let linkId = '';
  let code = '';
  const cspViolations: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US' });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await signUpOnPlan(page, service, 'business', 'a11y');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const go = async (route: string) => {
    await page.goto(`${service.apiUrl}/#${route}`);
    await settled(page);
  };
  const activeElement = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName.toLowerCase(), text: el?.innerText.trim(), inMain: !!el?.closest('main') };
    });

  it('shows a skeleton while a list loads, then an empty state that says what to do next', async () => {
    // The categories answer is held back until the skeleton has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/categories*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Categories' }).click();
    const skeleton = page.getByTestId('skeleton');
    await skeleton.waitFor();
    expect(await skeleton.getAttribute('aria-busy')).toBe('true');
    expect(await skeleton.innerText()).toContain('Loading categories…');
    release();
    await skeleton.waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/categories*');
    const empty = page.getByTestId('empty-state');
    expect(await empty.innerText()).toMatch(/No categories yet\.[\s\S]*Name your first one above/);
  });

  it('follows the OS theme; a theme chosen in the header survives a reload, applied before the app runs', async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    const focusRing = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { name: el.innerText, outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` };
      });
    await page.emulateMedia({ colorScheme: 'light' });
    await go('/links');
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background();
    expect(dark).not.toBe(light);
    expect(await page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

    // Chosen: Dark, while the OS says light.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    expect(await theme()).toBe('dark');
    expect(await background()).toBe(dark);
    // The keyboard's focus ring, in the dark theme's focus colour.
    await page.keyboard.press('Tab');
    expect(await focusRing()).toEqual({ name: 'Sign out', outline: 'solid 3px rgb(121, 184, 255)' });
    await page.reload();
    await settled(page);
    expect(await theme()).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await background()).toBe(dark);

    // With the app's script refused, the stored theme is still applied: it comes before the first paint.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await theme()).toBe('dark');
    expect(await background()).toBe(dark);
    await page.unroute('**/assets/*.js');
    await page.reload();
    await settled(page);

    // Back to System: the OS decides again, and nothing is stored.
    await page.getByRole('radio', { name: 'System' }).check();
    expect(await theme()).toBeNull();
    expect(await background()).toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('hoplink-theme'))).toBeNull();
    await page.keyboard.press('Tab');
    expect(await focusRing()).toEqual({ name: 'Sign out', outline: 'solid 3px rgb(11, 79, 189)' });
  });

  it('focuses the heading on navigation, names the page in the title, and skips to content in place', async () => {
    await go('/links');
    expect(await page.title()).toBe('Links · Hoplink');
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await expect.poll(activeElement).toMatchObject({ tag: 'h1', text: 'API tokens' });
    expect(await page.title()).toBe('API tokens · Hoplink');

    // A link's page shows its heading once the link has loaded; focus and title wait for it.
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByLabel('Destination URL').fill('https://example.com/accessible');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'https://example.com/accessible' });
    await row.waitFor();
    code = (await row.getByRole('link').first().innerText()).split('/').at(-1)!;
    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: code, level: 1 }).waitFor();
    linkId = page.url().split('/').at(-1)!;
    await expect.poll(activeElement).toMatchObject({ tag: 'h1', text: code });
    expect(await page.title()).toBe(`${code} · Hoplink`);

    // The skip link: the first Tab stop; Enter puts focus in the main content and the route stays.
    await go('/categories');
    const before = await page.evaluate(() => location.hash);
    // From the top of a freshly loaded page.
    await page.reload();
    await settled(page);
    await page.keyboard.press('Tab');
    expect(await activeElement()).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await activeElement()).toMatchObject({ inMain: true, text: 'Categories' });
    expect(await page.evaluate(() => location.hash)).toBe(before);
    expect(await page.getByRole('heading', { name: 'Categories' }).isVisible()).toBe(true);
  });

  it('asks in an in-app dialog on Cancel: Escape and Enter cancel, focus goes back to the button', async () => {
    await go('/tokens');
    await page.getByLabel('Token name').fill('deploy script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const revoke = page.getByRole('button', { name: 'Revoke' });
    await revoke.waitFor();
    // No window.confirm(): a native browser dialog would fail the test.
    page.on('dialog', (d) => {
      throw new Error(`a browser dialog was opened: ${d.message()}`);
    });

    await revoke.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke "deploy script"?' });
    await dialog.waitFor();
    expect(await dialog.getByText('Programs using it stop working at once.').isVisible()).toBe(true);
    // A destructive question starts on Cancel: an Enter pressed out of habit destroys nothing.
    expect(await activeElement()).toMatchObject({ tag: 'button', text: 'Cancel' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shot('dialog');
    await dialog.getByRole('button', { name: 'Revoke token' }).focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await activeElement()).toMatchObject({ tag: 'button', text: 'Revoke' });
    expect(await page.getByRole('cell', { name: 'deploy script' }).isVisible()).toBe(true);

    // Enter opens it again, and Enter cancels.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('cell', { name: 'deploy script' }).isVisible()).toBe(true);
    // Tab to the destructive button, then Enter; the row (and its button) are gone, so the heading takes focus.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await activeElement()).toMatchObject({ tag: 'button', text: 'Revoke token' });
    await page.keyboard.press('Enter');
    await page.getByText('No tokens yet.').waitFor();
    expect(await activeElement()).toMatchObject({ tag: 'h1', text: 'API tokens' });

    // The toast says so in the live region, and waits while the pointer rests on it.
    const toast = page.getByTestId('toast').filter({ hasText: 'Token revoked.' });
    await toast.waitFor();
    expect(await page.getByRole('status').filter({ has: toast }).getAttribute('aria-live')).toBe('polite');
    await toast.hover();
    await page.waitForTimeout(6000);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(5, 5);
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('shows toasts clear of the row actions at the right of a table', async () => {
    await go('/tokens');
    await page.getByLabel('Token name').fill('toast check');
    await page.getByRole('button', { name: 'Create token' }).click();
    const revoke = page.getByRole('button', { name: 'Revoke' });
    await revoke.waitFor();
    await revoke.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Token revoked.' });
    await toast.waitFor();
    await page.getByLabel('Token name').fill('toast check 2');
    await page.getByRole('button', { name: 'Create token' }).click();
    await revoke.waitFor();
    const [button, shown] = [(await revoke.boundingBox())!, (await toast.boundingBox())!];
    // The toast stands in the middle: its right edge is left of the row's action.
    expect(shown.x + shown.width).toBeLessThan(button.x);
    await revoke.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No tokens yet.').waitFor();
  });

  it('asks for a new name in an in-app prompt, and offers Undo in the toast that says it was done', async () => {
    await go('/categories');
    await page.getByLabel('New category').fill('Shoes');
    await page.getByRole('button', { name: 'Add' }).click();
    const rename = page.getByRole('button', { name: 'Rename' });
    await rename.click();
    const dialog = page.getByRole('dialog', { name: 'Rename "Shoes"' });
    await dialog.waitFor();
    const field = dialog.getByLabel('New name');
    expect(await field.inputValue()).toBe('Shoes');
    // The field has focus with its text selected: typing replaces it, Enter saves.
    await page.keyboard.type('Boots');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const item = page.getByRole('listitem').filter({ has: rename });
    await expect.poll(() => item.innerText()).toMatch(/^Boots\b/);
    expect(await activeElement()).toMatchObject({ tag: 'button', text: 'Rename' });

    const toast = page.getByTestId('toast').filter({ hasText: 'Renamed to "Boots".' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => item.innerText()).toMatch(/^Shoes\b/);
    await toast.waitFor({ state: 'detached' });

    // Escape cancels a prompt: nothing is renamed.
    await rename.click();
    await dialog.waitFor();
    await page.keyboard.type('Sandals');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('Sandals').count()).toBe(0);

    // A toast can be dismissed at once.
    await rename.click();
    await dialog.waitFor();
    await page.keyboard.type('Boots');
    await page.keyboard.press('Enter');
    const again = page.getByTestId('toast').filter({ hasText: 'Renamed to "Boots".' });
    await again.getByRole('button', { name: 'Dismiss' }).click();
    await again.waitFor({ state: 'detached' });
  });

  it('collapses the navigation into a menu on a phone, and no page is wider than the phone', async () => {
    await page.setViewportSize(PHONE);
    try {
      await go('/links');
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      const controls = await menu.getAttribute('aria-controls');
      expect(await page.locator(`#${controls}`).locator('nav').count()).toBe(1);

      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await nav.isVisible()).toBe(true);
      await shot('nav-phone-menu');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      expect(await activeElement()).toMatchObject({ tag: 'button', text: 'Menu' });

      // A press outside it closes it. The open menu, with the workspace switcher, fills a phone's
      // height: a taller screen of the same width leaves room below it to press.
      await page.setViewportSize({ width: PHONE.width, height: 1_200 });
      await menu.click();
      await nav.waitFor();
      await page.mouse.click(200, 1_180);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      await page.setViewportSize(PHONE);

      // Choosing a page closes the menu.
      await menu.click();
      await nav.getByRole('link', { name: 'Categories' }).click();
      await page.getByRole('heading', { name: 'Categories' }).waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);

      for (const route of signedInRoutes()) {
        await go(route);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        expect({ route, overflow }).toEqual({ route, overflow: 0 });
      }
      // The chart stays readable: as wide as the phone allows, with both series' legend.
      await go('/overview');
      await page.locator('.chart .uplot canvas').waitFor();
      const chart = await page.locator('.chart .plot').boundingBox();
      expect(chart!.width).toBeGreaterThan(300);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  /** Every signed-in page; Webhooks when this build has it. */
  function signedInRoutes(): string[] {
    return [
      '/overview',
      '/links',
      `/links/${linkId}`,
      '/categories',
      '/import',
      '/affiliates',
      '/domains',
      '/tokens',
      '/account',
    ];
  }

  it('has no serious or critical axe-core violation on any page, in light and in dark', async () => {
    // Something on every page: clicks for the charts, a tag, a domain, a token.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${service.shortUrl}/${code}`, {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER_UA },
      });
      expect(res.status).toBe(302);
    }
    await go('/affiliates');
    await page.getByLabel('Your tag').fill('mytag-20');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByText('mytag-20').waitFor();
    await go('/domains');
    await page.getByLabel('Hostname').fill('go.example.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('heading', { name: /go\.example\.com/ }).waitFor();
    await go('/tokens');
    await page.getByLabel('Token name').fill('ci');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('new-token').waitFor();

    const routes = signedInRoutes();
    if ((await page.getByRole('link', { name: 'Webhooks' }).count()) > 0) routes.push('/webhooks');
    const found: Record<string, Violation[]> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const route of routes) {
        await go(route);
        if (route === '/overview' || route.startsWith('/links/')) await page.locator('.chart .uplot canvas').waitFor();
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${colorScheme} ${route}`] = violations;
        if (colorScheme === 'light' && route === '/overview') await shot('overview');
        if (colorScheme === 'dark' && route === '/overview') await shot('overview-dark');
        if (colorScheme === 'dark' && route === '/links') await shot('links-dark');
      }
    }

    // Signed out: sign in and sign up, in a context of their own.
    const context = await browser.newContext({ viewport: DESKTOP });
    const visitor = await context.newPage();
    for (const colorScheme of ['light', 'dark'] as const) {
      await visitor.emulateMedia({ colorScheme });
      for (const route of ['/signin', '/signup']) {
        await visitor.goto(`${service.apiUrl}/#${route}`);
        await visitor.locator('main h1').waitFor();
        const violations = await seriousViolations(visitor);
        if (violations.length > 0) found[`${colorScheme} ${route}`] = violations;
      }
    }
    await context.close();
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found).toEqual({});
    expect(cspViolations).toEqual([]);
  });
});
