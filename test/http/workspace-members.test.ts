import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApiApp } from '../../src/api/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createAppContext } from '../../src/context.ts';
import { ABILITIES } from '../../src/core/plans.ts';
import { markEmailVerified } from '../../src/services/account-recovery.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { changeWorkspacePlan } from '../../src/services/workspaces.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { apiRequest, httpEngine, useTestApp, type ApiMethod } from '../helpers/app.ts';
import { dashboardClient, type DashboardSession } from '../helpers/dashboard.ts';
import { freshMigratedDatabaseUrl } from '../helpers/database.ts';

// Members, invitations and the audit log of a workspace, through the API (tokens) and the
// dashboard (sessions), as people use them: sign up, make a team, invite, accept, change roles.

const t = useTestApp({ RATE_LIMIT_BUSINESS: '100000', RATE_LIMIT_SESSION: '100000' });
const dashboard = dashboardClient(() => t.app, 'team');
const ALL = ['read', 'create', 'update', 'delete'];
const WORKSPACE_HEADER = 'x-hoplink-workspace';

interface Person {
  id: number;
  email: string;
  session: DashboardSession;
}
type Headers = Record<string, string>;

/** Someone signed up through the dashboard, with a verified address unless said otherwise. */
async function person({ verified = true } = {}): Promise<Person> {
  const signed = await dashboard.signUp();
  if (verified) await t.ctx.uow.transact((work) => markEmailVerified(work, signed.email));
  return signed;
}

interface Team {
  id: number;
  name: string;
  slug: string;
  owner: Person;
  /** The owner's token in the team. */
  headers: Headers;
}

let teams = 0;

