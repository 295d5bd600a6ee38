import { resetPasswordMessage, verifyEmailMessage } from '../mail/messages.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { issueEmailVerification, issuePasswordReset } from '../services/account-recovery.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';

// The dashboard's pages that the account emails link to (routed in web/src/app.tsx). The token is
// base64url, so it goes into the address as it is; after the `#`, browsers never send it to a server.
export const resetPasswordLink = (appUrl: string, token: string) => `${appUrl}/#/reset-password?token=${token}`;
export const verifyEmailLink = (appUrl: string, token: string) => `${appUrl}/#/verify-email?token=${token}`;

/**
 * The account emails the dashboard sends. Each is posted to the outbox, which makes its link in a
 * unit of work of its own and sends the message once that has committed, after the request is
 * answered: whether an account has the address, and whether the mail server answers, never shows
 * in the answer or its timing. Without SMTP_URL there is no outbox and nothing is sent.
 */
export class AccountMail {
  readonly #uow: UnitOfWork;
  readonly #outbox: MailOutbox | undefined;
  readonly #appUrl: string;

  constructor(uow: UnitOfWork, outbox: MailOutbox | undefined, appUrl: string) {
    this.#uow = uow;
    this.#outbox = outbox;
    this.#appUrl = appUrl;
  }

  /** Whether this instance sends email (SMTP_URL is set). */
  get configured(): boolean {
    return this.#outbox !== undefined;
  }

  /** A reset link to the account with this address, if one has it. */
  sendPasswordReset(email: string): void {
    this.#outbox?.post(async () => {
      const issued = await this.#uow.transact((work) => issuePasswordReset(work, email));
      if (!issued) return undefined;
      const { to, token, expiresAt } = issued;
      return resetPasswordMessage({ to, link: resetPasswordLink(this.#appUrl, token), expiresAt });
    });
  }

  /** A verification link to the account's address, unless it is verified already. */
  sendVerification(userId: number): void {
    this.#outbox?.post(async () => {
      const issued = await this.#uow.transact((work) => issueEmailVerification(work, userId));
      if (!issued) return undefined;
      const { to, token, expiresAt } = issued;
      return verifyEmailMessage({ to, link: verifyEmailLink(this.#appUrl, token), expiresAt });
    });
  }
}
