import type { Mailer } from './mailer.ts';
import type { MailMessage } from './messages.ts';

/** What an outbox sends: a message, or the work that says which (and may find there is none to send). */
export type Outgoing = MailMessage | (() => Promise<MailMessage | undefined>);

/** Messages being prepared or sent at once, at most: past it a message is dropped and reported. */
export const MAX_PENDING_MAILS = 100;

/**
 * Sends in the background, so no answer waits for a mail server and no failure reaches a person's
 * request: a request commits its unit of work, posts the message here and answers. A failure is
 * handed to `onError` (the log). The work of a function posted here runs here too, after the
 * request's commit: a request whose answer must not depend on that work (a reset asked for an
 * address no account has) takes as long either way. `drain` waits for everything under way, for a
 * shutdown; each send is bounded by the mailer's deadline.
 */
export class MailOutbox {
  readonly #mailer: Mailer;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #maxPending: number;
  readonly #pending = new Set<Promise<void>>();

  constructor(mailer: Mailer, options: { onError: (error: unknown, what: string) => void; maxPending?: number }) {
    this.#mailer = mailer;
    this.#onError = options.onError;
    this.#maxPending = options.maxPending ?? MAX_PENDING_MAILS;
  }

  /** Takes a message to send; false when too many are under way (the message is dropped and reported). */
  post(outgoing: Outgoing): boolean {
    if (this.#pending.size >= this.#maxPending) {
      this.#onError(new Error(`${this.#pending.size} messages under way already`), 'mail dropped');
      return false;
    }
    const done: Promise<void> = this.#deliver(outgoing).finally(() => this.#pending.delete(done));
    this.#pending.add(done);
    return true;
  }

  /** Resolves once every message posted so far is sent or has failed. */
  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async #deliver(outgoing: Outgoing): Promise<void> {
    // Not in the poster's turn of the event loop: its answer is written first.
    await new Promise((resolve) => setImmediate(resolve));
    let message: MailMessage | undefined;
    try {
      message = typeof outgoing === 'function' ? await outgoing() : outgoing;
    } catch (error) {
      this.#onError(error, 'mail not prepared');
      return;
    }
    if (!message) return;
    try {
      await this.#mailer.send(message);
    } catch (error) {
      this.#onError(error, `mail "${message.subject}" to ${message.to} not sent`);
    }
  }
}
