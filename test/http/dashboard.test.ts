import { describe, expect, it } from 'vitest';
import { dashboardBuilt } from '../../src/dashboard/assets.ts';
import type { Plan } from '../../src/core/plans.ts';
import { changePlan } from '../../src/services/accounts.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

let n = 0;
/** A person signed up through the dashboard (on Free, as every sign-up is), then put on `plan` by the operator. */
async function signUp(plan: Plan = 'free') {
  const email = `person${++n}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/dashboard-api/signup',
    payload: { email, password: 'correct horse' },
    // Each from its own address: sign-ups are limited to 10 an hour per address.
    remoteAddress: `192.0.2.${n}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = res.cookies.find((c) => c.name === 'hoplink_session')!;
  if (plan !== 'free') await t.ctx.uow.transact((work) => changePlan(work, email, plan));
  return { email, body: res.json(), cookie: `hoplink_session=${cookie.value}`, rawCookie: cookie };
}

describe('dashboard accounts and sessions', () => {
  it('signs a new person up on the free plan with an HttpOnly, SameSite=Lax session cookie', async () => {
    const { body, rawCookie } = await signUp();
    expect(body.user.plan).toBe('free');
    expect(body.csrf_token).toMatch(/^[\w-]{20,}$/);
    expect(body.features.bulk).toEqual({ allowed: false, reason: 'Needs the Business plan.' });
    expect(rawCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('stores only a hash of the session cookie', async () => {
    const { rawCookie } = await signUp();
    const rows = await t.ctx.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(rawCookie.value);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('lets a signed-in person use /api/v1 with the cookie on any plan, with the CSRF header for changes', async () => {
    const { cookie, body } = await signUp();
    expect((await t.api('GET', '/links', undefined, { cookie })).statusCode).toBe(200);
    const withoutCsrf = await t.api('POST', '/links', { redirect_url: 'https://example.com' }, { cookie });
    expect(withoutCsrf.statusCode).toBe(403);
    expect(withoutCsrf.json().message).toBe('CSRF token mismatch.');
    const withCsrf = await t.api(
      'POST',
      '/links',
      { redirect_url: 'https://example.com' },
      { cookie, 'x-csrf-token': body.csrf_token },
    );
    expect(withCsrf.statusCode).toBe(201);
    const business = await t.api(
      'POST',
      '/links/bulk',
      { links: [{ redirect_url: 'https://example.com' }] },
      { cookie, 'x-csrf-token': body.csrf_token },
    );
    expect(business.statusCode).toBe(403);
  });

  it('signs in with the right password only, and throttles repeated failures', async () => {
    const { email } = await signUp();
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/dashboard-api/signin',
        payload: { email, password },
        remoteAddress: '198.51.100.7',
      });
    expect((await attempt('correct horse')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).statusCode).toBe(422);
    const throttled = await attempt('correct horse');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('signs out: the cookie no longer works', async () => {
    const { cookie, body } = await signUp();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/dashboard-api/signout',
          headers: { cookie, 'x-csrf-token': body.csrf_token },
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard-api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.api('GET', '/links', undefined, { cookie })).statusCode).toBe(401);
  });

  it('creates a token shown once, lists it without the secret, and revokes it', async () => {
    const { cookie, body } = await signUp('pro');
    const h = { cookie, 'x-csrf-token': body.csrf_token };
    const created = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/tokens',
      headers: h,
      payload: { name: 'zapier', abilities: ['read', 'create'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().token).toMatch(/^hl_/);
    const list = (await t.app.inject({ method: 'GET', url: '/dashboard-api/tokens', headers: h })).json();
    expect(list.data).toEqual([
      expect.objectContaining({ name: 'zapier', abilities: ['read', 'create'], last_used_at: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.json().token);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/dashboard-api/tokens/${created.json().id}`, headers: h }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.api('GET', '/links', undefined, { authorization: `Bearer ${created.json().token}` })).statusCode,
    ).toBe(401);
  });

  it('refuses duplicate emails and short passwords', async () => {
    const { email } = await signUp();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/dashboard-api/signup',
          payload: { email, password: 'another one' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/dashboard-api/signup',
          payload: { email: 'x@example.com', password: 'short' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it("refuses token changes without the CSRF header, and another person's token", async () => {
    const owner = await signUp('pro');
    const other = await signUp('pro');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/tokens',
      headers: { cookie: owner.cookie },
      payload: { name: 'x', abilities: ['read'] },
    });
    expect(noCsrf.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/tokens',
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.body.csrf_token },
      payload: { name: 'mine', abilities: ['read'] },
    });
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/dashboard-api/tokens/${created.json().id}`,
      headers: { cookie: other.cookie, 'x-csrf-token': other.body.csrf_token },
    });
    expect(stolen.statusCode).toBe(403);
  });

  it('refuses a token to a plan without API access, with a 403 that says which plans have it', async () => {
    const { cookie, body } = await signUp('free');
    const h = { cookie, 'x-csrf-token': body.csrf_token };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/tokens',
      headers: h,
      payload: { name: 'never works', abilities: ['read'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Pro and Business/);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard-api/tokens', headers: h })).json().data).toEqual([]);
  });

  it('refuses a blank token name with a 422 at the name, and stores a name trimmed', async () => {
    const { cookie, body } = await signUp('pro');
    const h = { cookie, 'x-csrf-token': body.csrf_token };
    const create = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/dashboard-api/tokens',
        headers: h,
        payload: { name, abilities: ['read'] },
      });
    const blank = await create('   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    const trimmed = await create('  deploy bot  ');
    expect(trimmed.statusCode).toBe(201);
    expect(trimmed.json().name).toBe('deploy bot');
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/signin',
      payload: { email: 'nobody@example.com', password: 'whatever it is' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('These credentials do not match our records.');
  });
});

// The assets exist after `npm run build` (CI builds them before the tests).
describe.skipIf(!dashboardBuilt())('serving the built dashboard', () => {
  it('serves the app at / and at any page address', async () => {
    for (const url of ['/', '/links/12']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="app">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('leaves the API, its docs and missing files to their own 404', async () => {
    const api = await t.api('GET', '/nothing-here', undefined, { accept: 'application/json' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
    expect((await t.app.inject({ method: 'GET', url: '/dashboard-api/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).body).not.toContain('<div id="app">');
  });
});
