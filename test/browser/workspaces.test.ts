import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hasChromium, launchChromium, signUpOnPlan } from '../helpers/browser.ts';
import { freePort, hoplink, projectRoot, startService, type RunningService } from '../helpers/process.ts';

const SHOTS = join(projectRoot, 'docs/screenshots');
/** A full-page screenshot, without the toasts of earlier steps over it. */
async function shot(page: Page, name: string) {
  // Pressed all at once in the page: a toast may leave by itself between finding its button and a click.
  await page.evaluate(() => {
    for (const dismiss of document.querySelectorAll<HTMLButtonElement>('.toast-close')) dismiss.click();
  });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'a good long password';
const WORKSPACE = 'Acme Marketing';
const SLUG = 'acme';

// Workspaces as two people go through them: the owner makes one from the switcher and invites the
// second person (no SMTP_URL: the invitation's link is read off the Members page), who signs up from
// the link, verifies their address (the operator's CLI) and joins; the owner makes them a viewer, reads
// the audit log and deletes the workspace by typing its name.
describe.skipIf(!hasChromium)('workspaces in the dashboard', () => {
  let service: RunningService;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  let owner: Page;
  let ownerEmail: string;
  let guest: Page;
  const guestEmail = `ws-guest-${Date.now()}@example.com`;
  let acceptUrl: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // accept_url is on APP_URL: the address the browser opens the dashboard at.
    const port = await freePort();
    service = await startService({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}` });
    browser = await launchChromium();
    owner = await newPage({ viewport: DESKTOP, colorScheme: 'light' });
    ownerEmail = await signUpOnPlan(owner, service, 'free', 'ws-owner');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await service?.stop();
    expect(cspViolations).toEqual([]);
  });

  async function newPage(
    options: { viewport: typeof DESKTOP; colorScheme: 'light' | 'dark' },
    from?: BrowserContext,
  ): Promise<Page> {
    const storageState = from ? await from.storageState() : undefined;
    const context = await browser.newContext({ ...options, locale: 'en-US', storageState });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    return page;
  }

  const open = async (page: Page, route: string, heading: string) => {
    const target = `${service.apiUrl}/#${route}`;
    // Going to the address already shown changes nothing: the page is loaded again instead.
    if (page.url() === target) await page.reload();
    else await page.goto(target);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  };
  const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace/ });
  const hash = (page: Page) => new URL(page.url()).hash;
  const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text }).waitFor();

  it('makes a workspace from the switcher, opens it in the address, keeps each one’s links apart', async () => {
    await switcher(owner).click();
    await owner.getByRole('list', { name: 'Your workspaces' }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await shot(owner, 'workspace-switcher');
    await owner.getByRole('button', { name: 'Create workspace' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create a workspace' });
    await dialog.getByLabel('Name').fill(WORKSPACE);
    await dialog.getByLabel('Slug (optional)').fill('Not A Slug');
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await dialog.getByText('The slug may hold lowercase letters').waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await shot(owner, 'workspace-create');
    await dialog.getByLabel('Slug (optional)').fill(SLUG);
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await expect.poll(() => hash(owner)).toBe(`#/w/${SLUG}/links`);
    await owner.getByRole('heading', { name: 'Links' }).waitFor();
    await expect.poll(() => switcher(owner).innerText()).toContain(WORKSPACE);

    await owner.getByLabel('Destination URL').fill('https://example.com/shared');
    await owner.getByRole('button', { name: 'Shorten' }).click();
    await owner.getByRole('row').filter({ hasText: 'https://example.com/shared' }).waitFor();
    // A link's own page keeps the workspace in its address.
    await owner.getByRole('row').filter({ hasText: 'https://example.com/shared' }).getByRole('link').first().click();
    await owner.getByRole('tab', { name: 'Analytics', selected: true }).waitFor();
    expect(hash(owner)).toMatch(new RegExp(`^#/w/${SLUG}/links/\\d+$`));

    // The personal workspace, by the switcher: not this link.
    await switcher(owner).click();
    const personalName = ownerEmail.split('@')[0]!;
    const personal = owner.getByRole('list', { name: 'Your workspaces' }).getByRole('link', { name: personalName });
    await personal.click();
    await owner.getByText('No links yet').waitFor();
    expect(hash(owner)).not.toContain(`/w/${SLUG}/`);
    // And a bare address is the personal workspace too.
    await open(owner, '/links', 'Links');
    await owner.getByText('No links yet').waitFor();
    await open(owner, `/w/${SLUG}/links`, 'Links');
    await owner.getByRole('row').filter({ hasText: 'https://example.com/shared' }).waitFor();
  });

  it('says a workspace is not found rather than failing, for a slug the person is not in', async () => {
    await open(owner, '/w/nobody-here/links', 'Workspace not found');
    await owner.getByRole('alert').filter({ hasText: 'nobody-here' }).waitFor();
    await owner.getByRole('link', { name: WORKSPACE }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await shot(owner, 'workspace-not-found');
  });

  it('invites by email, and shows the link to pass on when no email can be sent', async () => {
    await open(owner, `/w/${SLUG}/members`, 'Members');
    await owner.getByRole('cell', { name: ownerEmail }).waitFor();
    const form = owner.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(guestEmail);
    await form.getByLabel('Role').selectOption('member');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Email is not configured on this Hoplink, so no email was sent.').waitFor();
    acceptUrl = await owner.getByTestId('accept-url').innerText();
    expect(acceptUrl).toMatch(new RegExp(`^${service.apiUrl}/#/invitations/accept\\?token=[\\w-]{20,}$`));
    const invitation = owner.getByRole('table').nth(1).getByRole('row').filter({ hasText: guestEmail });
    await invitation.getByRole('cell', { name: 'Member', exact: true }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await shot(owner, 'members');
  });

  it('lets the invited person sign up from the link, refuses them until verified, then lets them in', async () => {
    guest = await newPage({ viewport: PHONE, colorScheme: 'dark' });
    await guest.goto(acceptUrl);
    await guest.getByRole('heading', { name: 'Join a workspace' }).waitFor();
    await guest.getByText(`You are invited to join ${WORKSPACE} as a Member.`).waitFor();
    expect(await seriousViolations(guest)).toEqual([]);
    await shot(guest, 'invitation-phone-dark');

    await guest.getByRole('link', { name: 'Create an account' }).click();
    await guest.getByRole('heading', { name: 'Create your Hoplink account' }).waitFor();
    await guest.getByLabel('Email').fill(guestEmail);
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Sign up' }).click();
    // Back on the invitation, signed in now.
    await guest.getByText(`Signed in as ${guestEmail}.`).waitFor();
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    const refusal = guest.getByRole('alert').filter({ hasText: 'Verify your email address before joining' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('You cannot accept this invitation yet.');
    expect(await seriousViolations(guest)).toEqual([]);
    await shot(guest, 'invitation-unverified-phone-dark');

    await hoplink(service.env, 'user', 'verify-email', '--email', guestEmail);
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByRole('heading', { name: 'Links' }).waitFor();
    expect(hash(guest)).toBe(`#/w/${SLUG}/links`);
    // On a phone the rows are cards: found as table rows by their element, not their role.
    await guest.locator('tr').filter({ hasText: 'https://example.com/shared' }).waitFor();
    // A member creates links here.
    expect(await guest.getByRole('button', { name: 'Shorten' }).count()).toBe(1);
  });

  it('opens a shared address signed out, and shows that workspace once signed in', async () => {
    const page = await newPage({ viewport: DESKTOP, colorScheme: 'light' });
    await page.goto(`${service.apiUrl}/#/w/${SLUG}/links`);
    await page.getByRole('heading', { name: 'Sign in to Hoplink' }).waitFor();
    await page.getByLabel('Email').fill(guestEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('row').filter({ hasText: 'https://example.com/shared' }).waitFor();
    expect(hash(page)).toBe(`#/w/${SLUG}/links`);
  });

  it('sends an invitation again with a new link, revokes it, and lets the invited decline another', async () => {
    const invite = async (email: string) => {
      const form = owner.getByRole('form', { name: 'Invite someone' });
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByTestId('accept-url').filter({ hasNotText: acceptUrl }).waitFor();
      return owner.getByTestId('accept-url').innerText();
    };
    const described = async (link: string, text: string) => {
      const page = await newPage({ viewport: DESKTOP, colorScheme: 'light' });
      await page.goto(link);
      await page.getByText(text).waitFor();
      return page;
    };
    await open(owner, `/w/${SLUG}/members`, 'Members');
    const first = await invite('sam@example.com');
    const invitations = owner.locator('table.invitations');
    await invitations.getByRole('button', { name: 'Resend to sam@example.com' }).click();
    await owner.getByTestId('accept-url').filter({ hasNotText: first }).waitFor();
    const second = await owner.getByTestId('accept-url').innerText();
    await described(first, 'This invitation is no longer valid');
    await invitations.getByRole('button', { name: 'Revoke the invitation of sam@example.com' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await toast(owner, 'The invitation of sam@example.com was revoked.');
    await expect.poll(() => invitations.getByText('sam@example.com').count()).toBe(0);
    await described(second, 'This invitation is no longer valid');

    acceptUrl = second;
    const third = await invite('kim@example.com');
    const page = await described(third, `You are invited to join ${WORKSPACE} as a Member.`);
    await page.getByRole('button', { name: 'Decline invitation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Decline invitation' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `You declined the invitation to ${WORKSPACE}.` })
      .waitFor();
    await open(owner, `/w/${SLUG}/members`, 'Members');
    await owner.getByRole('heading', { name: 'Invitations' }).waitFor();
    await owner.getByText('No invitations waiting.').waitFor();
  });

  it('makes the member a viewer: their pages then offer nothing to change', async () => {
    await open(owner, `/w/${SLUG}/members`, 'Members');
    await owner.getByLabel(`Role of ${guestEmail}`).selectOption('viewer');
    await toast(owner, `${guestEmail} is now Viewer.`);

    await guest.reload();
    await guest.getByRole('heading', { name: 'Links' }).waitFor();
    await guest.locator('tr').filter({ hasText: 'https://example.com/shared' }).waitFor();
    await guest.getByRole('note').filter({ hasText: 'You are a viewer in Acme Marketing' }).waitFor();
    expect(await guest.getByRole('button', { name: 'Shorten' }).count()).toBe(0);
    expect(await guest.getByRole('checkbox').count()).toBe(0);
    expect(await guest.getByRole('button', { name: /^(Delete|Duplicate) / }).count()).toBe(0);
    expect(await seriousViolations(guest)).toEqual([]);
    await shot(guest, 'links-viewer-phone-dark');

    await guest.locator('tr').filter({ hasText: 'https://example.com/shared' }).getByRole('link').first().click();
    await guest.getByRole('tab', { name: 'Settings' }).click();
    await guest.getByRole('heading', { name: 'Controls' }).waitFor();
    expect(await guest.getByRole('button', { name: /^Turn (on|off)$/ }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Save' }).count()).toBe(0);

    await open(guest, `/w/${SLUG}/members`, 'Members');
    await guest.locator('table.members td').filter({ hasText: ownerEmail }).first().waitFor();
    expect(await guest.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    expect(await guest.getByRole('combobox').count()).toBe(0);
    expect(await guest.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await guest.getByRole('button', { name: 'Leave workspace' }).waitFor();
    // The audit log is not in a viewer's menu, and its page says why when opened anyway.
    await guest.getByRole('button', { name: 'Menu' }).click();
    expect(await guest.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).count()).toBe(
      0,
    );
    await open(guest, `/w/${SLUG}/audit-log`, 'Audit log');
    await guest.getByText("Only this workspace's admins and owner can read its audit log.").waitFor();
    // Its settings, read-only.
    await open(guest, `/w/${SLUG}/workspace`, 'Workspace settings');
    await guest.getByText("Only the workspace's admins and owner can change these.").waitFor();
    expect(await guest.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
  });

  it('reads the audit log: who did what, filtered by action in the address, a page at a time', async () => {
    // Enough entries for a second page (50 a page).
    await owner.evaluate(async (slug) => {
      const me = (await (await fetch('/dashboard-api/me')).json()) as { csrf_token: string };
      const headers = {
        'content-type': 'application/json',
        'x-csrf-token': me.csrf_token,
        'x-hoplink-workspace': slug,
      };
      for (let i = 0; i < 50; i++) {
        const body = JSON.stringify({ redirect_url: `https://example.com/audit-${i}` });
        await fetch('/api/v1/links', { method: 'POST', headers, body });
      }
    }, SLUG);
    await open(owner, `/w/${SLUG}/audit-log`, 'Audit log');
    const rows = owner.locator('table.audit-table tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    await owner.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(50);
    await owner.getByRole('cell', { name: 'member.joined', exact: true }).waitFor();
    await owner.getByRole('cell', { name: 'member.invited', exact: true }).first().waitFor();

    await owner.getByLabel('Action').fill('member.role_changed');
    await owner.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => hash(owner)).toBe(`#/w/${SLUG}/audit-log?action=member.role_changed`);
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.innerText()).toContain(ownerEmail);
    expect(await row.innerText()).toContain('role');
    expect(await owner.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await seriousViolations(owner)).toEqual([]);
    await shot(owner, 'audit-log');
    // The address keeps the filter: reloading shows the same entry.
    await owner.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await owner.getByLabel('Action').inputValue()).toBe('member.role_changed');

    const phone = await newPage({ viewport: PHONE, colorScheme: 'dark' }, owner.context());
    await open(phone, `/w/${SLUG}/audit-log?resource_type=member`, 'Audit log');
    await expect.poll(() => phone.locator('table.audit-table tbody tr').count()).toBe(2);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'audit-log-phone-dark');
    await open(phone, `/w/${SLUG}/members`, 'Members');
    await phone.locator('table.members td').filter({ hasText: guestEmail }).first().waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(phone, 'members-phone-dark');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await open(phone, `/w/${SLUG}/workspace`, 'Workspace settings');
    expect(await seriousViolations(phone)).toEqual([]);
    // The switcher is in the phone's menu.
    await phone.getByRole('button', { name: 'Menu' }).click();
    await switcher(phone).click();
    await phone.getByRole('list', { name: 'Your workspaces' }).getByRole('link', { name: WORKSPACE }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(phone, 'workspace-switcher-phone-dark');
  });

  it('renames a workspace and changes its slug; its owner hands it over, becomes an admin and leaves', async () => {
    const made = await owner.evaluate(async () => {
      const me = (await (await fetch('/dashboard-api/me')).json()) as { csrf_token: string };
      const res = await fetch('/dashboard-api/workspaces', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
        body: JSON.stringify({ name: 'Side project', slug: 'side' }),
      });
      return res.status;
    });
    expect(made).toBe(201);
    await open(owner, '/w/side/members', 'Members');
    const form = owner.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(guestEmail);
    await form.getByLabel('Role').selectOption('admin');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const link = await owner.getByTestId('accept-url').innerText();
    await guest.goto(link);
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByRole('heading', { name: 'Links' }).waitFor();
    expect(hash(guest)).toBe('#/w/side/links');

    await open(owner, '/w/side/workspace', 'Workspace settings');
    await owner.getByLabel('Name').fill('Side project two');
    await owner.getByLabel('Slug').fill('side-two');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => hash(owner)).toBe('#/w/side-two/workspace');
    await expect.poll(() => switcher(owner).innerText()).toContain('Side project two');
    await open(owner, '/w/side/links', 'Workspace not found');

    await open(owner, '/w/side-two/members', 'Members');
    await owner.getByRole('button', { name: `Make owner ${guestEmail}` }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Transfer ownership' }).click();
    await toast(owner, `${guestEmail} now owns Side project two.`);
    await expect.poll(() => switcher(owner).innerText()).toContain('Admin');
    const people = owner.locator('table.members');
    await people.getByRole('row').filter({ hasText: guestEmail }).getByRole('cell', { name: 'Owner' }).waitFor();
    expect(await owner.getByRole('button', { name: /^Make owner/ }).count()).toBe(0);

    await owner.getByRole('button', { name: 'Leave workspace' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Leave workspace' }).click();
    await toast(owner, 'You left Side project two.');
    await owner.getByRole('heading', { name: 'Links' }).waitFor();
    expect(hash(owner)).toBe('#/links');
    await switcher(owner).click();
    expect(await owner.getByRole('list', { name: 'Your workspaces' }).innerText()).not.toContain('Side project');
    await switcher(owner).click();
  });

  it('keeps the personal workspace, and deletes another once its name is typed', async () => {
    // The personal workspace: the server refuses, and the page says why.
    await open(owner, '/workspace', 'Workspace settings');
    const personalName = await owner.getByLabel('Name').inputValue();
    await owner.getByLabel(`Type ${personalName} to confirm`).fill(personalName);
    await owner.getByRole('button', { name: 'Delete workspace' }).click();
    await owner
      .getByRole('alert')
      .filter({ hasText: "A personal workspace (the one made at a person's sign-up) cannot be deleted." })
      .waitFor();

    await open(owner, `/w/${SLUG}/workspace`, 'Workspace settings');
    await owner.getByText('Plan: Free.').waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await shot(owner, 'workspace-settings');
    const remove = owner.getByRole('button', { name: 'Delete workspace' });
    await owner.getByLabel(`Type ${WORKSPACE} to confirm`).fill('Acme');
    expect(await remove.isDisabled()).toBe(true);
    await owner.getByLabel(`Type ${WORKSPACE} to confirm`).fill(WORKSPACE);
    await remove.click();
    await toast(owner, `Workspace “${WORKSPACE}” deleted.`);
    await owner.getByRole('heading', { name: 'Links' }).waitFor();
    expect(hash(owner)).toBe('#/links');
    await switcher(owner).click();
    const names = await owner.getByRole('list', { name: 'Your workspaces' }).innerText();
    expect(names).not.toContain(WORKSPACE);

    // The former viewer's address of it now leads to the not-found page.
    await open(guest, `/w/${SLUG}/links`, 'Workspace not found');
  });
});
