import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../helpers/browser.ts';
import { hoplink, startService, type RunningService } from '../helpers/process.ts';

// Every page of the dashboard (and the API docs) runs under its CSP without a
// single violation: nothing inline, nothing from elsewhere.
describe.skipIf(!hasChromium)('the dashboard under its Content-Security-Policy', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
        report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.href}`);
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('shows every page of a Business account with no CSP violation', async () => {
    const email = `csp-${Date.now()}@example.com`;
    await page.goto(`${service.apiUrl}/#/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    await hoplink(service.env, 'user', 'set-plan', '--email', email, '--plan', 'business');
    await page.reload();
    await page.getByLabel('Destination URL').fill('https://example.com/csp');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'https://example.com/csp' });
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Analytics', selected: true }).waitFor();
    // The link's statistics: the chart (uPlot, loaded on demand, with its stylesheet) and the world map.
    await page.locator('.chart .uplot canvas').waitFor();
    await page.getByTestId('world-map').waitFor();
    for (const route of ['tokens', 'account', 'categories', 'affiliates', 'domains', 'links']) {
      await page.goto(`${service.apiUrl}/#/${route}`);
      await page.waitForLoadState('networkidle');
    }
    // The overview keeps its live event stream open, so it is done when its chart is drawn, not at network idle.
    await page.goto(`${service.apiUrl}/#/overview?range=90d`);
    await page.locator('.chart .uplot canvas').waitFor();
    await page.locator('[data-live="live"]').waitFor();
    await page.goto(`${service.apiUrl}/docs`);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('gives the dashboard its icon, an SVG of its own origin', async () => {
    await page.goto(`${service.apiUrl}/#/signin`);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const icon = await page.request.get(`${service.apiUrl}${href}`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toContain('<svg');
    expect(violations).toEqual([]);
  });
});
