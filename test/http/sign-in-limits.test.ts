import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_USER } from '../../src/dashboard/sessions.ts';
import { useTestApp } from '../helpers/app.ts';

// Sign-in is throttled per address as well as per email, sign-up is limited, password hashing is
// bounded, and known-breached passwords are refused.
const t = useTestApp();
/** Tests that hash a dozen passwords or more in a row: over 5 s with another file hashing beside them. */
const HASHING_MS = 30_000;

let n = 0;
const signUp = (remoteAddress: string, password = 'a good long password') =>
  t.app.inject({
    method: 'POST',
    url: '/dashboard-api/signup',
    remoteAddress,
    payload: { email: `limits${++n}-${Date.now()}@example.com`, password },
  });
const signIn = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/dashboard-api/signin', remoteAddress, payload: { email, password } });

describe('sign-in and sign-up limits', () => {
  it('throttles one address trying many accounts, not only one account', { timeout: HASHING_MS }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await signIn('203.0.113.30', `nobody${i}@example.com`, 'wrong password')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    const blocked = await signIn('203.0.113.30', 'someone-else@example.com', 'wrong password');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn('203.0.113.31', 'nobody0@example.com', 'wrong password')).statusCode).toBe(422);
  });

  it('limits new accounts per address to 10 an hour', { timeout: HASHING_MS }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUp('203.0.113.40')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    expect((await signUp('203.0.113.41')).statusCode).toBe(201);
  });

  it.each(['password1', 'iloveyou123', 'Qwertyuiop', '12345678'])(
    'refuses the breached password %s',
    async (password) => {
      const res = await signUp('203.0.113.50', password);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual([
        'This password appears in lists of breached passwords. Choose another one.',
      ]);
    },
  );

  it('bounds concurrent password hashing: a burst gets 503 with Retry-After for the excess, never a 500', async () => {
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn(`198.18.${Math.floor(i / 200)}.${i % 200}`, `burst${i}@example.com`, 'wrong password'),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 422 && status !== 503)).toEqual([]);
    const refused = burst.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThan(100);
    expect(refused.every((res) => Number(res.headers['retry-after']) > 0)).toBe(true);
    expect(refused[0]!.json().message).toBe('Too many sign-ins at once. Try again in a moment.');
    // 66 scrypt hashes two at a time: a few seconds on a loaded 2-core machine.
  }, 30_000);
});

const PASSWORD = 'a good long password';

/** A new account (signed up from an address of its own), its first session and its email. */
async function account() {
  const res = await signUp(`203.0.113.${100 + n}`, PASSWORD);
  expect(res.statusCode, res.body).toBe(201);
  const email = JSON.parse(res.payload).user.email as string;
  const cookie = res.cookies.find((c) => c.name === 'hoplink_session')!;
  return {
    id: res.json().user.id as number,
    email,
    cookie: `hoplink_session=${cookie.value}`,
    csrf: res.json().csrf_token,
  };
}

const changePassword = (person: { cookie: string; csrf: string }, current: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/dashboard-api/password',
    headers: { cookie: person.cookie, 'x-csrf-token': person.csrf },
    payload: { current_password: current, new_password: 'another good long password' },
    remoteAddress,
  });

const tally = (statuses: number[]) =>
  statuses.reduce((counts, status) => counts.set(status, (counts.get(status) ?? 0) + 1), new Map<number, number>());

describe('lock-outs under concurrency', () => {
  it('checks 5 of 30 simultaneous wrong sign-ins to one email and address, then refuses the right one', async () => {
    const person = await account();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => signIn('203.0.113.60', person.email, 'wrong password')),
    ).then((answers) => answers.map((res) => res.statusCode));
    expect(tally(statuses)).toEqual(
      new Map([
        [422, 5],
        [429, 25],
      ]),
    );
    const right = await signIn('203.0.113.60', person.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  }, 30_000);

  it('checks at most 20 of 30 simultaneous wrong sign-ins from one address across accounts', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn('203.0.113.61', `spray${i}@example.com`, 'wrong password')),
    ).then((answers) => answers.map((res) => res.statusCode));
    expect(tally(statuses)).toEqual(
      new Map([
        [422, 20],
        [429, 10],
      ]),
    );
  }, 30_000);

  it('checks 5 of 30 simultaneous wrong current passwords, refuses the rest, then the right one too', async () => {
    const person = await account();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => changePassword(person, 'wrong password', '203.0.113.62')),
    ).then((answers) => answers.map((res) => res.statusCode));
    expect(tally(statuses)).toEqual(
      new Map([
        [422, 5],
        [429, 25],
      ]),
    );
    expect((await changePassword(person, PASSWORD, '203.0.113.62')).statusCode).toBe(429);
  }, 30_000);
});

describe("one account's flood of sign-ins", () => {
  it('still signs another account in, not a 503', async () => {
    const flooding = await account();
    const other = await account();
    // 80 sign-ins to one account with its right password, each from an address of its own (no
    // lock-out), each sent again as soon as it is answered, until the other account's is.
    let going = true;
    const floodStatuses: number[] = [];
    let firstRefusal!: () => void;
    const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
    const flood = Array.from({ length: 80 }, async (_, i) => {
      while (going) {
        const res = await signIn(`198.19.${Math.floor(i / 200)}.${i % 200}`, flooding.email, PASSWORD);
        floodStatuses.push(res.statusCode);
        if (res.statusCode === 503) firstRefusal();
      }
    });
    // The other person signs in once the hashing is full of the flood.
    await refused;
    const res = await signIn('203.0.113.63', other.email, PASSWORD);
    going = false;
    await Promise.all(flood);
    expect(res.statusCode, res.body).toBe(200);
    expect(floodStatuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  }, 60_000);
});

describe('sessions per person', () => {
  it(`keeps the newest ${MAX_SESSIONS_PER_USER}: one more sign-in ends the oldest, its cookie with it`, async () => {
    const person = await account();
    const sessions = [{ cookie: person.cookie }];
    for (let i = 1; i < 25; i++) {
      const res = await signIn('203.0.113.64', person.email, PASSWORD);
      expect(res.statusCode).toBe(200);
      sessions.push({ cookie: `hoplink_session=${res.cookies.find((c) => c.name === 'hoplink_session')!.value}` });
    }
    const live = await t.ctx.database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(MAX_SESSIONS_PER_USER);
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/dashboard-api/me', headers: { cookie } }).then((r) => r.statusCode);
    const answers = await Promise.all(sessions.map((s) => me(s.cookie)));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(answers.slice(5)).toEqual(Array(20).fill(200));
  }, 30_000);
});
