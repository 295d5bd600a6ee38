import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/core/model.ts';
import { roleAtLeast, type Role } from '../../src/core/roles.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { changeWorkspacePlan, createWorkspace } from '../../src/services/workspaces.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { apiRequest, useTestApp, type ApiMethod } from '../helpers/app.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { solidImage } from '../helpers/images.ts';

// Every /api/v1 operation of the OpenAPI document, asked by a token of each role of one Business
// workspace and by a token of another workspace (a non-member), against the permission table of
// src/core/roles.ts. A new operation without a row here fails the first test.

// Destinations, domains and webhooks are under names the loopback DNS server does not know: a
// link check or a domain check ends at once, and nothing leaves the machine.
const env: Record<string, string> = {
  RATE_LIMIT_BUSINESS: '100000',
  RATE_LIMIT_DOMAINS: '100000',
  LINK_CHECK_INTERVAL_HOURS: '0',
  WEBHOOK_POLL_MS: '3600000',
};
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer({});
  env.DNS_SERVERS = dns.address;
});
const t = useTestApp(env);
afterAll(async () => {
  await dns?.close();
});

const ACTORS = ['owner', 'admin', 'member', 'viewer', 'outsider'] as const;
type Actor = (typeof ACTORS)[number];
const MEMBER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const satisfies readonly Role[];

