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
  /** Deliveries a pass starts at most. */
  batchSize: number;
  clock: Clock;
  /** Deliveries in flight at once, all webhooks together (default 50). */
  maxInFlight?: number;
  /** Deliveries in flight at once to one webhook (default 2). */
  maxPerWebhook?: number;
  /** Told of every attempt's outcome: succeeded, retrying (failed, will retry) or failed for good. */
  onAttempt?: (outcome: 'succeeded' | 'retrying' | 'failed') => void;
}

export const DEFAULT_MAX_IN_FLIGHT = 50;
export const DEFAULT_MAX_PER_WEBHOOK = 2;

/** Claim rounds a pass makes at most to replace deliveries it had to leave (their webhook was full). */
const MAX_CLAIM_ROUNDS = 10;

type Claimed = Delivery & { webhook: Webhook };

/**
 * Sends queued deliveries in the background: never on a request's or a redirect's path.
 * Success closes the delivery and clears the webhook's failing streak; a failure schedules the
 * next attempt (1 min, 5, 30, 2 h, 6 h...) until the webhook has failed for 3 days, when it is
 * disabled with a reason the user can read.
 *
 * A slow receiver holds back nobody else. Each delivery has a deadline (`timeoutMs`, for the
 * whole exchange), runs on its own, and is tracked while in flight; a pass claims only as many
 * as there is room for (`maxInFlight` in all) and never waits for the deliveries of an earlier
 * one. At most `maxPerWebhook` deliveries of one webhook are in flight: one claimed while its
 * webhook is full is left alone, and claimed again when its lease expires. The lease is longer
 * than the deadline, so a delivery in flight is never claimed a second time.
 */
export class WebhookWorker {
  readonly #uow: UnitOfWork;
  readonly #options: WorkerOptions;
  readonly #maxInFlight: number;
  readonly #maxPerWebhook: number;
  /** Deliveries in flight, by delivery row id, and how many each webhook has. */
  readonly #inFlight = new Map<number, Promise<void>>();
  readonly #perWebhook = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;
  #claiming: Promise<Array<Promise<void>>> | undefined;
  #closed = false;

  constructor(uow: UnitOfWork, options: WorkerOptions) {
    this.#uow = uow;
    this.#options = options;
    this.#maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.#maxPerWebhook = Math.max(1, options.maxPerWebhook ?? DEFAULT_MAX_PER_WEBHOOK);
  }

  start(): void {
    // The poll only claims and starts: it never waits for the deliveries themselves.
    this.#timer = setInterval(() => void this.#claim().catch(() => {}), this.#options.pollIntervalMs);
    this.#timer.unref();
  }

  /**
   * One pass: claims the due deliveries there is room for, starts them, and resolves once those
   * are recorded. It does not wait for deliveries started before it, and another pass can start
   * while its deliveries are in flight; concurrent calls share a claim in progress.
   */
  async runOnce(): Promise<void> {
    await Promise.all(await this.#claim());
  }

  #claim(): Promise<Array<Promise<void>>> {
    if (this.#closed) return Promise.resolve([]);
    this.#claiming ??= this.#claimPass().finally(() => {
      this.#claiming = undefined;
    });
    return this.#claiming;
  }

  async #claimPass(): Promise<Array<Promise<void>>> {
    const leaseMs = Math.max(this.#options.timeoutMs * 3, 30_000);
    const started: Array<Promise<void>> = [];
    let wanted = Math.min(this.#options.batchSize, this.#maxInFlight - this.#inFlight.size);
    // Each round asks for exactly as many as may still start, so a delivery that could have
    // started is never left waiting for its lease; only those of a full webhook are left.
    for (let round = 0; round < MAX_CLAIM_ROUNDS && wanted > 0 && !this.#closed; round++) {
      const limit = wanted;
      const now = this.#options.clock.now();
      const due = await this.#uow.transact(({ stores }) => stores.webhooks.claimDueDeliveries(now, limit, leaseMs));
      for (const delivery of due) {
        if (this.#closed || this.#inFlight.has(delivery.id)) continue;
        if ((this.#perWebhook.get(delivery.webhookId) ?? 0) >= this.#maxPerWebhook) continue;
        started.push(this.#track(delivery));
        wanted -= 1;
      }
      if (due.length < limit) break; // nothing more is due
    }
    return started;
  }

  /** Starts a delivery in the background; the promise says whether its outcome was recorded. */
  #track(delivery: Claimed): Promise<void> {
    const webhookId = delivery.webhookId;
    this.#perWebhook.set(webhookId, (this.#perWebhook.get(webhookId) ?? 0) + 1);
    const done = this.#deliver(delivery);
    const tracked = done
      .catch(() => {}) // the pass that started it reports it; a poll has nobody to tell
      .finally(() => {
        this.#inFlight.delete(delivery.id);
        const left = (this.#perWebhook.get(webhookId) ?? 1) - 1;
        if (left > 0) this.#perWebhook.set(webhookId, left);
        else this.#perWebhook.delete(webhookId);
      });
    this.#inFlight.set(delivery.id, tracked);
    return done;
  }

  async #deliver(delivery: Claimed): Promise<void> {
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
    // A 2xx counts only when the exchange completed within the deadline.
    if (result.error === null && result.statusCode !== null && isSuccessStatus(result.statusCode)) {
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
    this.#options.onAttempt?.(outcome.status === 'pending' ? 'retrying' : outcome.status);
    return this.#uow.transact(({ stores }) => stores.webhooks.recordAttempt(delivery, attempt, outcome));
  }

  /** Stops polling, then waits for the deliveries in flight (each bounded by its deadline). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#claiming?.catch(() => {});
    await Promise.all(this.#inFlight.values());
  }
}