/** A workspace made in the dashboard by a new person, put on Business by the operator. */
async function team(): Promise<Team> {
  const owner = await person();
  teams += 1;
  const name = `Team ${teams}`;
  const res = await dashboard.call('POST', '/workspaces', { session: owner.session, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, slug } = res.json();
  await t.ctx.uow.transact((work) => changeWorkspacePlan(work, id, 'business'));
  const made = { id, name, slug, owner, headers: {} };
  made.headers = await tokenIn(made, owner);
  return made;
}

/** A token `who` makes in the dashboard while looking at `team`. */
async function tokenIn(where: { slug: string }, who: Person, abilities = ALL): Promise<Headers> {
  const res = await dashboard.call('POST', '/tokens', {
    session: who.session,
    headers: { [WORKSPACE_HEADER]: where.slug },
    payload: { name: 'script', abilities },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().token}`, accept: 'application/json' };
}

const api = (headers: Headers, method: ApiMethod, url: string, payload?: unknown) =>
  apiRequest(t.app, method, url, payload, headers);

/** The dashboard's own calls to /api/v1: the session's cookie and CSRF token, in the workspace named. */
const asSession = (who: Person, slug?: string): Headers => ({
  cookie: who.session.cookie,
  'x-csrf-token': who.session.csrf,
  ...(slug === undefined ? {} : { [WORKSPACE_HEADER]: slug }),
});

/** The token an invitation's link carries. */
function tokenOfLink(link: string): string {
  const match = /[?&]token=([^&]+)/.exec(link);
  if (!match) throw new Error(`no token in ${link}`);
  return decodeURIComponent(match[1]!);
}

async function invite(by: Headers, email: string, role?: string): Promise<{ id: number; token: string }> {
  const res = await api(by, 'POST', '/workspace/invitations', role === undefined ? { email } : { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  expect(body.emailed).toBe(false);
  return { id: body.id, token: tokenOfLink(body.accept_url) };
}

const accept = (who: Person, token: string) =>
  dashboard.call('POST', '/invitations/accept', { session: who.session, payload: { token } });

/** `who` invited to `into` with `role` by its owner, and accepted. */
async function joinTeam(into: Team, who: Person, role: 'admin' | 'member' | 'viewer'): Promise<void> {
  const { token } = await invite(into.headers, who.email, role);
  const res = await accept(who, token);
  expect(res.statusCode, res.body).toBe(200);
}

async function rolesOf(into: Team): Promise<Record<number, string>> {
  const res = await api(into.headers, 'GET', '/workspace/members');
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json().data.map((m: { user_id: number; role: string }) => [m.user_id, m.role]));
}

describe('invitations', { timeout: 20_000 }, () => {
  it('admins invite members and viewers, the owner admins too, and nobody the owner', async () => {
    const crew = await team();
    const admin = await person();
    const member = await person();
    await joinTeam(crew, admin, 'admin');
    await joinTeam(crew, member, 'member');
    const adminToken = await tokenIn(crew, admin);
    const memberToken = await tokenIn(crew, member);
    const to = (role?: string) => ({ email: `new${Date.now()}${Math.random()}@example.com`, ...(role && { role }) });

    expect((await api(adminToken, 'POST', '/workspace/invitations', to('member'))).statusCode).toBe(201);
    expect((await api(adminToken, 'POST', '/workspace/invitations', to('viewer'))).statusCode).toBe(201);
    const adminMakesAdmin = await api(adminToken, 'POST', '/workspace/invitations', to('admin'));
    expect(adminMakesAdmin.statusCode).toBe(403);
    expect(adminMakesAdmin.json().message).toMatch(/owner/);
    expect((await api(crew.headers, 'POST', '/workspace/invitations', to('admin'))).statusCode).toBe(201);
    for (const headers of [crew.headers, adminToken]) {
      const owner = await api(headers, 'POST', '/workspace/invitations', to('owner'));
      expect(owner.statusCode).toBe(422);
      expect(owner.json().errors.role).toBeDefined();
    }
    expect((await api(memberToken, 'POST', '/workspace/invitations', to('viewer'))).statusCode).toBe(403);
    // Without a role, an invitation is for a member.
    const plain = await api(crew.headers, 'POST', '/workspace/invitations', to());
    expect(plain.json()).toMatchObject({ role: 'member', expired: false });
    const already = await api(crew.headers, 'POST', '/workspace/invitations', { email: member.email });
    expect(already.statusCode).toBe(422);
    expect(already.json().errors.email[0]).toMatch(/already a member/);
  });

  it('is sent only by someone whose address is verified', async () => {
    const owner = await person({ verified: false });
    const made = await dashboard.call('POST', '/workspaces', {
      session: owner.session,
      payload: { name: 'Unverified' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, slug } = made.json();
    await t.ctx.uow.transact((work) => changeWorkspacePlan(work, id, 'business'));
    const headers = await tokenIn({ slug }, owner);
    const email = `friend${Date.now()}@example.com`;
    const refused = await api(headers, 'POST', '/workspace/invitations', { email });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Verify your email address before inviting anyone.');
    expect((await api(headers, 'GET', '/workspace/invitations')).json().data).toEqual([]);
    await t.ctx.uow.transact((work) => markEmailVerified(work, owner.email));
    expect((await api(headers, 'POST', '/workspace/invitations', { email })).statusCode).toBe(201);
  });

  it('is accepted only by the address it was sent to, verified, and once', async () => {
    const crew = await team();
    const invited = await person();
    const other = await person();
    // Sent to the address as someone typed it: the account's is lowercase.
    const { token } = await invite(crew.headers, invited.email.toUpperCase(), 'viewer');

    const described = await dashboard.call('POST', '/invitations/describe', { payload: { token } });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({
      workspace: { name: crew.name, slug: crew.slug },
      email: invited.email,
      role: 'viewer',
    });

    const wrong = await accept(other, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      `This invitation is for ${invited.email}, and you are signed in as ${other.email}. Sign in with that address.`,
    );
    const accepted = await accept(invited, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ workspace: { id: crew.id, name: crew.name, slug: crew.slug } });
    expect((await rolesOf(crew))[invited.id]).toBe('viewer');
    expect((await rolesOf(crew))[other.id]).toBeUndefined();

    const again = await accept(invited, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/no longer valid/);
    expect((await dashboard.call('POST', '/invitations/describe', { payload: { token } })).statusCode).toBe(404);
    // The person now has the team in their list.
    const me = await dashboard.call('GET', '/me', { session: invited.session });
    expect(me.json().workspaces).toContainEqual({ id: crew.id, name: crew.name, slug: crew.slug, role: 'viewer' });
  });

  it('is refused to an account whose address is not verified, and kept for when it is', async () => {
    const crew = await team();
    const unverified = await person({ verified: false });
    const { token } = await invite(crew.headers, unverified.email);
    const refused = await accept(unverified, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Verify your email address before joining a workspace.');
    expect((await rolesOf(crew))[unverified.id]).toBeUndefined();
    await t.ctx.uow.transact((work) => markEmailVerified(work, unverified.email));
    expect((await accept(unverified, token)).statusCode).toBe(200);
  });

  it('expires after 7 days', async () => {
    const crew = await team();
    const invited = await person();
    const before = Date.now();
    const { id, token } = await invite(crew.headers, invited.email);
    const listed = (await api(crew.headers, 'GET', '/workspace/invitations')).json().data;
    const expiresAt = Date.parse(listed.find((i: { id: number }) => i.id === id).expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(expiresAt - before).toBeLessThan(7 * 86_400_000 + 60_000);

    // Past its time it is gone; the same invitation with time left works.
    const at = (iso: string) =>
      sql`update workspace_invitations set expires_at = ${iso} where id = ${id}`.execute(t.ctx.database.db);
    await at(new Date(Date.now() - 1000).toISOString());
    expect((await accept(invited, token)).statusCode).toBe(404);
    const expired = (await api(crew.headers, 'GET', '/workspace/invitations')).json().data;
    expect(expired.find((i: { id: number }) => i.id === id)).toMatchObject({ expired: true });
    await at(new Date(Date.now() + 60_000).toISOString());
    expect((await accept(invited, token)).statusCode).toBe(200);
  });

  it('stops working once revoked; an admin revokes only what they could have sent', async () => {
    const crew = await team();
    const admin = await person();
    await joinTeam(crew, admin, 'admin');
    const adminToken = await tokenIn(crew, admin);
    const invited = await person();
    const { id, token } = await invite(crew.headers, invited.email, 'member');
    const forAdmin = await invite(crew.headers, `boss${Date.now()}@example.com`, 'admin');
    expect((await api(adminToken, 'DELETE', `/workspace/invitations/${forAdmin.id}`)).statusCode).toBe(403);
    expect((await api(adminToken, 'DELETE', `/workspace/invitations/${id}`)).statusCode).toBe(204);
    expect((await api(adminToken, 'DELETE', `/workspace/invitations/${id}`)).statusCode).toBe(404);
    expect((await accept(invited, token)).statusCode).toBe(404);
    expect((await api(crew.headers, 'DELETE', `/workspace/invitations/${forAdmin.id}`)).statusCode).toBe(204);
    expect((await api(crew.headers, 'GET', '/workspace/invitations')).json().data).toEqual([]);
  });

  it('is declined by whoever holds the link, signed in or not', async () => {
    const crew = await team();
    const invited = await person();
    const { token } = await invite(crew.headers, invited.email);
    const declined = await dashboard.call('POST', '/invitations/decline', { payload: { token } });
    expect(declined.statusCode).toBe(204);
    expect((await accept(invited, token)).statusCode).toBe(404);
    expect((await dashboard.call('POST', '/invitations/decline', { payload: { token } })).statusCode).toBe(404);
    expect((await api(crew.headers, 'GET', '/workspace/invitations')).json().data).toEqual([]);
  });

  it('sent again to the same address, replaces the link: the first one stops working', async () => {
    const crew = await team();
    const invited = await person();
    const first = await invite(crew.headers, invited.email, 'viewer');
    const second = await invite(crew.headers, invited.email, 'member');
    expect(second.token).not.toBe(first.token);
    const listed = (await api(crew.headers, 'GET', '/workspace/invitations')).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ email: invited.email, role: 'member' });
    expect((await accept(invited, first.token)).statusCode).toBe(404);
    expect((await accept(invited, second.token)).statusCode).toBe(200);
    expect((await rolesOf(crew))[invited.id]).toBe('member');
  });
});

describe('members and roles', { timeout: 20_000 }, () => {
  it('admins change roles below admin; the owner makes and unmakes admins; nobody their own', async () => {
    const crew = await team();
    const [admin, member, viewer] = [await person(), await person(), await person()];
    await joinTeam(crew, admin, 'admin');
    await joinTeam(crew, member, 'member');
    await joinTeam(crew, viewer, 'viewer');
    const adminToken = await tokenIn(crew, admin);
    const role = (headers: Headers, userId: number, to: string) =>
      api(headers, 'PATCH', `/workspace/members/${userId}`, { role: to });

    expect((await role(adminToken, member.id, 'viewer')).statusCode).toBe(204);
    expect((await role(adminToken, member.id, 'member')).statusCode).toBe(204);
    expect((await role(adminToken, member.id, 'admin')).statusCode).toBe(403);
    expect((await role(adminToken, admin.id, 'member')).statusCode).toBe(403);
    expect((await role(adminToken, crew.owner.id, 'member')).statusCode).toBe(403);
    const own = await role(crew.headers, crew.owner.id, 'admin');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own role.');
    expect((await role(crew.headers, member.id, 'owner')).statusCode).toBe(422);
    expect((await role(crew.headers, viewer.id, 'admin')).statusCode).toBe(204);
    expect((await role(crew.headers, viewer.id, 'viewer')).statusCode).toBe(204);
    expect((await role(crew.headers, 999_999, 'viewer')).statusCode).toBe(404);
    expect(await rolesOf(crew)).toEqual({
      [crew.owner.id]: 'owner',
      [admin.id]: 'admin',
      [member.id]: 'member',
      [viewer.id]: 'viewer',
    });
  });

  it('admins remove members and viewers, the owner anyone; a member leaves, the owner cannot', async () => {
    const crew = await team();
    const [admin, member, viewer, leaver] = [await person(), await person(), await person(), await person()];
    await joinTeam(crew, admin, 'admin');
    await joinTeam(crew, member, 'member');
    await joinTeam(crew, viewer, 'viewer');
    await joinTeam(crew, leaver, 'member');
    const adminToken = await tokenIn(crew, admin);
    const memberToken = await tokenIn(crew, member);
    const remove = (headers: Headers, userId: number) => api(headers, 'DELETE', `/workspace/members/${userId}`);

    expect((await remove(memberToken, viewer.id)).statusCode).toBe(403);
    expect((await remove(adminToken, viewer.id)).statusCode).toBe(204);
    expect((await remove(adminToken, crew.owner.id)).statusCode).toBe(403);
    expect((await remove(adminToken, viewer.id)).statusCode).toBe(404);
    // Leaving through the API (one's own id) and through the dashboard.
    expect((await remove(memberToken, member.id)).statusCode).toBe(204);
    const left = await dashboard.call('POST', '/workspace/leave', {
      session: leaver.session,
      headers: { [WORKSPACE_HEADER]: crew.slug },
    });
    expect(left.statusCode).toBe(204);
    const ownerLeaves = await dashboard.call('POST', '/workspace/leave', {
      session: crew.owner.session,
      headers: { [WORKSPACE_HEADER]: crew.slug },
    });
    expect(ownerLeaves.statusCode).toBe(403);
    expect(ownerLeaves.json().message).toBe(
      'The owner cannot leave: transfer ownership first, or delete the workspace.',
    );
    expect((await remove(crew.headers, crew.owner.id)).statusCode).toBe(403);
    expect((await remove(crew.headers, admin.id)).statusCode).toBe(204);
    expect(await rolesOf(crew)).toEqual({ [crew.owner.id]: 'owner' });
    // Gone from the team, the dashboard no longer shows it to them.
    const me = await dashboard.call('GET', '/me', {
      session: leaver.session,
      headers: { [WORKSPACE_HEADER]: crew.slug },
    });
    expect(me.statusCode).toBe(404);
  });

  it('transfers ownership: the new owner can do what only an owner can, the old one is an admin', async () => {
    const crew = await team();
    const heir = await person();
    await joinTeam(crew, heir, 'member');
    const heirToken = await tokenIn(crew, heir);
    expect((await api(crew.headers, 'POST', '/workspace/transfer', { user_id: crew.owner.id })).statusCode).toBe(422);
    expect((await api(crew.headers, 'POST', '/workspace/transfer', { user_id: 999_999 })).statusCode).toBe(404);
    expect((await api(crew.headers, 'POST', '/workspace/transfer', { user_id: heir.id })).statusCode).toBe(204);
    expect(await rolesOf(crew)).toEqual({ [crew.owner.id]: 'admin', [heir.id]: 'owner' });
    const slug = `${crew.slug}-next`;
    expect((await api(crew.headers, 'PATCH', '/workspace', { slug })).statusCode).toBe(403);
    const renamed = await api(heirToken, 'PATCH', '/workspace', { slug });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug, role: 'owner' });
    expect((await api(crew.headers, 'GET', '/workspace')).json()).toMatchObject({ slug, role: 'admin' });
    // The former owner may leave now.
    expect((await api(crew.headers, 'DELETE', `/workspace/members/${crew.owner.id}`)).statusCode).toBe(204);
  });
});

describe("a token acts with its maker's role of now", { timeout: 20_000 }, () => {
  it('loses write the moment its maker is made viewer, and answers 401 once they are removed', async () => {
    const crew = await team();
    const member = await person();
    await joinTeam(crew, member, 'member');
    const token = await tokenIn(crew, member);
    expect((await api(token, 'POST', '/links', { redirect_url: 'https://example.com/a' })).statusCode).toBe(201);

    expect((await api(crew.headers, 'PATCH', `/workspace/members/${member.id}`, { role: 'viewer' })).statusCode).toBe(
      204,
    );
    const refused = await api(token, 'POST', '/links', { redirect_url: 'https://example.com/b' });
    expect(refused.statusCode).toBe(403);
    expect((await api(token, 'GET', '/links')).statusCode).toBe(200);
    // The dashboard's session is held to the same role.
    const bySession = await api(asSession(member, crew.slug), 'POST', '/links', {
      redirect_url: 'https://example.com/c',
    });
    expect(bySession.statusCode).toBe(403);

    expect((await api(crew.headers, 'PATCH', `/workspace/members/${member.id}`, { role: 'member' })).statusCode).toBe(
      204,
    );
    expect((await api(token, 'POST', '/links', { redirect_url: 'https://example.com/d' })).statusCode).toBe(201);
    expect((await api(crew.headers, 'DELETE', `/workspace/members/${member.id}`)).statusCode).toBe(204);
    expect((await api(token, 'GET', '/links')).statusCode).toBe(401);
  });

  it('on another instance sharing the database, at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-two-instances-'));
    const database =
      httpEngine === 'sqlite'
        ? { url: `sqlite:${join(dir, 'hoplink.db')}`, drop: async () => {} }
        : await freshMigratedDatabaseUrl('postgres');
    const config = loadConfig({
      DATABASE_URL: database.url,
      APP_URL: 'http://api.test',
      SHORT_URL: 'http://short.test',
    });
    const first = await createAppContext(config);
    const second = await createAppContext(config);
    const [appA, appB] = [await buildApiApp(first), await buildApiApp(second)];
    try {
      const db = first.database.db;
      const owner = await insertAccount(db, { email: 'owner@example.com', plan: 'business', emailVerified: true });
      const member = await insertAccount(db, { email: 'member@example.com', plan: 'free', emailVerified: true });
      await first.uow.transact(({ stores }) =>
        stores.workspaces.insertMember({ workspaceId: owner.workspaceId, userId: member.id, role: 'member' }),
      );
      const bearer = async (userId: number) => {
        const { plaintext } = await first.uow.transact((work) =>
          issueToken(work, { userId, workspaceId: owner.workspaceId, name: 'x', abilities: [...ABILITIES] }),
        );
        return { authorization: `Bearer ${plaintext}` };
      };
      const [ownerToken, memberToken] = [await bearer(owner.id), await bearer(member.id)];
      const onB = (method: ApiMethod, url: string, payload?: unknown) =>
        apiRequest(appB, method, url, payload, memberToken);
      expect((await onB('POST', '/links', { redirect_url: 'https://example.com/' })).statusCode).toBe(201);

      const demoted = await apiRequest(
        appA,
        'PATCH',
        `/workspace/members/${member.id}`,
        { role: 'viewer' },
        ownerToken,
      );
      expect(demoted.statusCode, demoted.body).toBe(204);
      expect((await onB('POST', '/links', { redirect_url: 'https://example.com/' })).statusCode).toBe(403);
      expect((await onB('GET', '/links')).statusCode).toBe(200);

      const removed = await apiRequest(appA, 'DELETE', `/workspace/members/${member.id}`, undefined, ownerToken);
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await onB('GET', '/links')).statusCode).toBe(401);
    } finally {
      await appA.close();
      await appB.close();
      await first.close();
      await second.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

interface Entry {
  id: number;
  actor: { user_id: number | null; email: string | null; token_id: number | null };
  action: string;
  resource_type: string;
  resource_id: string | null;
  fields: string[];
  address: string | null;
  created_at: string;
}

async function auditLog(headers: Headers, query = ''): Promise<{ data: Entry[]; next_cursor: string | null }> {
  const res = await api(headers, 'GET', `/audit-log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the audit log', { timeout: 20_000 }, () => {
  it("records who changed what and from where, with the changed fields' names and never their values", async () => {
    const crew = await team();
    const owner = crew.owner;
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const done = await res;
      expect(done.statusCode, done.body).toBeLessThan(300);
      return JSON.parse(done.body || 'null');
    };
    const link = await ok(api(crew.headers, 'POST', '/links', { redirect_url: 'https://example.com/audited' }));
    const secret = 'a secret link password';
    await ok(api(crew.headers, 'PATCH', `/links/${link.id}`, { title: 'Audited', password: secret }));
    await ok(api(crew.headers, 'DELETE', `/links/${link.id}`));
    const [changed, leaver] = [await person(), await person()];
    await joinTeam(crew, changed, 'member');
    await ok(api(crew.headers, 'PATCH', `/workspace/members/${changed.id}`, { role: 'viewer' }));
    await ok(api(crew.headers, 'DELETE', `/workspace/members/${changed.id}`));
    await joinTeam(crew, leaver, 'viewer');
    await ok(
      dashboard.call('POST', '/workspace/leave', {
        session: leaver.session,
        headers: { [WORKSPACE_HEADER]: crew.slug },
      }),
    );
    const revoked = await invite(crew.headers, `revoked${Date.now()}@example.com`);
    await ok(api(crew.headers, 'DELETE', `/workspace/invitations/${revoked.id}`));
    const inTeam = { session: owner.session, headers: { [WORKSPACE_HEADER]: crew.slug } };
    const token = await ok(
      dashboard.call('POST', '/tokens', { ...inTeam, payload: { name: 'short-lived', abilities: ['read'] } }),
    );
    await ok(dashboard.call('DELETE', `/tokens/${token.id}`, inTeam));
    const domain = await ok(api(crew.headers, 'POST', '/domains', { hostname: `audit${Date.now()}.brand.test` }));
    await ok(api(crew.headers, 'DELETE', `/domains/${domain.id}`));
    const hook = await ok(
      api(crew.headers, 'POST', '/webhooks', { url: 'https://hooks.example.com/a', events: ['link.created'] }),
    );
    await ok(api(crew.headers, 'DELETE', `/webhooks/${hook.id}`));
    await ok(api(crew.headers, 'POST', '/affiliates', { affiliate_program_id: 1, tag: 'audit-20' }));
    await ok(api(crew.headers, 'PATCH', '/workspace', { name: 'Audited team' }));
    await t.ctx.uow.transact((work) => changeWorkspacePlan(work, crew.id, 'pro'));

    const { data, next_cursor } = await auditLog(crew.headers, '?limit=100');
    expect(next_cursor).toBeNull();
    expect(data.map((entry) => entry.action).reverse()).toEqual([
      'workspace.plan_changed',
      'token.created',
      'link.created',
      'link.updated',
      'link.deleted',
      'member.invited',
      'member.joined',
      'member.role_changed',
      'member.removed',
      'member.invited',
      'member.joined',
      'member.left',
      'member.invited',
      'invitation.revoked',
      'token.created',
      'token.revoked',
      'domain.created',
      'domain.deleted',
      'webhook.created',
      'webhook.deleted',
      'affiliate_tag.created',
      'workspace.updated',
      'workspace.plan_changed',
    ]);
    expect(JSON.stringify(data)).not.toContain(secret);
    const find = (action: string) => data.filter((entry) => entry.action === action);
    const ownerToken = find('token.created').at(-1)!;
    expect(ownerToken.actor).toEqual({ user_id: owner.id, email: owner.email, token_id: null });
    expect(find('link.created')[0]).toMatchObject({
      actor: { user_id: owner.id, email: owner.email, token_id: Number(ownerToken.resource_id) },
      resource_type: 'link',
      resource_id: String(link.id),
      address: '127.0.0.1',
    });
    expect(find('link.updated')[0]!.fields).toEqual(['title', 'password']);
    expect(find('member.role_changed')[0]).toMatchObject({ resource_id: String(changed.id), fields: ['role'] });
    expect(find('member.joined').map((entry) => entry.actor.user_id)).toEqual([leaver.id, changed.id]);
    expect(find('member.left')[0]).toMatchObject({ actor: { user_id: leaver.id }, resource_id: String(leaver.id) });
    expect(find('token.revoked')[0]).toMatchObject({ resource_id: String(token.id), actor: { token_id: null } });
    expect(find('workspace.updated')[0]!.fields).toEqual(['name']);
    // The operator's plan changes: no person, no address.
    for (const entry of find('workspace.plan_changed')) {
      expect(entry).toMatchObject({
        actor: { user_id: null, email: null, token_id: null },
        address: null,
        resource_type: 'workspace',
        resource_id: String(crew.id),
        fields: ['plan'],
      });
    }
  });

  it('pages newest first with a cursor and filters by actor, action, resource type and time', async () => {
    const crew = await team();
    const member = await person();
    await joinTeam(crew, member, 'member');
    const memberToken = await tokenIn(crew, member);
    for (const [headers, n] of [
      [crew.headers, 4],
      [memberToken, 3],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await api(headers, 'POST', '/links', { redirect_url: `https://example.com/${i}` });
        expect(res.statusCode).toBe(201);
      }
    }
    const all = (await auditLog(crew.headers, '?limit=100')).data;
    expect(all.length).toBeGreaterThanOrEqual(11);
    const ids = all.map((entry) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Entry[]; next_cursor: string | null } = await auditLog(
        crew.headers,
        `?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(3);
      paged.push(...page.data.map((entry) => entry.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(ids);

    const filtered = async (query: string) => (await auditLog(crew.headers, `?limit=100&${query}`)).data;
    expect(await filtered(`actor=${member.id}`)).toEqual(all.filter((entry) => entry.actor.user_id === member.id));
    expect((await filtered(`actor=${member.id}`)).map((entry) => entry.action)).toEqual([
      'link.created',
      'link.created',
      'link.created',
      'token.created',
      'member.joined',
    ]);
    expect(await filtered('action=link.created')).toEqual(all.filter((entry) => entry.action === 'link.created'));
    expect(await filtered('resource_type=member')).toEqual(all.filter((entry) => entry.resource_type === 'member'));
    expect(await filtered(`action=link.created&actor=${member.id}`)).toHaveLength(3);
    const middle = all[Math.floor(all.length / 2)]!.created_at;
    expect(await filtered(`from=${middle}`)).toEqual(all.filter((entry) => entry.created_at >= middle));
    expect(await filtered(`to=${middle}`)).toEqual(all.filter((entry) => entry.created_at < middle));
    const twoPages = await auditLog(crew.headers, `?limit=2&action=link.created`);
    expect(twoPages.data).toHaveLength(2);
    const rest = await auditLog(crew.headers, `?limit=100&action=link.created&cursor=${twoPages.next_cursor}`);
    expect([...twoPages.data, ...rest.data]).toEqual(all.filter((entry) => entry.action === 'link.created'));

    for (const query of [`from=${middle}&to=${middle}`, 'cursor=abc', 'limit=101', 'from=yesterday']) {
      expect((await api(crew.headers, 'GET', `/audit-log?${query}`)).statusCode, query).toBe(422);
    }
  });

  it('is refused to members and viewers, and shows nothing of another workspace', async () => {
    const crew = await team();
    const [member, viewer] = [await person(), await person()];
    await joinTeam(crew, member, 'member');
    await joinTeam(crew, viewer, 'viewer');
    for (const who of [member, viewer]) {
      const res = await api(await tokenIn(crew, who), 'GET', '/audit-log');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        "Only this workspace's admins and owner can manage its members and read its audit log.",
      );
    }
    const other = await team();
    const seen = (await auditLog(other.headers, '?limit=100')).data;
    expect(seen.map((entry) => entry.action).reverse()).toEqual(['workspace.plan_changed', 'token.created']);
  });
});

describe('workspaces in the dashboard', { timeout: 20_000 }, () => {
  it("makes a workspace and shows the one the header names; a slug of someone else's is 404", async () => {
    const ann = await person();
    const bob = await person();
    const name = `Ann Co ${Date.now()}`;
    const made = await dashboard.call('POST', '/workspaces', { session: ann.session, payload: { name } });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name,
      slug: expect.stringMatching(/^ann-co-\d+$/),
      role: 'owner',
    });
    for (const slug of [created.slug, 'Bad Slug', '-dash']) {
      const refused = await dashboard.call('POST', '/workspaces', {
        session: ann.session,
        payload: { name: 'X', slug },
      });
      expect(refused.statusCode, slug).toBe(422);
      expect(refused.json().errors.slug).toBeDefined();
    }

    const me = (who: Person, slug?: string) =>
      dashboard.call('GET', '/me', { session: who.session, headers: slug ? { [WORKSPACE_HEADER]: slug } : {} });
    const personal = (await me(ann)).json().workspace;
    expect(personal.id).not.toBe(created.id);
    const there = (await me(ann, created.slug)).json();
    expect(there.workspace).toMatchObject({ id: created.id, slug: created.slug, plan: 'free', role: 'owner' });
    expect(there.workspaces.map((w: { id: number }) => w.id).sort()).toEqual([personal.id, created.id].sort());
    expect((await me(bob, created.slug)).statusCode).toBe(404);
    expect((await me(bob, 'no-such-workspace')).statusCode).toBe(404);
    expect((await api(asSession(bob, created.slug), 'GET', '/links')).statusCode).toBe(404);

    // The dashboard's API calls act in the workspace the header names.
    const link = await api(asSession(ann, created.slug), 'POST', '/links', { redirect_url: 'https://example.com/co' });
    expect(link.statusCode, link.body).toBe(201);
    const listed = async (slug?: string) =>
      (await api(asSession(ann, slug), 'GET', '/links')).json().data.map((l: { id: number }) => l.id);
    expect(await listed(created.slug)).toEqual([link.json().id]);
    expect(await listed()).toEqual([]);
  });

  it('deletes a workspace by its typed name with everything in it, never a personal one', async () => {
    const crew = await team();
    const admin = await person();
    await joinTeam(crew, admin, 'admin');
    for (let i = 0; i < 3; i++) {
      expect((await api(crew.headers, 'POST', '/links', { redirect_url: `https://example.com/${i}` })).statusCode).toBe(
        201,
      );
    }
    const remove = (who: Person, confirm: string, slug?: string) =>
      dashboard.call('DELETE', '/workspace', {
        session: who.session,
        headers: slug ? { [WORKSPACE_HEADER]: slug } : {},
        payload: { confirm },
      });

    const mistyped = await remove(crew.owner, `${crew.name}!`, crew.slug);
    expect(mistyped.statusCode).toBe(422);
    expect(mistyped.json().errors.confirm).toEqual(["Type the workspace's name exactly to delete it."]);
    expect((await remove(admin, crew.name, crew.slug)).statusCode).toBe(403);
    expect((await remove(crew.owner, crew.name, crew.slug)).statusCode).toBe(204);

    const db = t.ctx.database.db;
    const left = async (table: 'links' | 'workspace_members' | 'api_tokens') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('workspace_id', '=', crew.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await left('links'), await left('workspace_members'), await left('api_tokens')]).toEqual([0, 0, 0]);
    expect((await api(crew.headers, 'GET', '/links')).statusCode).toBe(401);
    expect(
      (await dashboard.call('GET', '/me', { session: admin.session, headers: { [WORKSPACE_HEADER]: crew.slug } }))
        .statusCode,
    ).toBe(404);
    // The people stay, in their own workspaces.
    expect((await dashboard.call('GET', '/me', { session: admin.session })).statusCode).toBe(200);

    const personal = (await dashboard.call('GET', '/me', { session: crew.owner.session })).json().workspace;
    const refused = await remove(crew.owner, personal.name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("A personal workspace (the one made at a person's sign-up) cannot be deleted.");
    // Handed to another owner, it is still its maker's home: the new owner cannot delete it either.
    await t.ctx.uow.transact(async ({ stores }) => {
      await stores.workspaces.insertMember({ workspaceId: personal.id, userId: admin.id, role: 'admin' });
      await stores.workspaces.setRole(personal.id, admin.id, 'owner');
      await stores.workspaces.setRole(personal.id, crew.owner.id, 'admin');
    });
    expect((await remove(admin, personal.name, personal.slug)).statusCode).toBe(403);
  });
});
