import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new long passphrase';

let n = 0;
/** Each person signs in from an address of their own, so the failure limiter of one test leaves the others alone. */
async function signUp() {
  n += 1;
  const email = `account${n}-${Date.now()}@example.com`;
  const remoteAddress = `198.51.100.${n}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/dashboard-api/signup',
    payload: { email, password: OLD_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, remoteAddress, ...sessionOf(res) };
}

function sessionOf(res: { cookies: Array<{ name: string; value: string }>; json(): { csrf_token: string } }) {
  const cookie = res.cookies.find((c) => c.name === 'hoplink_session')!;
  return { cookie: `hoplink_session=${cookie.value}`, csrf: res.json().csrf_token };
}

async function signIn(email: string, password: string, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/dashboard-api/signin', payload: { email, password }, remoteAddress });
}

type Session = { cookie: string; csrf: string };

const me = (s: Session) => t.app.inject({ method: 'GET', url: '/dashboard-api/me', headers: { cookie: s.cookie } });

function changePassword(s: Session, payload: unknown, remoteAddress: string, csrf = s.csrf) {
  return t.app.inject({
    method: 'POST',
    url: '/dashboard-api/password',
    headers: { cookie: s.cookie, 'x-csrf-token': csrf },
    payload: payload as Record<string, string>,
    remoteAddress,
  });
}

describe('changing the password from the dashboard', () => {
  it('answers 422 on current_password when the current password is wrong, and keeps the old one', async () => {
    const person = await signUp();
    const res = await changePassword(
      person,
      { current_password: 'not my password', new_password: NEW_PASSWORD },
      person.remoteAddress,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is not correct.'] });
    expect((await signIn(person.email, OLD_PASSWORD, person.remoteAddress)).statusCode).toBe(200);
  });

  it('answers 422 on new_password for a short or a breached new password', async () => {
    const person = await signUp();
    const short = await changePassword(
      person,
      { current_password: OLD_PASSWORD, new_password: 'short' },
      person.remoteAddress,
    );
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['new_password']);
    const breached = await changePassword(
      person,
      { current_password: OLD_PASSWORD, new_password: 'password123' },
      person.remoteAddress,
    );
    expect(breached.statusCode).toBe(422);
    expect(breached.json().errors.new_password[0]).toMatch(/breached/);
  });

  it('bounds the fields: an over-long password is a 422, not work for the hasher', async () => {
    const person = await signUp();
    const res = await changePassword(
      person,
      { current_password: OLD_PASSWORD, new_password: 'x'.repeat(201) },
      person.remoteAddress,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.new_password).toBeDefined();
  });

  it('lets the new password sign in and not the old one, ends the other sessions and keeps this one', async () => {
    const person = await signUp();
    const elsewhere = sessionOf(await signIn(person.email, OLD_PASSWORD, person.remoteAddress));
    expect((await me(elsewhere)).statusCode).toBe(200);

    const res = await changePassword(
      person,
      { current_password: OLD_PASSWORD, new_password: NEW_PASSWORD },
      person.remoteAddress,
    );
    expect(res.statusCode, res.body).toBe(204);

    expect((await me(person)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await signIn(person.email, OLD_PASSWORD, person.remoteAddress)).statusCode).toBe(422);
    expect((await signIn(person.email, NEW_PASSWORD, person.remoteAddress)).statusCode).toBe(200);
  });

  it('does not touch another person’s sessions', async () => {
    const person = await signUp();
    const other = await signUp();
    await changePassword(person, { current_password: OLD_PASSWORD, new_password: NEW_PASSWORD }, person.remoteAddress);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins: after 5, even the right one waits', async () => {
    const person = await signUp();
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(
        person,
        { current_password: `guess number ${i}`, new_password: NEW_PASSWORD },
        person.remoteAddress,
      );
      expect(wrong.statusCode).toBe(422);
    }
    const blocked = await changePassword(
      person,
      { current_password: OLD_PASSWORD, new_password: NEW_PASSWORD },
      person.remoteAddress,
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same counter as the sign-in form: that is blocked too.
    expect((await signIn(person.email, OLD_PASSWORD, person.remoteAddress)).statusCode).toBe(429);
  });

  it('needs the CSRF token and a session', async () => {
    const person = await signUp();
    const payload = { current_password: OLD_PASSWORD, new_password: NEW_PASSWORD };
    const forged = await changePassword(person, payload, person.remoteAddress, 'not-the-token');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('CSRF token mismatch.');
    const anonymous = await t.app.inject({ method: 'POST', url: '/dashboard-api/password', payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await signIn(person.email, OLD_PASSWORD, person.remoteAddress)).statusCode).toBe(200);
  });
});

describe('signing out everywhere', () => {
  const everywhere = (s: Session, csrf = s.csrf) =>
    t.app.inject({
      method: 'POST',
      url: '/dashboard-api/signout-everywhere',
      headers: { cookie: s.cookie, 'x-csrf-token': csrf },
    });

  it('ends every session of the person, this one included, and clears the cookie', async () => {
    const person = await signUp();
    const elsewhere = sessionOf(await signIn(person.email, OLD_PASSWORD, person.remoteAddress));
    const other = await signUp();

    const res = await everywhere(person);
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'hoplink_session');
    expect(cleared?.value).toBe('');

    expect((await me(person)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    // The password still works: only the sessions ended.
    expect((await signIn(person.email, OLD_PASSWORD, person.remoteAddress)).statusCode).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const person = await signUp();
    const forged = await everywhere(person, 'not-the-token');
    expect(forged.statusCode).toBe(403);
    expect((await me(person)).statusCode).toBe(200);
  });
});