interface Caller {
  userId: number;
  workspace: Workspace;
  headers: Record<string, string>;
}
const callers = {} as Record<Actor, Caller>;
/** The team workspace every member role acts in. */
let team: Workspace;

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}-${Date.now()}`;

const as = (actor: Actor, method: ApiMethod, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  apiRequest(t.app, method, url, payload, { ...callers[actor].headers, ...headers });

/** The owner's call, which must succeed: how rows make the resources they act on. */
async function made(method: ApiMethod, url: string, payload?: unknown): Promise<{ id: number }> {
  const res = await as('owner', method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** A member of the team with `role`, signed up for the occasion (the target of role changes). */
async function newMember(role: Role): Promise<number> {
  const account = await insertAccount(t.ctx.database.db, { email: `${unique('target')}@example.test`, plan: 'free' });
  await t.ctx.uow.transact(({ stores }) =>
    stores.workspaces.insertMember({ workspaceId: team.id, userId: account.id, role }),
  );
  return account.id;
}

/** The team's resources that rows read and change without using them up. */
const shared = { link: 0, category: 0, label: 0, tag: 0, domain: 0, webhook: 0, import: 0 };

async function waitForImport(id: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const job = await t.ctx.uow.read(({ imports }) => imports.find(id));
    if (job && (job.status === 'done' || job.status === 'failed')) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

beforeAll(async () => {
  const db = t.ctx.database.db;
  const account = (label: string) =>
    insertAccount(db, { email: `${unique(label)}@example.test`, plan: 'free', emailVerified: true });
  const owner = await account('owner');
  team = await t.ctx.uow.transact(async (work) => {
    const made = await createWorkspace(work, owner, { name: 'Matrix team' });
    return changeWorkspacePlan(work, made.id, 'business');
  });
  for (const role of MEMBER_ROLES) {
    const user = role === 'owner' ? owner : await account(role);
    if (role !== 'owner')
      await t.ctx.uow.transact(({ stores }) =>
        stores.workspaces.insertMember({ workspaceId: team.id, userId: user.id, role }),
      );
    callers[role] = await withToken(user.id, team);
  }
  const outsider = await insertAccount(db, {
    email: `${unique('outsider')}@example.test`,
    plan: 'business',
    emailVerified: true,
  });
  callers.outsider = await withToken(outsider.id, outsider.workspace);

  shared.link = (await made('POST', '/links', { redirect_url: 'https://dest.test/shared' })).id;
  await made('PUT', `/links/${shared.link}/landing-options`, {
    options: ['https://dest.test/a', 'https://dest.test/b'],
  });
  shared.category = (await made('POST', '/categories', { name: 'Shared' })).id;
  shared.label = (await made('POST', '/tags', { name: 'Shared' })).id;
  shared.tag = (await made('POST', '/affiliates', { affiliate_program_id: 20, tag: 'shared-20' })).id;
  shared.domain = (await made('POST', '/domains', { hostname: 'shared.brand.test' })).id;
  shared.webhook = (await made('POST', '/webhooks', { url: 'https://hooks.test/shared', events: ['link.created'] })).id;
  shared.import = (await importCsv('owner')).id;
  await waitForImport(shared.import);
});

/** A token of `userId` acting in `workspace` with every ability: its role caps what it may do. */
async function withToken(userId: number, workspace: Workspace): Promise<Caller> {
  const { plaintext } = await t.ctx.uow.transact((work) =>
    issueToken(work, {
      userId,
      workspaceId: workspace.id,
      name: 'matrix',
      abilities: ['read', 'create', 'update', 'delete'],
    }),
  );
  return { userId, workspace, headers: { authorization: `Bearer ${plaintext}`, accept: 'application/json' } };
}

async function importCsv(actor: Actor): Promise<{ id: number }> {
  const res = await as(actor, 'POST', '/imports', 'url\nhttps://dest.test/imported\n', { 'content-type': 'text/csv' });
  return res.statusCode < 300 ? res.json() : { id: 0 };
}

interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  /** The operation as the OpenAPI document names it: `METHOD /path/{param}`. */
  op: string;
  /** What sets this row apart from another of the same operation. */
  variant?: string;
  expected: Record<Actor, number>;
  /** The request `actor` makes; may make (as the owner) the resource it uses up. */
  request(actor: Actor): Request | Promise<Request>;
  /** Called after the request: undoes what a success changed that later rows rely on. */
  after?(res: LightMyRequestResponse, actor: Actor): Promise<void>;
}

/**
 * `status` for the roles from `least` up, 403 below; the non-member gets `outsider`: 403 for a
 * resource of the team, their own workspace's answer for a collection, 404 for a team member.
 */
function from(least: Role, status: number, outsider: number): Record<Actor, number> {
  const byRole = Object.fromEntries(MEMBER_ROLES.map((role) => [role, roleAtLeast(role, least) ? status : 403]));
  return { ...(byRole as Record<Role, number>), outsider };
}
/** Read by any member; the non-member is refused a resource of the team. */
const readResource = from('viewer', 200, 403);
/** Read by any member; the non-member reads their own workspace's. */
const readCollection = from('viewer', 200, 200);

/** Amazon programs 10 to 19 in turn (9 is eBay, whose tags look otherwise). */
let lastProgram = 9;
const freeProgram = () => ++lastProgram;

const link = () => made('POST', '/links', { redirect_url: 'https://dest.test/fresh' });

const rows: Row[] = [
  // Links, their statistics, clicks, choice pages: members write, viewers read.
  { op: 'GET /links', expected: readCollection, request: () => ({ url: '/links' }) },
  {
    op: 'POST /links',
    expected: from('member', 201, 201),
    request: () => ({ url: '/links', payload: { redirect_url: 'https://dest.test/new' } }),
  },
  { op: 'GET /links/{id}', expected: readResource, request: () => ({ url: `/links/${shared.link}` }) },
  {
    op: 'PATCH /links/{id}',
    expected: from('member', 200, 403),
    request: () => ({ url: `/links/${shared.link}`, payload: { title: 'Changed' } }),
  },
  {
    op: 'DELETE /links/{id}',
    expected: from('member', 204, 403),
    request: async () => ({ url: `/links/${(await link()).id}` }),
  },
  {
    op: 'POST /links/{id}/check',
    expected: from('member', 202, 403),
    request: () => ({ url: `/links/${shared.link}/check` }),
  },
  { op: 'GET /links/export', expected: readCollection, request: () => ({ url: '/links/export' }) },
  { op: 'GET /links/{id}/stats', expected: readResource, request: () => ({ url: `/links/${shared.link}/stats` }) },
  { op: 'GET /links/{id}/qr', expected: readResource, request: () => ({ url: `/links/${shared.link}/qr` }) },
  { op: 'GET /stats', expected: readCollection, request: () => ({ url: '/stats' }) },
  { op: 'GET /links/{id}/clicks', expected: readResource, request: () => ({ url: `/links/${shared.link}/clicks` }) },
  {
    op: 'POST /links/bulk',
    expected: from('member', 200, 200),
    request: () => ({ url: '/links/bulk', payload: { links: [{ redirect_url: 'https://dest.test/bulk' }] } }),
  },
  {
    op: 'GET /links/{id}/landing-options',
    expected: readResource,
    request: () => ({ url: `/links/${shared.link}/landing-options` }),
  },
  {
    op: 'PUT /links/{id}/landing-options',
    expected: from('member', 200, 403),
    request: () => ({
      url: `/links/${shared.link}/landing-options`,
      payload: { options: ['https://dest.test/a', 'https://dest.test/c'] },
    }),
  },
  {
    op: 'DELETE /links/{id}/landing-options',
    expected: from('member', 204, 403),
    request: async () => {
      const { id } = await link();
      await made('PUT', `/links/${id}/landing-options`, { options: ['https://dest.test/a', 'https://dest.test/b'] });
      return { url: `/links/${id}/landing-options` };
    },
  },
  // Imports: members import, viewers read.
  {
    op: 'POST /imports',
    expected: from('member', 202, 202),
    request: () => ({
      url: '/imports',
      payload: 'url\nhttps://dest.test/imported\n',
      headers: { 'content-type': 'text/csv' },
    }),
    // An account has at most two imports under way: each is let finish before the next.
    after: async (res) => {
      if (res.statusCode === 202) await waitForImport(res.json().id);
    },
  },
  { op: 'GET /imports', expected: readCollection, request: () => ({ url: '/imports' }) },
  { op: 'GET /imports/{id}', expected: readResource, request: () => ({ url: `/imports/${shared.import}` }) },
  // Categories: members write, viewers read.
  { op: 'GET /categories', expected: readCollection, request: () => ({ url: '/categories' }) },
  {
    op: 'POST /categories',
    expected: from('member', 201, 201),
    request: () => ({ url: '/categories', payload: { name: unique('category') } }),
  },
  { op: 'GET /categories/{id}', expected: readResource, request: () => ({ url: `/categories/${shared.category}` }) },
  {
    op: 'PATCH /categories/{id}',
    expected: from('member', 200, 403),
    request: () => ({ url: `/categories/${shared.category}`, payload: { name: unique('renamed') } }),
  },
  {
    op: 'DELETE /categories/{id}',
    expected: from('member', 204, 403),
    request: async () => ({ url: `/categories/${(await made('POST', '/categories', { name: unique('gone') })).id}` }),
  },
  // Tags: members write, viewers read; bulk updates answer per link, so a stranger's ids are refused one by one.
  { op: 'GET /tags', expected: readCollection, request: () => ({ url: '/tags' }) },
  {
    op: 'POST /tags',
    expected: from('member', 201, 201),
    request: () => ({ url: '/tags', payload: { name: unique('tag') } }),
  },
  { op: 'GET /tags/{id}', expected: readResource, request: () => ({ url: `/tags/${shared.label}` }) },
  {
    op: 'PATCH /tags/{id}',
    expected: from('member', 200, 403),
    request: () => ({ url: `/tags/${shared.label}`, payload: { color: 'green' } }),
  },
  {
    op: 'DELETE /tags/{id}',
    expected: from('member', 204, 403),
    request: async () => ({ url: `/tags/${(await made('POST', '/tags', { name: unique('gone') })).id}` }),
  },
  {
    op: 'PATCH /links/bulk',
    expected: from('member', 200, 200),
    request: () => ({ url: '/links/bulk', payload: { ids: [shared.link], add_tags: ['Bulk'] } }),
  },
  // Affiliate tags, domains, webhooks: admins write, members and viewers read.
  { op: 'GET /affiliate-programs', expected: readCollection, request: () => ({ url: '/affiliate-programs' }) },
  { op: 'GET /affiliates', expected: readCollection, request: () => ({ url: '/affiliates' }) },
  {
    op: 'POST /affiliates',
    expected: from('admin', 201, 201),
    // One tag per program per workspace: each request names a program of its own (1 to 5).
    request: (actor) => ({
      url: '/affiliates',
      payload: { affiliate_program_id: ACTORS.indexOf(actor) + 1, tag: 'mine-20' },
    }),
  },
  {
    op: 'PATCH /affiliates/{id}',
    expected: from('admin', 200, 403),
    request: () => ({ url: `/affiliates/${shared.tag}`, payload: { tag: unique('changed') } }),
  },
  {
    op: 'DELETE /affiliates/{id}',
    expected: from('admin', 204, 403),
    // Each request deletes a tag of a program of its own (10 to 19: no other row uses them).
    request: async () => {
      const tag = await made('POST', '/affiliates', { affiliate_program_id: freeProgram(), tag: 'gone-20' });
      return { url: `/affiliates/${tag.id}` };
    },
  },
  { op: 'GET /domains', expected: readCollection, request: () => ({ url: '/domains' }) },
  {
    op: 'POST /domains',
    expected: from('admin', 201, 201),
    request: () => ({ url: '/domains', payload: { hostname: `${unique('go')}.brand.test` } }),
  },
  {
    op: 'POST /domains/{id}/check',
    expected: from('admin', 200, 403),
    request: () => ({ url: `/domains/${shared.domain}/check` }),
  },
  {
    op: 'DELETE /domains/{id}',
    expected: from('admin', 204, 403),
    request: async () => ({
      url: `/domains/${(await made('POST', '/domains', { hostname: `${unique('gone')}.brand.test` })).id}`,
    }),
  },
  { op: 'GET /webhooks', expected: readCollection, request: () => ({ url: '/webhooks' }) },
  {
    op: 'POST /webhooks',
    expected: from('admin', 201, 201),
    request: () => ({ url: '/webhooks', payload: { url: 'https://hooks.test/new', events: ['link.created'] } }),
  },
  {
    op: 'PATCH /webhooks/{id}',
    expected: from('admin', 200, 403),
    request: () => ({ url: `/webhooks/${shared.webhook}`, payload: { description: 'renamed' } }),
  },
  {
    op: 'DELETE /webhooks/{id}',
    expected: from('admin', 204, 403),
    request: async () => {
      const webhook = await made('POST', '/webhooks', { url: 'https://hooks.test/gone', events: ['link.deleted'] });
      return { url: `/webhooks/${webhook.id}` };
    },
  },
  {
    op: 'POST /webhooks/{id}/test',
    expected: from('admin', 202, 403),
    request: () => ({ url: `/webhooks/${shared.webhook}/test` }),
  },
  {
    op: 'GET /webhooks/{id}/deliveries',
    expected: readResource,
    request: () => ({ url: `/webhooks/${shared.webhook}/deliveries` }),
  },
  // Conversions: members record them, viewers read; admins manage the postback and its secret.
  { op: 'GET /conversions', expected: readCollection, request: () => ({ url: '/conversions' }) },
  {
    op: 'POST /conversions',
    expected: from('member', 201, 201),
    request: () => ({ url: '/conversions', payload: { order_id: unique('order'), amount: '9.99', currency: 'EUR' } }),
  },
  { op: 'GET /conversions/postback', expected: readCollection, request: () => ({ url: '/conversions/postback' }) },
  {
    op: 'PUT /conversions/postback',
    expected: from('admin', 200, 200),
    request: () => ({ url: '/conversions/postback', payload: { parameter_names: { click_id: 'subid' } } }),
  },
  {
    op: 'POST /conversions/postback/rotate',
    expected: from('admin', 200, 200),
    request: () => ({ url: '/conversions/postback/rotate' }),
  },
  // The workspace: admins rename it, the owner alone changes its slug and the two-factor rule.
  { op: 'GET /workspace', expected: readCollection, request: () => ({ url: '/workspace' }) },
  // The QR logo: admins set and remove it, every member reads it (the rows before GET give it one).
  {
    op: 'PUT /workspace/qr-logo',
    expected: from('admin', 200, 200),
    request: async () => ({
      url: '/workspace/qr-logo',
      payload: await solidImage(16, 16, '#dc2626'),
      headers: { 'content-type': 'image/png' },
    }),
  },
  { op: 'GET /workspace/qr-logo', expected: readCollection, request: () => ({ url: '/workspace/qr-logo' }) },
  {
    op: 'DELETE /workspace/qr-logo',
    expected: from('admin', 204, 204),
    request: () => ({ url: '/workspace/qr-logo' }),
  },
  {
    op: 'PATCH /workspace',
    variant: 'name',
    expected: from('admin', 200, 200),
    request: (actor) => ({ url: '/workspace', payload: { name: callers[actor].workspace.name } }),
  },
  {
    op: 'PATCH /workspace',
    variant: 'slug',
    expected: from('owner', 200, 200),
    request: (actor) => ({ url: '/workspace', payload: { slug: callers[actor].workspace.slug } }),
  },
  {
    op: 'PATCH /workspace',
    variant: 'require_two_factor',
    expected: from('owner', 200, 200),
    request: () => ({ url: '/workspace', payload: { require_two_factor: false } }),
  },
  // Members: admins manage those below admin, the owner makes admins and transfers.
  { op: 'GET /workspace/members', expected: readCollection, request: () => ({ url: '/workspace/members' }) },
  {
    op: 'PATCH /workspace/members/{user_id}',
    variant: 'a member made viewer',
    expected: from('admin', 204, 404),
    request: async () => ({ url: `/workspace/members/${await newMember('member')}`, payload: { role: 'viewer' } }),
  },
  {
    op: 'PATCH /workspace/members/{user_id}',
    variant: 'a member made admin',
    expected: from('owner', 204, 404),
    request: async () => ({ url: `/workspace/members/${await newMember('member')}`, payload: { role: 'admin' } }),
  },
  {
    op: 'PATCH /workspace/members/{user_id}',
    variant: 'an admin made member',
    expected: from('owner', 204, 404),
    request: async () => ({ url: `/workspace/members/${await newMember('admin')}`, payload: { role: 'member' } }),
  },
  {
    op: 'DELETE /workspace/members/{user_id}',
    variant: 'a member',
    expected: from('admin', 204, 404),
    request: async () => ({ url: `/workspace/members/${await newMember('member')}` }),
  },
  {
    op: 'DELETE /workspace/members/{user_id}',
    variant: 'an admin',
    expected: from('owner', 204, 404),
    request: async () => ({ url: `/workspace/members/${await newMember('admin')}` }),
  },
  {
    op: 'POST /workspace/transfer',
    expected: from('owner', 204, 404),
    request: async () => ({ url: '/workspace/transfer', payload: { user_id: await newMember('member') } }),
    // The owner gave the team away: it is given back, so the rows after this one find it as it was.
    after: async (res, actor) => {
      if (actor !== 'owner' || res.statusCode !== 204) return;
      await t.ctx.uow.transact(async ({ stores }) => {
        const members = await stores.workspaces.members(team.id);
        const taker = members.find((m) => m.role === 'owner')!;
        await stores.workspaces.setRole(team.id, callers.owner.userId, 'owner');
        await stores.workspaces.deleteMember(team.id, taker.user.id);
      });
    },
  },
  {
    op: 'GET /workspace/invitations',
    expected: from('admin', 200, 200),
    request: () => ({ url: '/workspace/invitations' }),
  },
  {
    op: 'POST /workspace/invitations',
    variant: 'as member',
    expected: from('admin', 201, 201),
    request: () => ({ url: '/workspace/invitations', payload: { email: `${unique('invited')}@example.test` } }),
  },
  {
    op: 'POST /workspace/invitations',
    variant: 'as admin',
    expected: from('owner', 201, 201),
    request: () => ({
      url: '/workspace/invitations',
      payload: { email: `${unique('invited')}@example.test`, role: 'admin' },
    }),
  },
  {
    op: 'DELETE /workspace/invitations/{id}',
    expected: from('admin', 204, 403),
    request: async () => {
      const invitation = await made('POST', '/workspace/invitations', { email: `${unique('revoked')}@example.test` });
      return { url: `/workspace/invitations/${invitation.id}` };
    },
  },
  // The audit log: admins and the owner.
  { op: 'GET /audit-log', expected: from('admin', 200, 200), request: () => ({ url: '/audit-log' }) },
];

const methodOf = (row: Row) => row.op.split(' ')[0] as ApiMethod;
const titleOf = (row: Row) => (row.variant ? `${row.op} (${row.variant})` : row.op);

it('has a row for every operation of the OpenAPI document, and none for an operation it lacks', () => {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(documented.length).toBeGreaterThan(40);
  expect(new Set(rows.map((row) => row.op))).toEqual(new Set(documented));
});

it("answers a non-member's collection reads from their own, empty workspace", async () => {
  const stranger = await insertAccount(t.ctx.database.db, {
    email: `${unique('stranger')}@example.test`,
    plan: 'business',
  });
  const caller = await withToken(stranger.id, stranger.workspace);
  const get = async (url: string) => {
    const res = await apiRequest(t.app, 'GET', url, undefined, caller.headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  for (const url of ['/links', '/imports', '/categories', '/tags', '/affiliates', '/domains', '/webhooks']) {
    expect((await get(url)).json().data, url).toEqual([]);
  }
  expect((await get('/workspace/invitations')).json().data).toEqual([]);
  expect((await get('/audit-log')).json().data).toEqual([]);
  expect((await get('/workspace/members')).json().data.map((m: { user_id: number }) => m.user_id)).toEqual([
    stranger.id,
  ]);
  expect((await get('/workspace')).json()).toMatchObject({ id: stranger.workspaceId, role: 'owner' });
  expect((await get('/links/export')).body.trim().split('\n')).toHaveLength(1);
});

for (const row of rows) {
  describe(titleOf(row), () => {
    for (const actor of ACTORS) {
      it(`answers ${row.expected[actor]} to the ${actor}`, async () => {
        const request = await row.request(actor);
        const res = await as(actor, methodOf(row), request.url, request.payload, request.headers);
        await row.after?.(res, actor);
        expect(res.statusCode, `${actor}: ${methodOf(row)} ${request.url}: ${res.body}`).toBe(row.expected[actor]);
        if (res.statusCode === 403) expect(res.json().message).toEqual(expect.any(String));
      });
    }
  });
}

describe('a resource named by id', () => {
  const named = rows.filter((row) => row.op.includes('{'));
  it.each(named.map((row) => [titleOf(row), row] as const))(
    '%s answers 404 when it does not exist, to the non-member and the owner alike',
    async (_title, row) => {
      for (const actor of ['outsider', 'owner'] as const) {
        const request = await row.request(actor);
        const url = request.url.replace(/\/\d+(?=\/|$)/, '/999999999');
        const res = await as(actor, methodOf(row), url, request.payload, request.headers);
        expect(res.statusCode, `${actor}: ${methodOf(row)} ${url}: ${res.body}`).toBe(404);
      }
    },
  );
});
