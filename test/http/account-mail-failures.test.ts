import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApiApp } from '../../src/api/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createAppContext } from '../../src/context.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { useTestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/process.ts';

const PASSWORD = 'correct horse battery';
let n = 0;
const signUpPayload = () => ({ email: `failures${++n}-${Date.now()}@example.com`, password: PASSWORD });

describe('without SMTP_URL', () => {
  const t = useTestApp();

  it('says email is not configured, and refuses to send a reset link or a verification link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dashboard-api/config' })).json()).toEqual({
      email_configured: false,
    });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/password/forgot',
      payload: { email: 'anyone@example.com' },
    });
    expect(forgot.statusCode).toBe(501);
    expect(forgot.json().message).toBe('This Hoplink sends no email: ask its operator for a reset link.');

    const signUp = await t.app.inject({ method: 'POST', url: '/dashboard-api/signup', payload: signUpPayload() });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json().user.email_verified).toBe(false);
    const cookie = `hoplink_session=${signUp.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/verify-email/resend',
      headers: { cookie, 'x-csrf-token': signUp.json().csrf_token },
    });
    expect(resend.statusCode).toBe(501);
    expect(resend.json().message).toBe('This Hoplink sends no email: ask its operator to verify your address.');
  });
});

describe('a mail server that cannot be reached', () => {
  it('changes no answer: the failure is logged, without the password of SMTP_URL', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // Nothing listens on a port just found free.
    const smtpUrl = `smtp://mailer:hunter2-secret@127.0.0.1:${await freePort()}`;
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', APP_URL: 'http://api.test', SMTP_URL: smtpUrl });
    const ctx = await createAppContext(config, { logger: createLogger({ level: 'info', stream }) });
    const app = await buildApiApp(ctx, { logger: true });
    try {
      const payload = signUpPayload();
      const signUp = await app.inject({ method: 'POST', url: '/dashboard-api/signup', payload });
      expect(signUp.statusCode).toBe(201);
      const forgot = await app.inject({
        method: 'POST',
        url: '/dashboard-api/password/forgot',
        payload: { email: payload.email },
      });
      expect(forgot.statusCode).toBe(202);
      await ctx.mail!.drain();
      const failures = lines.map((line) => JSON.parse(line)).filter((entry) => /not sent/.test(entry.msg));
      const said = failures.map((entry) => [entry.level, entry.msg.replace(/: mail not sent: .*/, '')]);
      expect(said.sort()).toEqual([
        [50, `mail "Confirm your email address for Hoplink" to ${payload.email} not sent`],
        [50, `mail "Reset your Hoplink password" to ${payload.email} not sent`],
      ]);
      expect(lines.join('\n')).not.toContain('hunter2-secret');
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});
