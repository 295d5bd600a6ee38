import { escapeHtml } from '../core/html-page.ts';

/** One email as the mailer sends it: the sender is the mailer's (MAIL_FROM). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of the message: its words, and at most one link inside them. */
interface Paragraph {
  text: string;
  link?: { href: string; label: string };
}

/**
 * Up to a minute's precision in UTC, said the same way in both parts: a reader's mail client may be
 * anywhere, so no local time is guessed.
 */
export function utcTime(when: Date | string): string {
  return `${new Date(when).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The plain text and the HTML of one message from the same paragraphs, every value escaped in the
 * HTML. A link is written out in full in the text part (mail clients make it clickable) and is a
 * button-like link in the HTML part, with its address below it for clients that show no links.
 */
function compose(to: string, subject: string, paragraphs: Paragraph[]): MailMessage {
  const text = paragraphs
    .map((p) => (p.link ? `${p.text}\n\n${p.link.href}` : p.text))
    .concat('-- \nHoplink')
    .join('\n\n');
  const body = paragraphs
    .map((p) => {
      if (!p.link) return `<p>${escapeHtml(p.text)}</p>`;
      const href = escapeHtml(p.link.href);
      return (
        `<p>${escapeHtml(p.text)}</p>\n<p><a href="${href}" style="${BUTTON}">${escapeHtml(p.link.label)}</a></p>\n` +
        `<p style="font-size:13px;color:#57606a">Or open this address: ${href}</p>`
      );
    })
    .join('\n');
  const html =
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24">\n${body}\n` +
    '<p style="font-size:13px;color:#57606a">Hoplink</p>\n</body></html>\n';
  return { to, subject, text, html };
}

const BUTTON =
  'display:inline-block;padding:10px 16px;background:#0969da;color:#ffffff;text-decoration:none;border-radius:6px';

/** The link that confirms an address belongs to the person who signed up with it. */
export function verifyEmailMessage(input: { to: string; link: string; expiresAt: Date | string }): MailMessage {
  return compose(input.to, 'Confirm your email address for Hoplink', [
    { text: `Someone, probably you, created a Hoplink account with ${input.to}.` },
    { text: 'Confirm that this address is yours:', link: { href: input.link, label: 'Confirm my email address' } },
    { text: `The link works once, until ${utcTime(input.expiresAt)}.` },
    { text: 'If you did not sign up, ignore this email: nothing happens without the link.' },
  ]);
}

/** The link that sets a new password, asked for on the "Forgot your password?" page or by the operator. */
export function resetPasswordMessage(input: { to: string; link: string; expiresAt: Date | string }): MailMessage {
  return compose(input.to, 'Reset your Hoplink password', [
    { text: `Someone asked to reset the password of the Hoplink account ${input.to}.` },
    { text: 'Choose a new password here:', link: { href: input.link, label: 'Choose a new password' } },
    {
      text:
        `The link works once, until ${utcTime(input.expiresAt)}. ` +
        'Setting a new password signs you out everywhere you are signed in.',
    },
    { text: 'If you did not ask for this, ignore this email: your password stays as it is.' },
  ]);
}

/** An invitation to join a workspace with a role, sent by one of its members. */
export function invitationMessage(input: {
  to: string;
  workspaceName: string;
  inviterEmail: string;
  role: string;
  link: string;
  /** A Date, or an ISO 8601 timestamp as the stores keep them. */
  expiresAt: Date | string;
}): MailMessage {
  return compose(input.to, `Join ${input.workspaceName} on Hoplink`, [
    {
      text: `${input.inviterEmail} invited you to the workspace "${input.workspaceName}" on Hoplink as ${input.role}.`,
    },
    { text: 'Accept the invitation here:', link: { href: input.link, label: 'Accept the invitation' } },
    { text: `The invitation is valid until ${utcTime(input.expiresAt)}.` },
    { text: `If you do not know ${input.inviterEmail}, ignore this email.` },
  ]);
}
