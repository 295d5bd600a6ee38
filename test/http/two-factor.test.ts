import type { FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCodeAt, totpStep } from '../../src/core/totp.ts';
import { RememberedDevices } from '../../src/dashboard/remembered-devices.ts';
import { useTestApp } from '../helpers/app.ts';
import { DASHBOARD_PASSWORD, dashboardClient, sessionOf, type DashboardSession } from '../helpers/dashboard.ts';

// Two-factor sign-in through the dashboard's endpoints: enrolment, the sign-in step, recovery
// codes, remembered devices, turning it off, and the lock-out that codes share with passwords.
const t = useTestApp();
const d = dashboardClient(() => t.app, 'twofa');

// Date alone is faked, and moves only when a test moves it: each step's code is known, and a
// challenge's 5 minutes pass at once. Timers stay real (the database and the hasher use them).
let clock = Date.UTC(2031, 0, 1, 0, 0, 10);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterAll(() => {
  vi.useRealTimers();
});
/** Moves the clock on: by one 30-second step (a new code) unless told otherwise. */
function later(ms = 30_000) {
  clock += ms;
  vi.setSystemTime(clock);
}
/** The app's code now, or a step before (-1) or after (+1). */
const codeOf = (secret: string, offset = 0) => totpCodeAt(secret, totpStep(Date.now()) + offset);
/** Six digits that are none of the codes the window accepts now. */
function wrongCode(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((offset) => codeOf(secret, offset)));
  let guess = Number(codeOf(secret));
  do guess = (guess + 123_457) % 1_000_000;
  while (accepted.has(String(guess).padStart(6, '0')));
  return String(guess).padStart(6, '0');
}

const RECOVERY_CODE = /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/;

type Person = Awaited<ReturnType<typeof d.signUp>>;
type Enrolled = Person & { secret: string; recoveryCodes: string[] };

