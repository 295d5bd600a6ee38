import { createTransport } from 'nodemailer';
import type { MailMessage } from './messages.ts';
import { redactedUrl } from './settings.ts';

/** Sends one message, or rejects: the port the account emails go through. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Time for one message, everything included: connecting, the greeting, TLS, authenticating, the data. */
export const MAIL_DEADLINE_MS = 10_000;

/**
 * Nodemailer's SMTP transport on SMTP_URL, one connection per message (account emails are few).
 * Each phase has its own timeout, and the whole send a deadline on top: a server that accepts the
 * connection and then answers a byte every few seconds would otherwise hold a send for minutes.
 * Errors leave with the URL's password taken out of their message.
 */
export function smtpMailer(options: { url: string; from: string; deadlineMs?: number }): Mailer {
  const deadlineMs = options.deadlineMs ?? MAIL_DEADLINE_MS;
  const phaseMs = Math.ceil(deadlineMs / 2);
  const transport = createTransport(
    { url: options.url, connectionTimeout: phaseMs, greetingTimeout: phaseMs, socketTimeout: phaseMs },
    { from: options.from },
  );
  return {
    async send(message) {
      try {
        await transport.sendMail({ ...message, signal: AbortSignal.timeout(deadlineMs) });
      } catch (error) {
        throw new MailError(error, deadlineMs);
      }
    },
  };
}

/** A failed send, said without credentials: what the logs and the caller see. */
export class MailError extends Error {
  constructor(cause: unknown, deadlineMs: number) {
    const aborted = cause instanceof Error && (cause as { code?: string }).code === 'EABORT';
    const reason = aborted
      ? `no answer within ${deadlineMs} ms`
      : redactedUrl(cause instanceof Error ? cause.message : String(cause));
    super(`mail not sent: ${reason}`);
    this.name = 'MailError';
  }
}
