import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { callApiAs, hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { decodeImage, solidImage } from '../helpers/images.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LOGO_RED = '#dc2626';

// A link's QR code tab (docs/dashboard.md): colours, size, level, quiet zone and the workspace's logo,
// previewed and downloaded from the API itself.
describe.skipIf(!hasChromium)("a link's QR code", () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let linkId = 0;
  let code = '';
  /** The short URL as the API gives it: what the code must read. */
  let shortUrl = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: DESKTOP, locale: 'en-US', acceptDownloads: true });
    await signUpOnPlan(page, service, 'pro', 'qrcodes');
    await page.getByLabel('Destination URL').fill('https://example.com/qr-codes');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const row = page.getByRole('row').filter({ hasText: 'https://example.com/qr-codes' });
    await row.waitFor();
    const link = row.getByRole('link').first();
    linkId = Number(/#\/links\/(\d+)/.exec((await link.getAttribute('href'))!)![1]);
    code = (await link.innerText()).split('/').at(-1)!;
    shortUrl = (await callApiAs<{ short_url: string }>(page, 'GET', `/api/v1/links/${linkId}`)).body.short_url;
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const preview = (on: Page = page) => on.getByTestId('qr-preview');
  const previewQuery = async (on: Page = page) =>
    new URL((await preview(on).getAttribute('src'))!, service.apiUrl).searchParams;
  /** Waits until the preview asks for `key=value` and has drawn it. */
  async function previewShows(key: string, value: string, on: Page = page) {
    await expect.poll(async () => (await previewQuery(on)).get(key), { timeout: 5000 }).toBe(value);
    await expect
      .poll(() => preview(on).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  const shot = async (name: string, on: Page = page) => {
    await on.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await on.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  it('previews the code as the colours and level change, and refuses colours that would not scan', async () => {
    await page.goto(`${service.apiUrl}/#/links/${linkId}?tab=qr`);
    await page.getByRole('heading', { name: 'QR code', exact: true }).waitFor();
    await previewShows('fg', '#000000');
    expect(await page.getByLabel('Logo in the centre').isDisabled()).toBe(true);
    expect(await page.getByText('This workspace has no logo yet: upload one below.').count()).toBe(1);

    await page.getByLabel('Foreground').fill('#1d4ed8');
    await previewShows('fg', '#1d4ed8');
    await page.getByLabel('Error correction').selectOption('H');
    await previewShows('ec', 'H');

    // Too pale: said at once, the preview keeps the last code that scans.
    await page.getByLabel('Foreground').fill('#cccccc');
    await page.getByText(/contrast 1\.\d\d:1; a QR code needs at least 4:1/).waitFor();
    expect(await page.getByLabel('Foreground').getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(400);
    expect((await previewQuery()).get('fg')).toBe('#1d4ed8');
    await page.getByLabel('Foreground').fill('#1d4ed8');
    expect(await page.getByLabel('Foreground').getAttribute('aria-invalid')).toBe('false');
  });

  it('takes an uploaded logo into the centre, raising the level to Q; the PNG downloaded scans', async () => {
    await page.getByLabel('Error correction').selectOption('M');
    await page.getByLabel('Size (pixels)').selectOption('1024');
    await page.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await solidImage(300, 300, LOGO_RED),
    });
    await page.getByText('Logo uploaded.').waitFor();
    await page.getByRole('img', { name: 'The workspace’s logo' }).waitFor();
    const checkbox = page.getByLabel('Logo in the centre');
    await expect.poll(() => checkbox.isEnabled()).toBe(true);
    await checkbox.check();
    expect(await page.getByLabel('Error correction').inputValue()).toBe('Q');
    expect(await page.getByRole('option', { name: 'M: medium (15%)' }).isDisabled()).toBe(true);
    await previewShows('logo', 'true');
    const svg = await page.request.get(new URL((await preview().getAttribute('src'))!, service.apiUrl).href);
    expect(await svg.text()).toMatch(/<image [^>]*href="data:image\/png;base64,/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${code}.png`);
    const png = await decodeImage(readFileSync((await download.path())!));
    expect([png.width, png.height]).toEqual([1024, 1024]);
    expect(png.colourAt(512, 512)).toBe(LOGO_RED);
    expect(png.colourAt(3, 3)).toBe('#ffffff');
    expect(png.qrText()).toBe(shortUrl);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('qr-code');
  });

  it('fits a phone in dark mode without sideways scrolling, with nothing serious for axe', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      colorScheme: 'dark',
      locale: 'en-US',
      storageState: await page.context().storageState(),
    });
    const phone = await context.newPage();
    try {
      await phone.goto(`${service.apiUrl}/#/links/${linkId}?tab=qr`);
      await phone.getByRole('heading', { name: 'QR code', exact: true }).waitFor();
      await phone.getByRole('img', { name: 'The workspace’s logo' }).waitFor();
      await previewShows('fg', '#000000', phone);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(phone)).toEqual([]);
      await shot('qr-code-phone-dark', phone);
    } finally {
      await context.close();
    }
  });

  it('removes the logo: the code goes back to plain and the option says why it is off', async () => {
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByText('Logo removed.').waitFor();
    await expect.poll(() => page.getByLabel('Logo in the centre').isDisabled()).toBe(true);
    await previewShows('logo', 'false');
    expect(await page.getByText('This workspace has no logo yet: upload one below.').count()).toBe(1);
  });
});
