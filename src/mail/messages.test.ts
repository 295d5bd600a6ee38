import { describe, expect, it } from 'vitest';
import { invitationMessage, resetPasswordMessage, utcTime, verifyEmailMessage } from './messages.ts';

const LINK = 'https://links.example/#/reset-password?token=abc&x=1';
const EXPIRES = new Date('2030-01-02T03:04:05.678Z');

describe('the account emails', () => {
  it('says a time in UTC to the minute, from a Date or a stored timestamp', () => {
    expect(utcTime(EXPIRES)).toBe('2030-01-02 03:04 UTC');
    expect(utcTime('2030-01-02T03:04:05.678Z')).toBe('2030-01-02 03:04 UTC');
  });

  it('gives a reset link in both parts, the link escaped in the HTML, with its expiry', () => {
    const message = resetPasswordMessage({ to: 'ann@example.com', link: LINK, expiresAt: EXPIRES });
    expect(message.to).toBe('ann@example.com');
    expect(message.subject).toBe('Reset your Hoplink password');
    expect(message.text).toContain(`\n${LINK}\n`);
    expect(message.text).toContain('until 2030-01-02 03:04 UTC');
    expect(message.html).toContain('href="https://links.example/#/reset-password?token=abc&amp;x=1"');
    expect(message.html).not.toContain('&x=1');
    expect(message.html).toContain('2030-01-02 03:04 UTC');
  });

  it('gives a verification link in both parts', () => {
    const message = verifyEmailMessage({
      to: 'bo@example.com',
      link: 'https://l.example/#/verify-email?token=t',
      expiresAt: EXPIRES,
    });
    expect(message.subject).toBe('Confirm your email address for Hoplink');
    expect(message.text).toContain('https://l.example/#/verify-email?token=t');
    expect(message.text).toContain('bo@example.com');
    expect(message.html).toContain('href="https://l.example/#/verify-email?token=t"');
  });

  it("escapes what people chose (a workspace name, an address) in an invitation's HTML, never in its text", () => {
    const message = invitationMessage({
      to: 'cy@example.com',
      workspaceName: '<script>alert("x")</script> & Co',
      inviterEmail: "o'neil@example.com",
      role: 'member',
      link: 'https://l.example/#/invitations?token=i',
      expiresAt: '2030-01-02T03:04:05.678Z',
    });
    expect(message.subject).toBe('Join <script>alert("x")</script> & Co on Hoplink');
    expect(message.text).toContain(
      'o\'neil@example.com invited you to the workspace "<script>alert("x")</script> & Co"',
    );
    expect(message.text).toContain('as member');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(message.html).toContain('o&#39;neil@example.com');
    expect(message.html).toContain('<title>Join &lt;script&gt;');
    expect(message.html).toContain('href="https://l.example/#/invitations?token=i"');
  });
});
