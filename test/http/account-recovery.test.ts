import { afterAll, describe, expect, it } from 'vitest';
import { issueEmailVerification, issuePasswordReset } from '../../src/services/account-recovery.ts';
import { useTestApp } from '../helpers/app.ts';
import { startSmtpServer, type ReceivedMail } from '../helpers/smtp.ts';

// Forgotten passwords and email verification through the dashboard's endpoints, with the mail read
// back from a real SMTP server on loopback.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const t = useTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Hoplink <accounts@api.test>' });

const RESET_SUBJECT = 'Reset your Hoplink password';
const VERIFY_SUBJECT = 'Confirm your email address for Hoplink';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new long passphrase';
/** Tests that hash several passwords: over 5 s with another file hashing beside them. */
const HASHING_MS = 30_000;

let n = 0;
/** A new account, signed up from an address of its own (so one test's limits leave the others alone). */
async function signUp() {
  n += 1;
  const email = `recovery${n}-${Date.now()}@example.com`;
  const remoteAddress = `198.51.100.${n}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/dashboard-api/signup',
    payload: { email, password: PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, remoteAddress, ...sessionOf(res) };
}

type Session = { cookie: string; csrf: string };

function sessionOf(res: { cookies: Array<{ name: string; value: string }>; json(): { csrf_token: string } }) {
  const cookie = res.cookies.find((c) => c.name === 'hoplink_session')!;
  return { cookie: `hoplink_session=${cookie.value}`, csrf: res.json().csrf_token };
}

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/dashboard-api/signin', payload: { email, password }, remoteAddress });
const me = (s: Session) => t.app.inject({ method: 'GET', url: '/dashboard-api/me', headers: { cookie: s.cookie } });
const post = (url: string, payload: Record<string, string>, remoteAddress = '192.0.2.1') =>
  t.app.inject({ method: 'POST', url: `/dashboard-api${url}`, payload, remoteAddress });
const forgot = (email: string, remoteAddress = '192.0.2.1') => post('/password/forgot', { email }, remoteAddress);
const reset = (token: string, password = NEW_PASSWORD) => post('/password/reset', { token, new_password: password });
const verify = (token: string) => post('/verify-email', { token });
const resend = (s: Session, csrf = s.csrf) =>
  t.app.inject({
    method: 'POST',
    url: '/dashboard-api/verify-email/resend',
    headers: { cookie: s.cookie, 'x-csrf-token': csrf },
  });

/** The token of the link in a mail, from its text part. */
function tokenIn(mail: ReceivedMail, page: 'reset-password' | 'verify-email'): string {
  const found = new RegExp(`http://api\\.test/#/${page}\\?token=([\\w-]+)`).exec(mail.text);
  if (!found) throw new Error(`no ${page} link in:\n${mail.text}`);
  return found[1]!;
}

/** Waits for the outbox to send what it holds (the answer comes before the mail). */
const mailSent = () => t.ctx.mail!.drain();

describe('asking for a password reset', () => {
  it('answers 202 with the same body for an address no account has, and mails a link only to an account', async () => {
    const person = await signUp();
    const known = await forgot(person.email.toUpperCase(), '192.0.2.10');
    const unknown = await forgot(`nobody-${Date.now()}@example.com`, '192.0.2.10');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toMatch(/^If an account uses this address, an email/);
    await mailSent();
    const mail = await smtp.nextMailTo(person.email, RESET_SUBJECT);
    expect(mail.from).toBe('Hoplink <accounts@api.test>');
    expect(mail.to).toBe(person.email);
    const token = tokenIn(mail, 'reset-password');
    expect(mail.html).toContain(`href="http://api.test/#/reset-password?token=${token}"`);
    expect(smtp.received.filter((m) => m.envelope.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
  });

  it('takes about as long for an address no account has as for one an account has', async () => {
    const person = await signUp();
    const timed = async (email: string, address: string) => {
      const started = performance.now();
      expect((await forgot(email, address)).statusCode).toBe(202);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // A slow mail server: an answer that waited for the mail would show it.
    smtp.slowDown(100);
    try {
      for (let i = 0; i < 3; i++) {
        known.push(await timed(person.email, `192.0.2.2${i}`));
        unknown.push(await timed(`nobody${i}-${Date.now()}@example.com`, `192.0.2.3${i}`));
        await mailSent();
      }
    } finally {
      smtp.slowDown(0);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
  });

  it('throttles one client address: 10 an hour, then 429 with Retry-After, whatever it asked for', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot(`spray${i}@example.com`, '192.0.2.40')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    const blocked = await forgot('spray-more@example.com', '192.0.2.40');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('spray0@example.com', '192.0.2.41')).statusCode).toBe(202);
  });

  it('throttles one address asked for: 3 an hour from anywhere, the same for an account and for nobody', async () => {
    const person = await signUp();
    const tries = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await forgot(email, `192.0.2.${50 + i}`));
      return answers.map((res) => [res.statusCode, res.body]);
    };
    const known = await tries(person.email);
    const unknown = await tries(`nobody-${Date.now()}@example.com`);
    expect(known.map(([status]) => status)).toEqual([202, 202, 202, 429]);
    expect(unknown).toEqual(known);
  });

  it('bounds the address and refuses one that is not an email', async () => {
    expect((await forgot('not an email')).statusCode).toBe(422);
    expect((await forgot(`${'a'.repeat(320)}@example.com`)).statusCode).toBe(422);
  });
});

