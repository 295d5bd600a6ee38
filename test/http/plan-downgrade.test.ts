import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePlan } from '../../src/services/accounts.ts';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import type { Plan } from '../../src/core/plans.ts';
import { useTestApp, type TestUser } from '../helpers/app.ts';

// As docs/api.md (Plan changes) decides: after leaving Business the data stays, the short
// host stops applying Business features at once (targeting, choice pages, affiliate tags), and
// links on a custom domain keep redirecting for 30 days, then answer 404 there.
const t = useTestApp(
  { SHORT_PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', SHORT_URL: 'http://127.0.0.1' },
  { user: 'business' },
);
let edge: RunningEdge;
let owner: TestUser;
const links: Record<string, { id: number; short_code: string }> = {};

const visit = (path: string, headers: Record<string, string> = {}, host?: string) =>
  new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = request(`${edge.url}${path}`, { headers: { ...(host ? { host } : {}), ...headers } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
const fromGb = { 'x-forwarded-for': '81.2.69.142', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };
const setPlan = (plan: Plan) => t.ctx.uow.transact((work) => changePlan(work, owner.user.email, plan));

beforeAll(async () => {
  edge = await startEdge(t.ctx);
  owner = t.defaultUser;
  const now = new Date().toISOString();
  const domain = await t.ctx.database.db
    .insertInto('domains')
    .values({
      workspace_id: owner.user.workspaceId,
      hostname: 'go.downgrade.test',
      status: 'active',
      verification_token: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect((await owner.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'hop-20' })).statusCode).toBe(201);
  const create = async (name: string, body: object) => {
    const res = await owner.api('POST', '/links', body);
    expect(res.statusCode, res.body).toBe(201);
    links[name] = res.json();
  };
  await create('targeted', {
    redirect_url: 'https://example.com/everyone',
    conditions: [{ type: 'country', operator: 'in', values: ['GB'], redirect_url: 'https://uk.example/' }],
  });
  await create('tagged', { redirect_url: 'https://www.amazon.com/dp/B01' });
  await create('choice', { redirect_url: 'https://example.com/default' });
  expect(
    (
      await owner.api('PUT', `/links/${links.choice!.id}/landing-options`, {
        options: ['https://a.example/', 'https://b.example/'],
      })
    ).statusCode,
  ).toBe(200);
  await create('branded', { redirect_url: 'https://brand.example/', domain_id: domain.id });
});
afterAll(async () => {
  await edge.close();
});

describe('leaving the Business plan', () => {
  it('stops Business features at the edge at once, keeps the data, and restores them on upgrade', async () => {
    const expectBusiness = async () => {
      expect((await visit(`/${links.targeted!.short_code}`, fromGb)).location).toBe('https://uk.example/');
      expect((await visit(`/${links.tagged!.short_code}`)).location).toBe('https://www.amazon.com/dp/B01?tag=hop-20');
      expect((await visit(`/${links.choice!.short_code}`)).status).toBe(200);
      expect((await visit(`/${links.choice!.short_code}/2`)).location).toBe('https://b.example/');
    };
    await expectBusiness();

    await setPlan('pro');
    expect((await visit(`/${links.targeted!.short_code}`, fromGb)).location).toBe('https://example.com/everyone');
    expect((await visit(`/${links.tagged!.short_code}`)).location).toBe('https://www.amazon.com/dp/B01');
    expect(await visit(`/${links.choice!.short_code}`)).toEqual({
      status: 302,
      location: 'https://example.com/default',
    });
    expect((await visit(`/${links.choice!.short_code}/2`)).status).toBe(404);
    // Nothing stored is lost.
    expect((await owner.api('GET', `/links/${links.targeted!.id}`)).json().conditions).toHaveLength(1);

    await setPlan('business');
    await expectBusiness();
  });

  it('keeps links on a custom domain redirecting for 30 days, then answers 404 there', async () => {
    const path = `/${links.branded!.short_code}`;
    expect(await visit(path, {}, 'go.downgrade.test')).toEqual({ status: 302, location: 'https://brand.example/' });
    await setPlan('free');
    expect(await visit(path, {}, 'go.downgrade.test')).toEqual({ status: 302, location: 'https://brand.example/' });

    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.ctx.database.db
      .updateTable('workspaces')
      .set({ downgraded_at: longAgo })
      .where('id', '=', owner.user.workspaceId)
      .execute();
    t.ctx.events.emit({ kind: 'plan-changed', workspaceId: owner.user.workspaceId });
    expect((await visit(path, {}, 'go.downgrade.test')).status).toBe(404);

    await setPlan('business');
    expect(await visit(path, {}, 'go.downgrade.test')).toEqual({ status: 302, location: 'https://brand.example/' });
  });
});
