import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsProvider } from '../../src/domain-verification/dns-provider.ts';
import { totpCodeAt, totpStep } from '../../src/core/totp.ts';
import { changePlan } from '../../src/services/accounts.ts';
import { createTestApp, createUserWithToken, type TestApp } from '../helpers/app.ts';
import { startDnsServer } from '../helpers/dns-server.ts';

// Every write use case of the API and the dashboard, on the default engine (a SQLite file, with
// the click writer thread), each with a deadline: a use case that reached the database beside its
// transaction waited forever on SQLite's single connection, and took every later request with it.
const DEADLINE_MS = 2_000;

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let dir: string;
let headers: Record<string, string>;
let ids: { category: number; domain: number; link: number; tag: number; webhook: number };

function withinDeadline(what: string, request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  return Promise.race([request, late]).finally(() => clearTimeout(timer));
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  withinDeadline(`${method} ${url}`, t.app.inject({ method, url, headers: h, payload }));

async function expectStatus(
  response: Promise<LightMyRequestResponse>,
  status: number,
): Promise<LightMyRequestResponse> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hoplink-uow-'));
  dns = await startDnsServer({ 'brand.uow.test': { CNAME: 'hop.example.' } });
  t = await createTestApp({
    DATABASE_URL: `sqlite:${join(dir, 'hoplink.db')}`,
    SHORT_URL: 'https://hop.example',
    RATE_LIMIT_BUSINESS: '100000',
    RATE_LIMIT_DOMAINS: '100000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The link checker asks the loopback DNS server, which knows none of the links' hosts.
    DNS_SERVERS: dns.address,
  });
  t.ctx.domains.provider = createDnsProvider({ servers: [dns.address], shortHostname: 'hop.example', timeoutMs: 500 });
  headers = (await createUserWithToken(t.ctx, 'business')).headers;
  const category = (await expectStatus(call('POST', '/api/v1/categories', { name: 'Campaigns' }), 201)).json();
  const domain = (await expectStatus(call('POST', '/api/v1/domains', { hostname: 'brand.uow.test' }), 201)).json();
  expect((await expectStatus(call('POST', `/api/v1/domains/${domain.id}/check`), 200)).json().status).toBe('active');
  const link = (
    await expectStatus(call('POST', '/api/v1/links', { redirect_url: 'https://example.com/first' }), 201)
  ).json();
  const tag = (
    await expectStatus(call('POST', '/api/v1/affiliates', { affiliate_program_id: 1, tag: 'hoplink-20' }), 201)
  ).json();
  const webhook = (
    await expectStatus(
      call('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['link.created'] }),
      201,
    )
  ).json();
  ids = { category: category.id, domain: domain.id, link: link.id, tag: tag.id, webhook: webhook.id };
});
afterAll(async () => {
  await t.close();
  await dns.close();
  rmSync(dir, { recursive: true, force: true });
});

const condition = { type: 'country', operator: 'in', values: ['FR'], redirect_url: 'https://example.fr/' };

