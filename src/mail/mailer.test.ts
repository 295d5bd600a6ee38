import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp.ts';
import { MailError, smtpMailer } from './mailer.ts';
import { resetPasswordMessage } from './messages.ts';
import { MailOutbox } from './outbox.ts';

const FROM = 'Hoplink <no-reply@links.example>';
const message = (to: string) =>
  resetPasswordMessage({ to, link: 'https://links.example/#/reset-password?token=t&u=1', expiresAt: new Date(0) });

describe('the SMTP mailer, against a real SMTP server on loopback', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ credentials: { user: 'mailer', password: 'p@ss:word' } });
  });
  afterAll(() => smtp.close());

  it('sends both parts, the subject, the recipient and MAIL_FROM, authenticated with the URL credentials', async () => {
    await smtpMailer({ url: smtp.url, from: FROM }).send(message('ann@example.com'));
    const mail = await smtp.nextMailTo('ann@example.com');
    expect(mail.user).toBe('mailer');
    expect(mail.envelope).toEqual({ from: 'no-reply@links.example', to: ['ann@example.com'] });
    expect(mail.from).toBe(FROM);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Reset your Hoplink password');
    expect(mail.text).toContain('https://links.example/#/reset-password?token=t&u=1');
    expect(mail.html).toContain('href="https://links.example/#/reset-password?token=t&amp;u=1"');
  });

  it('fails with a message that does not carry the password when the credentials are refused', async () => {
    const url = smtp.url.replace('p%40ss%3Aword', 'wrong-secret');
    const sent = smtpMailer({ url, from: FROM }).send(message('bo@example.com'));
    await expect(sent).rejects.toBeInstanceOf(MailError);
    const error = await sent.catch((e: Error) => e);
    expect(String(error)).toMatch(/mail not sent: .*Invalid/);
    expect(String(error)).not.toContain('wrong-secret');
  });

  it('gives up at its deadline on a server that answers every command slowly', async () => {
    smtp.slowDown(150);
    try {
      const started = Date.now();
      const sent = smtpMailer({ url: smtp.url, from: FROM, deadlineMs: 400 }).send(message('cy@example.com'));
      await expect(sent).rejects.toThrow('mail not sent: no answer within 400 ms');
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      smtp.slowDown(0);
    }
  });

  it('gives up on a server that accepts the connection and never greets', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const sent = smtpMailer({ url: `smtp://127.0.0.1:${port}`, from: FROM, deadlineMs: 400 }).send(message('d@x.io'));
      await expect(sent).rejects.toThrow(/mail not sent: /);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('the outbox', () => {
  it('sends in the background, reports a failure to its handler and never throws to the poster', async () => {
    const sent: string[] = [];
    const errors: string[] = [];
    const outbox = new MailOutbox(
      {
        async send(m) {
          if (m.to.startsWith('fail')) throw new Error('refused');
          sent.push(m.to);
        },
      },
      { onError: (error, what) => errors.push(`${what}: ${(error as Error).message}`) },
    );
    expect(outbox.post(message('a@example.com'))).toBe(true);
    expect(outbox.post(message('fail@example.com'))).toBe(true);
    outbox.post(async () => message('later@example.com'));
    outbox.post(async () => undefined);
    outbox.post(async () => {
      throw new Error('no database');
    });
    expect(sent).toEqual([]);
    await outbox.drain();
    expect(sent.sort()).toEqual(['a@example.com', 'later@example.com']);
    expect(errors.sort()).toEqual([
      'mail "Reset your Hoplink password" to fail@example.com not sent: refused',
      'mail not prepared: no database',
    ]);
  });

  it('drops and reports a message past its bound of messages under way', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const errors: string[] = [];
    const outbox = new MailOutbox({ send: () => held }, { onError: (_e, what) => errors.push(what), maxPending: 2 });
    expect([outbox.post(message('a@x.io')), outbox.post(message('b@x.io')), outbox.post(message('c@x.io'))]).toEqual([
      true,
      true,
      false,
    ]);
    expect(errors).toEqual(['mail dropped']);
    release();
    await outbox.drain();
    expect(outbox.post(message('d@x.io'))).toBe(true);
    await outbox.drain();
  });
});
