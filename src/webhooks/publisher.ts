import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Link } from '../core/model.ts';
import { countsAsClick, type ClickEvent } from '../clicks/enrich.ts';
import type { Database } from '../storage/schema.ts';
import { enqueueDeliveries, subscribersOf } from '../storage/webhooks.kysely.ts';
import type { Clock } from './worker.ts';

export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'domain.verified'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const MAX_CLICKS_PER_DELIVERY = 1000;

/**
 * Turns domain events into queued deliveries. Enqueueing happens after the request has been
 * answered (fire and forget, errors logged), and clicks are gathered per link for an interval
 * so a viral link sends one delivery per interval, not one per visit.
 */
export class WebhookPublisher {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #serializeLink: (link: Link) => unknown;
  readonly #onError: (error: unknown) => void;
  readonly #clicksByLink = new Map<number, ClickEvent[]>();
  readonly #timer: NodeJS.Timeout;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(options: { db: Kysely<Database>; clock: Clock; serializeLink: (link: Link) => unknown; clickBatchMs: number; onError: (error: unknown) => void }) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#serializeLink = options.serializeLink;
    this.#onError = options.onError;
    this.#timer = setInterval(() => this.#track(this.flushClicks()), options.clickBatchMs);
    this.#timer.unref();
  }

  linkChanged(kind: 'created' | 'updated' | 'deleted', link: Link): void {
    this.#track(this.publish(link.userId, `link.${kind}`, this.#serializeLink(link)));
  }

  domainVerified(userId: number, domain: unknown): void {
    this.#track(this.publish(userId, 'domain.verified', domain));
  }

  /**
   * How many more counted clicks of each link the next link.clicked deliveries can carry. The
   * SQLite writer thread sends back no more than this: a busy link fills its delivery within
   * moments, and copying every later click between threads only for it to be dropped here cost
   * the redirect thread about a microsecond per visit.
   */
  clickRoom(linkIds: Iterable<number>): Map<number, number> {
    const room = new Map<number, number>();
    for (const linkId of linkIds) room.set(linkId, MAX_CLICKS_PER_DELIVERY - (this.#clicksByLink.get(linkId)?.length ?? 0));
    return room;
  }

  /** Called after a click batch commits. Bots and choice-page picks are not clicks. */
  clicksRecorded(events: readonly ClickEvent[]): void {
    for (const event of events) {
      if (!countsAsClick(event)) continue;
      const pending = this.#clicksByLink.get(event.linkId) ?? [];
      if (pending.length < MAX_CLICKS_PER_DELIVERY) pending.push(event);
      this.#clicksByLink.set(event.linkId, pending);
    }
  }

  async flushClicks(): Promise<void> {
    if (this.#clicksByLink.size === 0) return;
    const batches = [...this.#clicksByLink.entries()];
    this.#clicksByLink.clear();
    const owners = await this.#db.selectFrom('links').select(['id', 'user_id']).where('id', 'in', batches.map(([linkId]) => linkId)).execute();
    const ownerOf = new Map(owners.map((row) => [row.id, row.user_id]));
    for (const [linkId, clicks] of batches) {
      const userId = ownerOf.get(linkId);
      if (userId === undefined) continue;
      await this.publish(userId, 'link.clicked', {
        link_id: linkId,
        clicks: clicks.map((c) => ({ link_id: c.linkId, clicked_at: c.at, country: c.country, device: c.device, browser: c.browser, os: c.os, referrer_host: c.referrerHost })),
      });
    }
  }

  async publish(userId: number, event: WebhookEvent, data: unknown): Promise<void> {
    await this.#enqueue(await subscribersOf(this.#db, [userId], event), event, data);
  }

  /** A `webhook.test` delivery to one webhook, whatever it subscribes to. */
  async publishTo(webhook: { id: number }, data: unknown): Promise<void> {
    await this.#enqueue([webhook], 'webhook.test', data);
  }

  async #enqueue(webhooks: ReadonlyArray<{ id: number }>, event: string, data: unknown): Promise<void> {
    const now = this.#clock.now();
    await enqueueDeliveries(this.#db, webhooks.map((webhook) => {
      const deliveryId = randomUUID();
      return { webhookId: webhook.id, deliveryId, event, payload: JSON.stringify({ id: deliveryId, event, created_at: now.toISOString(), data }) };
    }), now);
  }

  #track(promise: Promise<void>): void {
    const tracked = promise.catch(this.#onError).finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flushClicks().catch(this.#onError);
    await Promise.all(this.#inFlight);
  }
}
