import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/core/plans.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { useTestApp } from '../helpers/app.ts';

// Small numbers so a test can spend a whole budget; the defaults (600 and 120 a session) are in config.test.ts.
const t = useTestApp({
  RATE_LIMIT_PRO: '3',
  RATE_LIMIT_BUSINESS: '4',
  RATE_LIMIT_DOMAINS: '2',
  RATE_LIMIT_SESSION: '8',
  RATE_LIMIT_SESSION_DOMAINS: '5',
});

let n = 0;

/** A person signed up through the dashboard, put on `plan`, with a second way in: a token of their own. */
async function personOn(plan: Plan) {
  const email = `budget${++n}-${Date.now()}@example.com`;
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/dashboard-api/signup',
    payload: { email, password: 'correct horse' },
  });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const userId = signUp.json().user.id as number;
  const workspaceId = signUp.json().workspace.id as number;
  await t.ctx.database.db.updateTable('workspaces').set({ plan }).where('id', '=', workspaceId).execute();
  const { plaintext } = await t.ctx.uow.transact((work) =>
    issueToken(work, { userId, workspaceId, name: 'script', abilities: ['read', 'create', 'update', 'delete'] }),
  );
  const cookie = `hoplink_session=${signUp.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
  return {
    email,
    session: (url: string) => t.api('GET', url, undefined, { cookie }),
    token: (url: string) => t.api('GET', url, undefined, { authorization: `Bearer ${plaintext}` }),
  };
}

async function statuses(times: number, request: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await request()).statusCode);
  return seen;
}

describe("the dashboard's own request budget", () => {
  it("lets a session make more requests in a minute than the plan's token limit, within its own", async () => {
    const person = await personOn('pro');
    const first = await person.session('/links');
    expect(first.headers['x-ratelimit-limit']).toBe('8');
    expect(await statuses(7, () => person.session('/links'))).toEqual(Array(7).fill(200));
    // The session's budget is generous, not unbounded.
    expect((await person.session('/links')).statusCode).toBe(429);
  });

  it("still limits a token at its plan's number, however little the dashboard was used", async () => {
    const person = await personOn('pro');
    const first = await person.token('/links');
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(await statuses(2, () => person.token('/links'))).toEqual([200, 200]);
    expect((await person.token('/links')).statusCode).toBe(429);
  });

  it('keeps the two budgets apart: a spent token leaves the dashboard working, and the reverse', async () => {
    const scripted = await personOn('pro');
    await statuses(3, () => scripted.token('/links'));
    expect((await scripted.token('/links')).statusCode).toBe(429);
    expect((await scripted.session('/links')).statusCode).toBe(200);

    const clicking = await personOn('pro');
    await statuses(8, () => clicking.session('/links'));
    expect((await clicking.session('/links')).statusCode).toBe(429);
    expect((await clicking.token('/links')).statusCode).toBe(200);
  });

  it("gives a session its own domains budget, apart from the token's and from its general one", async () => {
    const person = await personOn('business');
    expect(await statuses(2, () => person.token('/domains'))).toEqual([200, 200]);
    expect((await person.token('/domains')).statusCode).toBe(429);
    const listed = await person.session('/domains');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-ratelimit-limit']).toBe('5');
    expect(await statuses(4, () => person.session('/domains'))).toEqual([200, 200, 200, 200]);
    expect((await person.session('/domains')).statusCode).toBe(429);
    // Domains requests spent nothing of the session's general budget.
    expect((await person.session('/links')).headers['x-ratelimit-remaining']).toBe('7');
  });

  it('counts each session apart, so a second sign-in does not share the first one’s budget', async () => {
    const person = await personOn('pro');
    await statuses(8, () => person.session('/links'));
    expect((await person.session('/links')).statusCode).toBe(429);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/signin',
      payload: { email: person.email, password: 'correct horse' },
    });
    const cookie = `hoplink_session=${signIn.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
    expect((await t.api('GET', '/links', undefined, { cookie })).statusCode).toBe(200);
  });
});
