/**
 * SMTP_URL as the operator writes it: `smtp://` (STARTTLS when the server offers it) or `smtps://`
 * (TLS from the start), a host, an optional port and optional credentials (`user:password@`, each
 * percent-encoded). Nodemailer reads the rest of the URL itself (docs/configuration.md).
 */
export function isSmtpUrl(raw: string): boolean {
  const url = URL.parse(raw);
  return (url?.protocol === 'smtp:' || url?.protocol === 'smtps:') && url.hostname !== '';
}

/**
 * The URL with its password replaced, for logs and error messages. Works on text that does not parse
 * as a URL too (a wrong SMTP_URL is quoted back redacted), and on text that merely contains one.
 */
export function redactedUrl(text: string): string {
  return text.replace(/(\/\/[^/@\s:]*):[^/@\s]*@/g, '$1:[redacted]@');
}

/** MAIL_FROM: an address alone (`no-reply@links.example`) or with a name (`Hoplink <no-reply@links.example>`). */
export function isMailbox(raw: string): boolean {
  return /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(raw.trim());
}

/** MAIL_FROM when unset: no-reply at the dashboard's host name (APP_URL), `no-reply@localhost` by default. */
export function defaultSender(appUrl: string): string {
  return `Hoplink <no-reply@${new URL(appUrl).hostname}>`;
}

/** The start-up line about account emails: where they go out (the password redacted), or that none do. */
export function describeMail(mail: { smtpUrl: string | undefined; from: string }): string {
  if (!mail.smtpUrl) return 'SMTP_URL is not set: no account emails (verification, password resets) are sent';
  return `account emails go out through ${redactedUrl(mail.smtpUrl)} from ${mail.from}`;
}