describe('every write use case answers within its deadline and leaves the service usable', () => {
  const everyReference = () => ({ category_id: ids.category, domain_id: ids.domain, conditions: [condition] });
  const cases: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
    [
      'create a link with every optional reference',
      () => call('POST', '/api/v1/links', { redirect_url: 'https://example.com/a', ...everyReference() }),
      201,
    ],
    [
      'create a link with a custom code on a custom domain',
      () =>
        call('POST', '/api/v1/links', {
          redirect_url: 'https://example.com/b',
          short_code: 'uow-own',
          domain_id: ids.domain,
        }),
      201,
    ],
    [
      'create a link with an unknown domain',
      () => call('POST', '/api/v1/links', { redirect_url: 'https://example.com/c', domain_id: 999_999 }),
      422,
    ],
    [
      'create a link with an unknown category',
      () => call('POST', '/api/v1/links', { redirect_url: 'https://example.com/d', category_id: 999_999 }),
      422,
    ],
    [
      'bulk items with every optional reference',
      () =>
        call('POST', '/api/v1/links/bulk', {
          links: [
            { redirect_url: 'https://example.com/bulk/1', ...everyReference() },
            { redirect_url: 'https://example.com/bulk/2', domain_id: ids.domain },
            { redirect_url: 'https://example.com/bulk/3', domain_id: 999_999 },
            { redirect_url: 'https://example.com/bulk/4', category_id: 999_999 },
            { redirect_url: 'https://example.com/bulk/5', short_code: 'uow-own', domain_id: ids.domain },
          ],
        }),
      200,
    ],
    [
      'update a link with every optional reference',
      () =>
        call('PATCH', `/api/v1/links/${ids.link}`, {
          redirect_url: 'https://example.com/changed',
          is_active: true,
          ...everyReference(),
        }),
      200,
    ],
    [
      'create and update links with every link control, passwords included',
      async () => {
        const controls = {
          title: 'Controlled',
          expires_at: '2099-01-01T00:00:00Z',
          max_clicks: 5,
          expired_url: 'https://example.com/over',
          password: 'open sesame',
          utm: { source: 'uow' },
          variants: [
            { url: 'https://a.example/', weight: 1 },
            { url: 'https://b.example/', weight: 2 },
          ],
          preview: { title: 'Card' },
        };
        await expectStatus(call('POST', '/api/v1/links', { redirect_url: 'https://example.com/e', ...controls }), 201);
        await expectStatus(
          call('POST', '/api/v1/links/bulk', {
            links: [{ redirect_url: 'https://example.com/bulk/6', ...controls, password: 'another one' }],
          }),
          200,
        );
        return call('PATCH', `/api/v1/links/${ids.link}`, { password: 'changed it', title: null });
      },
      200,
    ],
    [
      'move a link back to the default host',
      () => call('PATCH', `/api/v1/links/${ids.link}`, { domain_id: null, category_id: null, conditions: [] }),
      200,
    ],
    [
      'set landing options',
      () =>
        call('PUT', `/api/v1/links/${ids.link}/landing-options`, {
          options: ['https://a.example/', 'https://b.example/'],
        }),
      200,
    ],
    ['remove landing options', () => call('DELETE', `/api/v1/links/${ids.link}/landing-options`), 204],
    ['rename a category', () => call('PATCH', `/api/v1/categories/${ids.category}`, { name: 'Renamed' }), 200],
    ['create a category with a taken name', () => call('POST', '/api/v1/categories', { name: 'Renamed' }), 422],
    ['change an affiliate tag', () => call('PATCH', `/api/v1/affiliates/${ids.tag}`, { tag: 'changed-20' }), 200],
    [
      'add a second tag for the same program',
      () => call('POST', '/api/v1/affiliates', { affiliate_program_id: 1, tag: 'other-20' }),
      422,
    ],
    ['check a domain again', () => call('POST', `/api/v1/domains/${ids.domain}/check`), 200],
    ['delete a domain links use', () => call('DELETE', `/api/v1/domains/${ids.domain}`), 422],
    [
      'add a domain the provider cannot find yet',
      () => call('POST', '/api/v1/domains', { hostname: 'later.uow.test' }),
      201,
    ],
    ['send a test webhook delivery', () => call('POST', `/api/v1/webhooks/${ids.webhook}/test`), 202],
    [
      'record a conversion',
      () => call('POST', '/api/v1/conversions', { order_id: 'uow-1', amount: '1.00', currency: 'EUR' }),
      201,
    ],
    [
      "update a conversion's status",
      () =>
        call('POST', '/api/v1/conversions', { order_id: 'uow-1', amount: '1.00', currency: 'EUR', status: 'approved' }),
      200,
    ],
    [
      'name the postback parameters',
      () => call('PUT', '/api/v1/conversions/postback', { parameter_names: { click_id: 'subid' } }),
      200,
    ],
    ['make a new postback secret', () => call('POST', '/api/v1/conversions/postback/rotate'), 200],
    ['call a postback with an unknown secret', () => call('GET', '/postback/pbs_unknown?order_id=x'), 404],
    ["check a link's destinations now", () => call('POST', `/api/v1/links/${ids.link}/check`), 202],
    ['delete a link', () => call('DELETE', `/api/v1/links/${ids.link}`), 204],
    ['delete a category', () => call('DELETE', `/api/v1/categories/${ids.category}`), 204],
    ['remove an affiliate tag', () => call('DELETE', `/api/v1/affiliates/${ids.tag}`), 204],
    ['delete a webhook', () => call('DELETE', `/api/v1/webhooks/${ids.webhook}`), 204],
  ];

  it.each(cases)('%s', async (_name, run, status) => {
    await expectStatus(run(), status);
    await expectStatus(call('GET', '/api/v1/links?per_page=100'), 200);
  });

  it('the dashboard: sign up, sign in, create and revoke a token, sign out', async () => {
    const email = `uow-${Date.now()}@example.com`;
    const credentials = { email, password: 'correct horse' };
    const signUp = await expectStatus(call('POST', '/dashboard-api/signup', credentials, {}), 201);
    await expectStatus(call('POST', '/dashboard-api/signup', credentials, {}), 422);
    const signIn = await expectStatus(call('POST', '/dashboard-api/signin', credentials, {}), 200);
    const cookie = `hoplink_session=${signIn.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
    const session = { cookie, 'x-csrf-token': signIn.json().csrf_token as string };
    expect(signUp.json().user.email).toBe(email);
    // Tokens are for plans with API access; the operator's plan change is a transaction of its own.
    await t.ctx.uow.transact((work) => changePlan(work, email, 'pro'));
    const token = (
      await expectStatus(call('POST', '/dashboard-api/tokens', { name: 'ci', abilities: ['read'] }, session), 201)
    ).json();
    await expectStatus(
      call('POST', '/api/v1/links', { redirect_url: 'https://example.com/from-dashboard' }, session),
      201,
    );
    await expectStatus(call('DELETE', `/dashboard-api/tokens/${token.id}`, undefined, session), 204);
    await expectStatus(call('DELETE', `/dashboard-api/tokens/${token.id}`, undefined, session), 404);
    await expectStatus(call('POST', '/dashboard-api/signout', undefined, session), 204);
    await expectStatus(call('GET', '/api/v1/links', undefined, headers), 200);
  });

  it('workspaces: create, rename, invite, accept, change a role, transfer, leave, the log, delete', async () => {
    const signUp = async (email: string) => {
      const res = await expectStatus(
        call('POST', '/dashboard-api/signup', { email, password: 'correct horse' }, {}),
        201,
      );
      const cookie = `hoplink_session=${res.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
      await t.ctx.database.db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('email', '=', email)
        .execute();
      return { id: res.json().user.id as number, session: { cookie, 'x-csrf-token': res.json().csrf_token as string } };
    };
    const stamp = Date.now();
    const owner = await signUp(`uow-owner-${stamp}@example.com`);
    const guest = await signUp(`uow-guest-${stamp}@example.com`);
    const made = (
      await expectStatus(call('POST', '/dashboard-api/workspaces', { name: 'Team' }, owner.session), 201)
    ).json();
    const inTeam = { ...owner.session, 'x-hoplink-workspace': made.slug as string };
    await expectStatus(call('PATCH', '/api/v1/workspace', { name: 'The team' }, inTeam), 200);
    const invitation = (
      await expectStatus(
        call(
          'POST',
          '/api/v1/workspace/invitations',
          { email: `uow-guest-${stamp}@example.com`, role: 'member' },
          inTeam,
        ),
        201,
      )
    ).json();
    const token = new URL(invitation.accept_url.replace('#/', '')).searchParams.get('token');
    await expectStatus(call('POST', '/dashboard-api/invitations/accept', { token }, guest.session), 200);
    await expectStatus(call('PATCH', `/api/v1/workspace/members/${guest.id}`, { role: 'admin' }, inTeam), 204);
    await expectStatus(call('POST', '/api/v1/workspace/transfer', { user_id: guest.id }, inTeam), 204);
    await expectStatus(call('POST', '/dashboard-api/workspace/leave', undefined, inTeam), 204);
    const asGuest = { ...guest.session, 'x-hoplink-workspace': made.slug as string };
    expect(
      (await expectStatus(call('GET', '/api/v1/audit-log', undefined, asGuest), 200)).json().data.length,
    ).toBeGreaterThan(3);
    await expectStatus(call('DELETE', '/dashboard-api/workspace', { confirm: 'The team' }, asGuest), 204);
    await expectStatus(call('GET', '/api/v1/workspace', undefined, asGuest), 404);
  });

  it('the dashboard: two-factor sign-in, its sign-in step, and ending a session', async () => {
    const email = `uow-2fa-${Date.now()}@example.com`;
    const credentials = { email, password: 'correct horse' };
    const signUp = await expectStatus(call('POST', '/dashboard-api/signup', credentials, {}), 201);
    const cookie = `hoplink_session=${signUp.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
    const session = { cookie, 'x-csrf-token': signUp.json().csrf_token as string };
    const setup = await expectStatus(
      call('POST', '/dashboard-api/two-factor/setup', { password: 'correct horse' }, session),
      200,
    );
    const step = totpStep(Date.now());
    const code = (offset: number) => totpCodeAt(setup.json().secret, step + offset);
    const enabled = await expectStatus(
      call('POST', '/dashboard-api/two-factor/enable', { code: code(0) }, session),
      200,
    );
    const recovery: string[] = enabled.json().recovery_codes;
    const codes = await expectStatus(
      call('POST', '/dashboard-api/two-factor/recovery-codes', { code: code(1) }, session),
      200,
    );
    const fresh: string[] = codes.json().recovery_codes;
    expect(fresh).not.toEqual(recovery);
    const challenge = (await expectStatus(call('POST', '/dashboard-api/signin', credentials, {}), 200)).json()
      .challenge;
    const signedIn = await expectStatus(
      call('POST', '/dashboard-api/signin/two-factor', { challenge, recovery_code: fresh[0] }, {}),
      200,
    );
    const sessions = (await expectStatus(call('GET', '/dashboard-api/sessions', undefined, session), 200)).json().data;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    await expectStatus(call('DELETE', `/dashboard-api/sessions/${other.id}`, undefined, session), 204);
    const signedInCookie = signedIn.cookies.find((c) => c.name === 'hoplink_session')!.value;
    await expectStatus(
      call('GET', '/dashboard-api/me', undefined, { cookie: `hoplink_session=${signedInCookie}` }),
      401,
    );
    await expectStatus(
      call(
        'POST',
        '/dashboard-api/two-factor/disable',
        { password: 'correct horse', recovery_code: fresh[1] },
        session,
      ),
      204,
    );
  });

  it('keeps serving short links and recording their visits', async () => {
    const link = (
      await expectStatus(call('POST', '/api/v1/links', { redirect_url: 'https://example.com/visited' }), 201)
    ).json();
    t.ctx.clicks.record({
      linkId: link.id,
      at: Date.now(),
      ip: '8.8.8.8',
      userAgent: 'Mozilla/5.0 Firefox/120.0',
      referer: undefined,
      optionIndex: null,
    });
    await withinDeadline(
      'click flush',
      t.ctx.clicks.flush().then(() => ({}) as LightMyRequestResponse),
    );
    expect((await expectStatus(call('GET', `/api/v1/links/${link.id}`), 200)).json().click_count).toBe(1);
  });
});
