import { describe, expect, it } from 'vitest';
import { defaultSender, describeMail, isMailbox, isSmtpUrl, redactedUrl } from './settings.ts';

describe('the mail settings', () => {
  it.each([
    ['smtp://mail.example', true],
    ['smtps://user:p%40ss@mail.example:465', true],
    ['smtp://mail.example:587/?tls.rejectUnauthorized=false', true],
    ['smtp://', false],
    ['http://mail.example', false],
    ['mail.example:25', false],
  ])('reads %s as an SMTP URL: %s', (url, expected) => {
    expect(isSmtpUrl(url)).toBe(expected);
  });

  it('takes the password out of a URL, and of text that holds one', () => {
    expect(redactedUrl('smtps://mailer:s3cr%2Ft@mail.example:465')).toBe('smtps://mailer:[redacted]@mail.example:465');
    expect(redactedUrl('connect to smtp://a:b@h failed')).toBe('connect to smtp://a:[redacted]@h failed');
    expect(redactedUrl('smtp://user@mail.example')).toBe('smtp://user@mail.example');
    expect(redactedUrl('smtp://mail.example')).toBe('smtp://mail.example');
  });

  it.each([
    ['no-reply@links.example', true],
    ['Hoplink <no-reply@links.example>', true],
    ['"Links, Inc." <a@b.example>', true],
    ['Hoplink', false],
    ['Hoplink <no-reply>', false],
    ['a@b.example\nBcc: c@d.example', false],
  ])('reads %j as a sender: %s', (text, expected) => {
    expect(isMailbox(text)).toBe(expected);
  });

  it('sends from no-reply at the host of APP_URL by default', () => {
    expect(defaultSender('http://localhost:3000')).toBe('Hoplink <no-reply@localhost>');
    expect(defaultSender('https://links.example/app')).toBe('Hoplink <no-reply@links.example>');
  });

  it('says at start-up where account emails go, without the password, or that none are sent', () => {
    expect(describeMail({ smtpUrl: 'smtps://mailer:hunter2@mail.example:465', from: 'a@b.example' })).toBe(
      'account emails go out through smtps://mailer:[redacted]@mail.example:465 from a@b.example',
    );
    expect(describeMail({ smtpUrl: undefined, from: 'a@b.example' })).toMatch(/^SMTP_URL is not set: no account/);
  });
});