describe('setting a new password with the link', () => {
  it('sets it, ends every session of the account, and the link works once', { timeout: HASHING_MS }, async () => {
    const person = await signUp();
    const elsewhere = sessionOf(await signIn(person.email, PASSWORD, person.remoteAddress));
    await forgot(person.email, '192.0.2.60');
    await mailSent();
    const token = tokenIn(await smtp.nextMailTo(person.email, RESET_SUBJECT), 'reset-password');

    const res = await reset(token);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === 'hoplink_session')?.value).toBe('');
    expect((await me(person)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await signIn(person.email, PASSWORD, person.remoteAddress)).statusCode).toBe(422);
    expect((await signIn(person.email, NEW_PASSWORD, person.remoteAddress)).statusCode).toBe(200);

    const again = await reset(token, 'yet another long passphrase');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      token: ['This link does not work any more: it was used already or has expired. Ask for a new one.'],
    });
  });

  it("voids the account's other reset links once one is used", { timeout: HASHING_MS }, async () => {
    const person = await signUp();
    const [first, second] = await Promise.all([1, 2].map(() => resetToken(person.email)));
    expect((await reset(second!)).statusCode).toBe(204);
    expect((await reset(first!, 'yet another long passphrase')).statusCode).toBe(422);
    expect((await signIn(person.email, NEW_PASSWORD, person.remoteAddress)).statusCode).toBe(200);
  });

  it('refuses an expired link, and one that never was', async () => {
    const person = await signUp();
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const issued = await t.ctx.uow.transact((work) => issuePasswordReset(work, person.email, twoHoursAgo));
    expect((await reset(issued!.token)).json().errors.token).toHaveLength(1);
    expect((await reset(issued!.token)).statusCode).toBe(422);
    expect((await reset('made-up-token')).statusCode).toBe(422);
    expect((await signIn(person.email, PASSWORD, person.remoteAddress)).statusCode).toBe(200);
  });

  it('applies the sign-up rules to the new password and keeps the link usable when it is refused', async () => {
    const person = await signUp();
    const token = await resetToken(person.email);
    const breached = await reset(token, 'password123');
    expect(breached.statusCode).toBe(422);
    expect(Object.keys(breached.json().errors)).toEqual(['new_password']);
    expect((await reset(token, 'short')).statusCode).toBe(422);
    expect((await reset(token, 'x'.repeat(201))).statusCode).toBe(422);
    expect((await reset(token)).statusCode).toBe(204);
  });
});

describe('verifying the address', () => {
  it('mails a link at sign-up; the account is unverified until it is used, once', async () => {
    const person = await signUp();
    expect((await me(person)).json().user.email_verified).toBe(false);
    await mailSent();
    const mail = await smtp.nextMailTo(person.email, VERIFY_SUBJECT);
    const token = tokenIn(mail, 'verify-email');
    expect(mail.html).toContain(`href="http://api.test/#/verify-email?token=${token}"`);

    expect((await verify(token)).statusCode).toBe(204);
    expect((await me(person)).json().user.email_verified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['token']);
  });

  it('refuses an expired link, one for another purpose, and one that never was', async () => {
    const person = await signUp();
    const account = (await me(person)).json().user as { id: number };
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    const old = await t.ctx.uow.transact((work) => issueEmailVerification(work, account.id, eightDaysAgo));
    expect((await verify(old!.token)).statusCode).toBe(422);
    expect((await verify(await resetToken(person.email))).statusCode).toBe(422);
    expect((await verify('made-up-token')).statusCode).toBe(422);
    expect((await me(person)).json().user.email_verified).toBe(false);
  });

  it('sends a new link on demand, 3 an hour, and says so once the address is verified', async () => {
    const person = await signUp();
    await mailSent();
    await smtp.nextMailTo(person.email, VERIFY_SUBJECT);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await resend(person));
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202, 429]);
    expect(answers[0]!.json().message).toBe(`A new link is on its way to ${person.email}. It works for 7 days.`);
    await mailSent();
    const links = [];
    for (let i = 0; i < 3; i++) links.push(tokenIn(await smtp.nextMailTo(person.email), 'verify-email'));
    expect(new Set(links).size).toBe(3);
    expect((await verify(links[1]!)).statusCode).toBe(204);
    // The others are void once one is used.
    expect((await verify(links[2]!)).statusCode).toBe(422);
    const verified = await resend(person);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe('Your email address is verified already.');
  });

  it('needs a session and its CSRF token to send a new link', async () => {
    const person = await signUp();
    expect((await resend(person, 'not-the-token')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/dashboard-api/verify-email/resend' })).statusCode).toBe(401);
  });

  it('says email is configured, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard-api/config' });
    expect(res.json()).toEqual({ email_configured: true });
  });
});

/** The next reset link mailed to `email`, asked for from an address of its own. */
async function resetToken(email: string): Promise<string> {
  await forgot(email, `192.0.2.${100 + (n++ % 100)}`);
  await mailSent();
  return tokenIn(await smtp.nextMailTo(email, RESET_SUBJECT), 'reset-password');
}
