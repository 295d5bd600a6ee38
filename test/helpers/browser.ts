import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { hoplink, type RunningService } from './process.ts';

/** Debian's Chromium; .ci/run installs it, and a machine without it skips the browser suites. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/**
 * Headless Chromium as the browser suites run it. Without the background-networking flags it
 * keeps trying to reach Google's hosts, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Signs a new person up through the dashboard in `page` and puts them on `plan` with the CLI, as an
 * operator would; the page ends on the links list, reloaded so it knows the plan. `label` names the
 * suite in the email (each call gets its own address). The address is verified with the CLI too, so
 * the pages show no banner asking for it (test/browser/account-recovery.test.ts shows that one).
 */
export async function signUpOnPlan(
  page: Page,
  service: RunningService,
  plan: 'free' | 'pro' | 'business',
  label: string,
): Promise<string> {
  const email = `${label}-${plan}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto(`${service.apiUrl}/#/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a good long password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Links' }).waitFor();
  await hoplink(service.env, 'user', 'verify-email', '--email', email);
  if (plan !== 'free') await hoplink(service.env, 'user', 'set-plan', '--email', email, '--plan', plan);
  await page.reload();
  await page.getByRole('heading', { name: 'Links' }).waitFor();
  return email;
}

/** A call to the API from `page`, as the person signed in there, with the session's CSRF token. */
export async function callApiAs<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const me = (await (await fetch('/dashboard-api/me')).json()) as { csrf_token: string };
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}
