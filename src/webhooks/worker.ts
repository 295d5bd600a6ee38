import { isSuccessStatus, retryDelayMs, shouldDisable } from '../core/webhook-retry.ts';
import { SIGNATURE_HEADER, signPayload } from '../core/webhook-signature.ts';
import { timestamp } from '../core/time.ts';
import type { Webhook } from '../core/model.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { Attempt, AttemptOutcome, Delivery } from '../storage/webhooks.kysely.ts';
import { sendWebhook, type SendOptions, type SendResult } from './sender.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface WorkerOptions extends SendOptions {
  pollIntervalMs: number;
  batchSize: number;
  clock: Clock;
}

/**
 * Sends queued deliveries in the background: never on a request's or a redirect's path.
 * Success closes the delivery and clears the webhook's failing streak; a failure schedules the
 * next attempt (1 min, 5, 30, 2 h, 6 h...) until the webhook has failed for 3 days, when it is
 * disabled with a reason the user can read.
 */
export class WebhookWorker {
  readonly #uow: UnitOfWork;
  readonly #options: WorkerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(uow: UnitOfWork, options: WorkerOptions) {
    this.#uow = uow;
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => void this.runOnce().catch(() => {}), this.#options.pollIntervalMs);
    this.#timer.unref();
  }

  /** One pass over the due deliveries; concurrent calls share the pass in progress. */
  runOnce(): Promise<void> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #pass(): Promise<void> {
    const now = this.#options.clock.now();
    const leaseMs = Math.max(this.#options.timeoutMs * 3, 30_000);
    const due = await this.#uow.transact(({ stores }) =>
      stores.webhooks.claimDueDeliveries(now, this.#options.batchSize, leaseMs),
    );
    await Promise.all(due.map((delivery) => this.#deliver(delivery)));
  }

  async #deliver(delivery: Delivery & { webhook: Webhook }): Promise<void> {
    const sentAt = this.#options.clock.now();
    const result: SendResult = await sendWebhook(
      delivery.webhook.url,
      delivery.payload,
      {
        [SIGNATURE_HEADER]: signPayload(delivery.webhook.secret, delivery.payload, Math.floor(sentAt.getTime() / 1000)),
        'Hoplink-Delivery': delivery.deliveryId,
        'Hoplink-Event': delivery.event,
      },
      this.#options,
    );
    const attempts = delivery.attempts + 1;
    const attempt = {
      attemptedAt: timestamp(sentAt),
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error:
        result.error ??
        (result.statusCode !== null && !isSuccessStatus(result.statusCode) ? `HTTP ${result.statusCode}` : null),
    };
    if (result.statusCode !== null && isSuccessStatus(result.statusCode)) {
      await this.#record(delivery, attempt, {
        status: 'succeeded',
        attempts,
        nextAttemptAt: null,
        webhookFailingSince: null,
        disableReason: null,
      });
      return;
    }
    const failingSince = delivery.webhook.failingSince ?? timestamp(sentAt);
    if (shouldDisable(new Date(failingSince), sentAt)) {
      const last = attempt.error ?? 'no response';
      const reason = `Disabled on ${timestamp(sentAt)}: every delivery failed for 3 days (last: ${last}).`;
      await this.#record(delivery, attempt, {
        status: 'failed',
        attempts,
        nextAttemptAt: null,
        webhookFailingSince: failingSince,
        disableReason: reason,
      });
      return;
    }
    const next = timestamp(new Date(sentAt.getTime() + retryDelayMs(attempts)));
    await this.#record(delivery, attempt, {
      status: 'pending',
      attempts,
      nextAttemptAt: next,
      webhookFailingSince: failingSince,
      disableReason: null,
    });
  }

  #record(delivery: Delivery, attempt: Attempt, outcome: AttemptOutcome): Promise<void> {
    return this.#uow.transact(({ stores }) => stores.webhooks.recordAttempt(delivery, attempt, outcome));
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => {});
  }
}
