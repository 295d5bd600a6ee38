import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

// Issue 17, item 5: sign-in is throttled per address as well as per email, sign-up is limited,
// password hashing is bounded, and known-breached passwords are refused.
const t = useTestApp();

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
  it('throttles one address trying many accounts, not only one account', async () => {
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

  it('limits new accounts per address to 10 an hour', async () => {
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