/** A new person with two factors on: enrolled with the code of the current step (used up). */
async function enrolled(): Promise<Enrolled> {
  const person = await d.signUp();
  const { session, remoteAddress } = person;
  const setup = await d.call('POST', '/two-factor/setup', {
    session,
    remoteAddress,
    payload: { password: DASHBOARD_PASSWORD },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const enable = await d.call('POST', '/two-factor/enable', {
    session,
    remoteAddress,
    payload: { code: codeOf(secret) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { ...person, secret, recoveryCodes: enable.json().recovery_codes };
}

/** The password step of a sign-in: its challenge. */
async function challengeFor(person: Person, remoteAddress = person.remoteAddress): Promise<string> {
  const res = await d.signIn(person.email, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().two_factor_required).toBe(true);
  return res.json().challenge;
}

function secondStep(challenge: string, remoteAddress: string, body: object, cookie?: string) {
  return d.call('POST', '/signin/two-factor', {
    payload: { challenge, ...body },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

const errorsOf = (res: LightMyRequestResponse) => res.json().errors as Record<string, string[]>;
const twoFactorStatus = (session: DashboardSession) => d.call('GET', '/two-factor', { session }).then((r) => r.json());

describe('enrolment', () => {
  it('sets up with the password: the secret, its otpauth URI and a QR code; a code of it turns it on', async () => {
    const person = await d.signUp();
    const { session, remoteAddress } = person;
    const wrong = await d.call('POST', '/two-factor/setup', { session, remoteAddress, payload: { password: 'nope' } });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual({ password: ['The current password is not correct.'] });

    const setup = await d.call('POST', '/two-factor/setup', {
      session,
      remoteAddress,
      payload: { password: DASHBOARD_PASSWORD },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_uri: uri, qr_svg: svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Hoplink:${person.email}`);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await d.me(session)).json().user.two_factor_enabled).toBe(false);
    expect(await twoFactorStatus(session)).toEqual({ enabled: false, recovery_codes_left: 0 });

    const bad = await d.call('POST', '/two-factor/enable', { session, payload: { code: wrongCode(secret) } });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).code![0]).toMatch(/^This code is not correct/);
    const malformed = await d.call('POST', '/two-factor/enable', { session, payload: { code: '12ab56' } });
    expect(errorsOf(malformed)).toEqual({ code: ['Enter the 6-digit code your authenticator app shows.'] });

    const enable = await d.call('POST', '/two-factor/enable', { session, payload: { code: codeOf(secret) } });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes: string[] = enable.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => RECOVERY_CODE.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(10);
    expect((await d.me(session)).json().user.two_factor_enabled).toBe(true);
    expect(await twoFactorStatus(session)).toEqual({ enabled: true, recovery_codes_left: 10 });

    // Stored as hashes only.
    const stored = await t.ctx.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', person.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash) && !codes.includes(row.code_hash))).toBe(true);

    const again = await d.call('POST', '/two-factor/setup', { session, payload: { password: DASHBOARD_PASSWORD } });
    expect(again.statusCode).toBe(409);
    later();
    expect(
      (await d.call('POST', '/two-factor/enable', { session, payload: { code: codeOf(secret) } })).statusCode,
    ).toBe(409);
  });

  it('does not count wrong codes at enrolment as failed sign-ins', async () => {
    const person = await d.signUp();
    const { session, remoteAddress } = person;
    const setup = await d.call('POST', '/two-factor/setup', {
      session,
      remoteAddress,
      payload: { password: DASHBOARD_PASSWORD },
    });
    for (let i = 0; i < 6; i++) {
      const res = await d.call('POST', '/two-factor/enable', {
        session,
        remoteAddress,
        payload: { code: wrongCode(setup.json().secret) },
      });
      expect(res.statusCode).toBe(422);
    }
    expect((await d.signIn(person.email, remoteAddress)).statusCode).toBe(200);
  });

  it('answers 409 to a code before any setup', async () => {
    const { session } = await d.signUp();
    const res = await d.call('POST', '/two-factor/enable', { session, payload: { code: '123456' } });
    expect(res.statusCode).toBe(409);
  });

  it('needs a session and its CSRF token', async () => {
    const { session } = await d.signUp();
    const payload = { password: DASHBOARD_PASSWORD };
    expect((await d.call('POST', '/two-factor/setup', { payload })).statusCode).toBe(401);
    const forged = await d.call('POST', '/two-factor/setup', {
      payload,
      headers: { cookie: session.cookie, 'x-csrf-token': 'not-the-token' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await d.call('GET', '/two-factor')).statusCode).toBe(401);
  });

  it('bounds the fields: an over-long code or password is a 422', async () => {
    const { session } = await d.signUp();
    const code = await d.call('POST', '/two-factor/enable', { session, payload: { code: '1'.repeat(17) } });
    expect(code.statusCode).toBe(422);
    const password = await d.call('POST', '/two-factor/setup', { session, payload: { password: 'x'.repeat(201) } });
    expect(password.statusCode).toBe(422);
  });
});

describe('signing in with two factors', () => {
  it('answers a challenge and no session to the password; a code of the app completes it, once', async () => {
    const person = await enrolled();
    const res = await d.signIn(person.email, person.remoteAddress);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'hoplink_session')).toBeUndefined();
    const { challenge, expires_at: expiresAt, csrf_token: csrf } = res.json();
    expect(csrf).toBeUndefined();
    expect(Date.parse(expiresAt) - Date.now()).toBe(5 * 60_000);

    const wrong = await secondStep(challenge, person.remoteAddress, { code: wrongCode(person.secret) });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(errorsOf(wrong))).toEqual(['code']);
    // The code enrolment used: its step is spent.
    const replayed = await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret) });
    expect(replayed.statusCode).toBe(422);
    expect(errorsOf(replayed)).toEqual({ code: ['This code has been used already. Wait for the next one.'] });

    const right = await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret, 1) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user).toMatchObject({ email: person.email, two_factor_enabled: true });
    expect((await d.me(sessionOf(right))).statusCode).toBe(200);

    later();
    const reused = await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret, 1) });
    expect(reused.statusCode).toBe(422);
    expect(Object.keys(errorsOf(reused))).toEqual(['challenge']);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const person = await enrolled();
    const [first] = person.recoveryCodes;
    const typed = first!.replaceAll('-', '').toUpperCase();
    const res = await secondStep(await challengeFor(person), person.remoteAddress, { recovery_code: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(await twoFactorStatus(sessionOf(res))).toEqual({ enabled: true, recovery_codes_left: 9 });

    const again = await secondStep(await challengeFor(person), person.remoteAddress, { recovery_code: first });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({
      recovery_code: ['This recovery code is not correct, or has been used already.'],
    });
  });

  it('refuses a challenge past its 5 minutes, and does not count that as a try', async () => {
    const person = await enrolled();
    const challenge = await challengeFor(person);
    later(5 * 60_000);
    for (let i = 0; i < 6; i++) {
      const expired = await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret) });
      expect(expired.statusCode).toBe(422);
      expect(errorsOf(expired).challenge![0]).toMatch(/^This sign-in has expired/);
    }
    const next = await challengeFor(person);
    // The new challenge swept the expired one away.
    const left = await t.ctx.database.db
      .selectFrom('sign_in_challenges')
      .select('expires_at')
      .where('user_id', '=', person.id)
      .execute();
    expect(left.map((row) => Date.parse(row.expires_at) - Date.now())).toEqual([5 * 60_000]);
    const fresh = await secondStep(next, person.remoteAddress, { code: codeOf(person.secret) });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('refuses an unknown challenge, and asks for exactly one of a code and a recovery code', async () => {
    const person = await enrolled();
    const unknown = await secondStep('x'.repeat(43), person.remoteAddress, { code: codeOf(person.secret, 1) });
    expect(Object.keys(errorsOf(unknown))).toEqual(['challenge']);
    const challenge = await challengeFor(person);
    const neither = await secondStep(challenge, person.remoteAddress, {});
    const both = await secondStep(challenge, person.remoteAddress, {
      code: codeOf(person.secret, 1),
      recovery_code: person.recoveryCodes[0],
    });
    for (const res of [neither, both]) {
      expect(res.statusCode).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['code']);
    }
    expect((await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret, 1) })).statusCode).toBe(
      200,
    );
  });

  it('signs a person without two factors in with the password alone', async () => {
    const person = await d.signUp();
    const res = await d.signIn(person.email, person.remoteAddress);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.two_factor_enabled).toBe(false);
    expect((await d.me(sessionOf(res))).statusCode).toBe(200);
  });
});

const tally = (statuses: number[]) =>
  statuses.reduce((counts, status) => counts.set(status, (counts.get(status) ?? 0) + 1), new Map<number, number>());

describe('lock-out', () => {
  it('counts wrong codes with wrong passwords: 5 in all, then 429 for both, the right code too', async () => {
    const person = await enrolled();
    for (let i = 0; i < 2; i++)
      expect(
        (await d.signIn(person.email, person.remoteAddress, { password: `wrong guess number ${i}` })).statusCode,
      ).toBe(422);
    // The right password leaves the two failures counted.
    const challenge = await challengeFor(person);
    for (let i = 0; i < 3; i++)
      expect((await secondStep(challenge, person.remoteAddress, { code: wrongCode(person.secret) })).statusCode).toBe(
        422,
      );
    const blocked = await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret, 1) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await d.signIn(person.email, person.remoteAddress)).statusCode).toBe(429);
    // From another address the account can still sign in.
    const elsewhere = await challengeFor(person, '203.0.113.90');
    expect((await secondStep(elsewhere, '203.0.113.90', { code: codeOf(person.secret, 1) })).statusCode).toBe(200);
  });

  it('checks 5 of 30 simultaneous wrong codes and refuses the rest', async () => {
    const person = await enrolled();
    const challenge = await challengeFor(person);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        secondStep(challenge, person.remoteAddress, { recovery_code: 'aaaa-aaaa-aaaa-aaaa' }),
      ),
    ).then((answers) => answers.map((res) => res.statusCode));
    expect(tally(statuses)).toEqual(
      new Map([
        [422, 5],
        [429, 25],
      ]),
    );
  });

  it('clears the count with the right code', async () => {
    const person = await enrolled();
    const challenge = await challengeFor(person);
    for (let i = 0; i < 4; i++) await secondStep(challenge, person.remoteAddress, { code: wrongCode(person.secret) });
    expect((await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret, 1) })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 4; i++)
      expect(
        (await d.signIn(person.email, person.remoteAddress, { password: `wrong guess number ${i}` })).statusCode,
      ).toBe(422);
  });

  it('counts a wrong code or password when a signed-in person changes two factors', async () => {
    const person = await enrolled();
    const { session, remoteAddress } = person;
    const codes = (code: string) =>
      d.call('POST', '/two-factor/recovery-codes', { session, remoteAddress, payload: { code } });
    const disable = (password: string, code: string) =>
      d.call('POST', '/two-factor/disable', { session, remoteAddress, payload: { password, code } });
    const setup = (password: string) =>
      d.call('POST', '/two-factor/setup', { session, remoteAddress, payload: { password } });
    expect((await codes(wrongCode(person.secret))).statusCode).toBe(422);
    expect((await disable('not my password', codeOf(person.secret, 1))).statusCode).toBe(422);
    expect((await disable(DASHBOARD_PASSWORD, wrongCode(person.secret))).statusCode).toBe(422);
    expect((await codes(wrongCode(person.secret))).statusCode).toBe(422);
    // Two factors are on: setup answers 409 before looking at the password, which is not a try.
    expect((await setup('not my password')).statusCode).toBe(409);
    expect((await codes(wrongCode(person.secret))).statusCode).toBe(422);
    expect((await codes(codeOf(person.secret, 1))).statusCode).toBe(429);
    expect((await d.signIn(person.email, remoteAddress)).statusCode).toBe(429);
  });
});

describe('remembered devices', () => {
  /** Completes a sign-in with a code, asking to be remembered; the device cookie as a Cookie header. */
  async function remembered(person: Enrolled): Promise<string> {
    later();
    const res = await secondStep(await challengeFor(person), person.remoteAddress, {
      code: codeOf(person.secret),
      remember_device: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const device = res.cookies.find((c) => c.name === 'hoplink_device');
    expect(device).toMatchObject({ path: '/dashboard-api/signin', httpOnly: true, maxAge: 30 * 86_400 });
    return `hoplink_device=${device!.value}`;
  }

  it('skips the code for 30 days on the browser that asked, for its account only', async () => {
    const person = await enrolled();
    const cookie = await remembered(person);
    const skipped = await d.signIn(person.email, person.remoteAddress, { cookie });
    expect(skipped.statusCode).toBe(200);
    expect((await d.me(sessionOf(skipped))).json().user.email).toBe(person.email);
    // Another browser, and another account on this one, still give a code.
    expect((await d.signIn(person.email, person.remoteAddress)).json().two_factor_required).toBe(true);
    const other = await enrolled();
    expect((await d.signIn(other.email, other.remoteAddress, { cookie })).json().two_factor_required).toBe(true);
    // The device is remembered, not the password: a wrong one is still wrong.
    const wrong = await d.signIn(person.email, person.remoteAddress, { cookie, password: 'not my password' });
    expect(wrong.statusCode).toBe(422);

    later(30 * 86_400_000);
    expect((await d.signIn(person.email, person.remoteAddress, { cookie })).json().two_factor_required).toBe(true);
  });

  it('keeps its key in the database: another instance, or the next start, remembers the same devices', async () => {
    const [one, other] = await Promise.all([
      RememberedDevices.load(t.ctx.uow, 'http://api.test'),
      RememberedDevices.load(t.ctx.uow, 'http://api.test'),
    ]);
    let value = '';
    one.remember({ setCookie: (_name: string, set: string) => (value = set) } as unknown as FastifyReply, {
      userId: 7,
      fingerprint: 'f',
    });
    const request = { cookies: { hoplink_device: value } } as unknown as FastifyRequest;
    expect(other.remembers(request, { userId: 7, fingerprint: 'f' })).toBe(true);
    expect(other.remembers(request, { userId: 7, fingerprint: 'g' })).toBe(false);
    const keys = await t.ctx.database.db.selectFrom('server_keys').select('name').execute();
    expect(keys.map((row) => row.name)).toEqual(['remembered-devices']);
  });

  it('remembers nothing unless asked', async () => {
    const person = await enrolled();
    const res = await secondStep(await challengeFor(person), person.remoteAddress, { code: codeOf(person.secret, 1) });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'hoplink_device')).toBeUndefined();
  });

  it('forgets the device once the password changes', async () => {
    const person = await enrolled();
    const cookie = await remembered(person);
    const newPassword = 'an entirely new passphrase';
    const changed = await d.call('POST', '/password', {
      session: person.session,
      remoteAddress: person.remoteAddress,
      payload: { current_password: DASHBOARD_PASSWORD, new_password: newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const res = await d.signIn(person.email, person.remoteAddress, { cookie, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().two_factor_required).toBe(true);
  });

  it('forgets the device once two factors are turned off and on again', async () => {
    const person = await enrolled();
    const cookie = await remembered(person);
    const { session, remoteAddress } = person;
    later();
    const off = await d.call('POST', '/two-factor/disable', {
      session,
      remoteAddress,
      payload: { password: DASHBOARD_PASSWORD, code: codeOf(person.secret) },
    });
    expect(off.statusCode, off.body).toBe(204);
    const setup = await d.call('POST', '/two-factor/setup', { session, payload: { password: DASHBOARD_PASSWORD } });
    later(1_000);
    const secret = setup.json().secret;
    expect(
      (await d.call('POST', '/two-factor/enable', { session, payload: { code: codeOf(secret) } })).statusCode,
    ).toBe(200);
    expect((await d.signIn(person.email, remoteAddress, { cookie })).json().two_factor_required).toBe(true);
  });
});

describe('recovery codes and turning two factors off', () => {
  it('makes a new set for a code of the app; the old set stops working', async () => {
    const person = await enrolled();
    const { session, remoteAddress } = person;
    const wrong = await d.call('POST', '/two-factor/recovery-codes', {
      session,
      remoteAddress,
      payload: { code: wrongCode(person.secret) },
    });
    expect(Object.keys(errorsOf(wrong))).toEqual(['code']);
    const res = await d.call('POST', '/two-factor/recovery-codes', {
      session,
      remoteAddress,
      payload: { code: codeOf(person.secret, 1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => person.recoveryCodes.includes(code))).toBe(false);
    const replayed = await d.call('POST', '/two-factor/recovery-codes', {
      session,
      remoteAddress,
      payload: { code: codeOf(person.secret, 1) },
    });
    expect(replayed.statusCode).toBe(422);

    const old = await secondStep(await challengeFor(person), remoteAddress, { recovery_code: person.recoveryCodes[0] });
    expect(old.statusCode).toBe(422);
    const current = await secondStep(await challengeFor(person), remoteAddress, { recovery_code: fresh[0] });
    expect(current.statusCode).toBe(200);
  });

  it('turns off with the password and a code; sign-in then takes the password alone', async () => {
    const person = await enrolled();
    const { session, remoteAddress } = person;
    const disable = (payload: object) => d.call('POST', '/two-factor/disable', { session, remoteAddress, payload });
    const wrongPassword = await disable({ password: 'not my password', code: codeOf(person.secret, 1) });
    expect(Object.keys(errorsOf(wrongPassword))).toEqual(['password']);
    const wrong = await disable({ password: DASHBOARD_PASSWORD, code: wrongCode(person.secret) });
    expect(Object.keys(errorsOf(wrong))).toEqual(['code']);
    const neither = await disable({ password: DASHBOARD_PASSWORD });
    expect(Object.keys(errorsOf(neither))).toEqual(['code']);

    expect((await disable({ password: DASHBOARD_PASSWORD, code: codeOf(person.secret, 1) })).statusCode).toBe(204);
    expect((await d.me(session)).json().user.two_factor_enabled).toBe(false);
    expect(await twoFactorStatus(session)).toEqual({ enabled: false, recovery_codes_left: 0 });
    const left = await t.ctx.database.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', person.id)
      .execute();
    expect(left).toEqual([]);
    const res = await d.signIn(person.email, remoteAddress);
    expect(res.statusCode).toBe(200);
    expect(res.json().two_factor_required).toBeUndefined();
    expect((await d.me(sessionOf(res))).statusCode).toBe(200);
    expect((await disable({ password: DASHBOARD_PASSWORD, code: codeOf(person.secret, 1) })).statusCode).toBe(409);
  });

  it('turns off with a recovery code when the phone is lost', async () => {
    const person = await enrolled();
    const res = await d.call('POST', '/two-factor/disable', {
      session: person.session,
      remoteAddress: person.remoteAddress,
      payload: { password: DASHBOARD_PASSWORD, recovery_code: person.recoveryCodes[3] },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await d.me(person.session)).json().user.two_factor_enabled).toBe(false);
  });

  it('ends a pending sign-in when two factors are turned off meanwhile', async () => {
    const person = await enrolled();
    const challenge = await challengeFor(person);
    later();
    await d.call('POST', '/two-factor/disable', {
      session: person.session,
      remoteAddress: person.remoteAddress,
      payload: { password: DASHBOARD_PASSWORD, code: codeOf(person.secret) },
    });
    const res = await secondStep(challenge, person.remoteAddress, { code: codeOf(person.secret, 1) });
    expect(Object.keys(errorsOf(res))).toEqual(['challenge']);
  });
});
