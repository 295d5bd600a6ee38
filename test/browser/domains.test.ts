import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// .ci/run installs Debian's chromium; a machine without it skips this file.
describe.skipIf(!hasChromium)('the Domains page with a routing requirement', () => {
  let service: RunningService;
  let browser: Browser;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dns = await startDnsServer({});
    service = await startService({
      DNS_SERVERS: dns.address,
      SHORT_ROUTING_TARGET: 'edge.hoplink-routing.example',
      SHORT_ROUTING_ADDRESSES: '203.0.113.7,2001:db8:85a3::8a2e:370:7334',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await dns?.close();
  });

  async function signedIn(viewport: typeof DESKTOP, colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    await signUpOnPlan(page, service, 'business', 'domains');
    await page.goto(`${service.apiUrl}/#/domains`);
    await page.getByRole('heading', { name: 'Custom domains' }).waitFor();
    return page;
  }

  async function add(page: Page, hostname: string) {
    await page.getByLabel('Hostname').fill(hostname);
    await page.getByRole('button', { name: 'Add domain' }).click();
    // The heading's name is the hostname and its status.
    await page.getByRole('heading', { name: new RegExp(`^${hostname.replaceAll('.', '\\.')} `) }).waitFor();
  }

  const card = (page: Page, hostname: string) => page.locator('section.domain-card').filter({ hasText: hostname });

  it('shows the ownership and routing records, copyable, and each check result in words (desktop, light)', async () => {
    const page = await signedIn(DESKTOP, 'light');
    await add(page, 'go.routing-brand.example');
    const sub = card(page, 'go.routing-brand.example');
    await expect(sub.getByRole('heading', { name: 'Ownership' }).count()).resolves.toBe(1);
    const text = await sub.innerText();
    expect(text).toMatch(/TXT\s+Name\s+_hoplink\.go\.routing-brand\.example/);
    expect(text).toMatch(/CNAME\s+Name\s+go\.routing-brand\.example/);
    expect(text).toContain('edge.hoplink-routing.example');
    expect(await sub.getByTestId('routing-result').innerText()).toBe('Not checked yet.');
    for (const name of [
      "Copy the ownership record's name",
      "Copy the ownership record's value",
      "Copy the routing record's name",
      "Copy the routing record's value",
    ])
      expect(await sub.getByRole('button', { name }).count()).toBe(1);

    // The TXT token is there, the CNAME points elsewhere: ownership found, routing wrong.
    const token = (await sub.locator('dl.dns-record').first().locator('code').nth(2).innerText()).trim();
    dns.setZone({
      '_hoplink.go.routing-brand.example': { TXT: [token] },
      'go.routing-brand.example': { CNAME: 'someone-else.example' },
    });
    await sub.getByRole('button', { name: 'Check now' }).click();
    await sub.getByTestId('routing-result').filter({ hasText: 'Points elsewhere' }).waitFor();
    expect(await sub.getByTestId('ownership-result').innerText()).toMatch(/^Found: this record proves/);
    expect(await sub.locator('.status').innerText()).toBe('Waiting for DNS');

    // An apex domain asks for A and AAAA records with the service's addresses.
    await add(page, 'routing-brand.example');
    const apex = page.locator('section.domain-card').nth(1);
    const apexText = await apex.innerText();
    expect(apexText).toContain('Create all of these records');
    expect(apexText).toMatch(/AAAA\s+Name\s+routing-brand\.example/);
    expect(apexText).toContain('2001:db8:85a3::8a2e:370:7334');

    dns.setZone({
      '_hoplink.go.routing-brand.example': { TXT: [token] },
      'go.routing-brand.example': { CNAME: 'edge.hoplink-routing.example' },
    });
    await sub.getByRole('button', { name: 'Check now' }).click();
    await sub.locator('.status.active').waitFor();
    expect(await sub.getByTestId('routing-result').innerText()).toBe('Found: the domain points here.');
    // The check's announcement says what each record still lacks.
    expect(await page.getByTestId('toast').allInnerTexts()).toContainEqual(
      expect.stringMatching(/not verified yet\. Ownership: Found.*Routing: Points elsewhere/s),
    );
    expect(await seriousViolations(page)).toEqual([]);
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await page.screenshot({ path: join(SHOTS, 'domains-routing.png'), fullPage: true });
  });

  it('wraps long records on a 390 px phone without sideways scrolling (dark, axe)', async () => {
    const page = await signedIn(PHONE, 'dark');
    const long = 'a-rather-long-campaign-label.with-several-parts.routing-brand.example';
    await add(page, long);
    await add(page, 'routing-brand-two.example');
    const scroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(scroll).toBeLessThanOrEqual(0);
    // Every record value is whole on screen: inside the viewport, wrapped rather than clipped.
    for (const box of await page
      .locator('dl.dns-record code')
      .evaluateAll((codes) => codes.map((code) => code.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'domains-routing-phone-dark.png'), fullPage: true });
  });
});
