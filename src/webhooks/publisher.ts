import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { entriesBound } from '../core/cache-bounds.ts';
import { countsAsClick, type ClickEvent } from '../core/clicks.ts';
import { WEBHOOK_EVENTS, type Link, type WebhookEvent } from '../core/model.ts';
import type { Conversion } from '../core/conversions.ts';
import { conversionResource } from '../services/conversions.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { Stores } from '../storage/stores.ts';
import type { Clock } from './worker.ts';

export const MAX_CLICKS_PER_DELIVERY = 1000;

/**
 * How long a publisher trusts that a user has no webhook for an event. A webhook created through
 * this instance, or through another one whose message the Redis bus delivers, ends it at once;
 * the bound is for a message the bus lost.
 */
const NO_SUBSCRIBERS_TTL_MS = 10_000;
/** Users remembered as having no webhook for an event (keys of user and event). */
const NO_SUBSCRIBERS_MAX = 10_000;

/**
 * Turns domain events into queued deliveries. Enqueueing happens after the request has been
 * answered (fire and forget, errors logged), and clicks are gathered per link for an interval
 * so a viral link sends one delivery per interval, not one per visit.
 */
export class WebhookPublisher {
  readonly #uow: UnitOfWork;
  readonly #clock: Clock;
  readonly #serializeLink: (link: Link) => unknown;
  readonly #onError: (error: unknown) => void;
  readonly #clicksByLink = new Map<number, ClickEvent[]>();
  readonly #timer: NodeJS.Timeout;
  readonly #inFlight = new Set<Promise<void>>();
  /**
   * Users known to have no webhook for an event, so that their next events cost no read (most
   * users have none: on PostgreSQL that read was one of a link creation's five round trips).
   * Webhooks only come into being through `webhookCreated`; they also go (deleted, disabled
   * after failures), which a negative answer does not mind.
   */
  readonly #noSubscribers = new LRUCache<string, true>({
    ...entriesBound(NO_SUBSCRIBERS_MAX),
    ttl: NO_SUBSCRIBERS_TTL_MS,
  });
  /** Bumped by every webhook created: a read that began before one must not be remembered. */
  #creations = 0;

  constructor(options: {
    uow: UnitOfWork;
    clock: Clock;
    serializeLink: (link: Link) => unknown;
    clickBatchMs: number;
    onError: (error: unknown) => void;
  }) {
    this.#uow = options.uow;
    this.#clock = options.clock;
    this.#serializeLink = options.serializeLink;
    this.#onError = options.onError;
    this.#timer = setInterval(() => this.#track(this.flushClicks()), options.clickBatchMs);
    this.#timer.unref();
  }

  linkChanged(kind: 'created' | 'updated' | 'deleted', link: Link): void {
    this.#track(this.publish(link.workspaceId, `link.${kind}`, () => this.#serializeLink(link)));
  }

  /** A link's check found it broken (sent once per turn from ok or unknown to broken). */
  linkBroken(link: Link): void {
    this.#track(this.publish(link.workspaceId, 'link.broken', () => this.#serializeLink(link)));
  }

  /** A conversion was recorded, or a later report changed it (its status, most often). */
  conversionChanged(change: 'created' | 'updated', conversion: Conversion): void {
    this.#track(this.publish(conversion.workspaceId, `conversion.${change}`, () => conversionResource(conversion)));
  }

  domainVerified(workspaceId: number, domain: unknown): void {
    this.#track(this.publish(workspaceId, 'domain.verified', () => domain));
  }

  /**
   * How many more counted clicks of each link the next link.clicked deliveries can carry. The
   * SQLite writer thread sends back no more than this: a busy link fills its delivery within
   * moments, and copying every later click between threads only for it to be dropped here cost
   * the redirect thread about a microsecond per visit.
   */
  clickRoom(linkIds: Iterable<number>): Map<number, number> {
    const room = new Map<number, number>();
    for (const linkId of linkIds)
      room.set(linkId, MAX_CLICKS_PER_DELIVERY - (this.#clicksByLink.get(linkId)?.length ?? 0));
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
    const ownerOf = await this.#uow.read((stores) => stores.webhooks.ownersOf(batches.map(([linkId]) => linkId)));
    for (const [linkId, clicks] of batches) {
      const workspaceId = ownerOf.get(linkId);
      if (workspaceId === undefined) continue;
      await this.publish(workspaceId, 'link.clicked', () => ({ link_id: linkId, clicks: clicks.map(clickPayload) }));
    }
  }

  /**
   * Queues the event for the user's webhooks that subscribe to it. Most users have none: they
   * cost one read, and neither a transaction (on SQLite, the write lock every create waits for)
   * nor serialising the payload. `data` is a function so that serialising waits for a subscriber.
   * The subscribers are read again in the transaction: one deleted in between gets nothing.
   */
  async publish(workspaceId: number, event: WebhookEvent, data: () => unknown): Promise<void> {
    const key = `${workspaceId} ${event}`;
    if (this.#noSubscribers.has(key)) return;
    const subscribersOf = (stores: Stores) => stores.webhooks.subscribersOf([workspaceId], event);
    const creationsBefore = this.#creations;
    if ((await this.#uow.read(subscribersOf)).length === 0) {
      if (this.#creations === creationsBefore) this.#noSubscribers.set(key, true);
      return;
    }
    await this.#uow.transact(async ({ stores }) => {
      const deliveries = this.#deliveries(await subscribersOf(stores), event, data());
      await stores.webhooks.enqueueDeliveries(deliveries, this.#clock.now());
    });
  }

  /** A webhook was created for the user, here or on another instance: read their webhooks again. */
  webhookCreated(workspaceId: number): void {
    this.#creations++;
    for (const event of WEBHOOK_EVENTS) this.#noSubscribers.delete(`${workspaceId} ${event}`);
  }

  /** A `webhook.test` delivery to one webhook, whatever it subscribes to. */
  async publishTo(webhook: { id: number }, data: unknown): Promise<void> {
    const deliveries = this.#deliveries([webhook], 'webhook.test', data);
    await this.#uow.transact(({ stores }) => stores.webhooks.enqueueDeliveries(deliveries, this.#clock.now()));
  }

  #deliveries(webhooks: ReadonlyArray<{ id: number }>, event: string, data: unknown) {
    const createdAt = this.#clock.now().toISOString();
    return webhooks.map((webhook) => {
      const deliveryId = randomUUID();
      return {
        webhookId: webhook.id,
        deliveryId,
        event,
        payload: JSON.stringify({ id: deliveryId, event, created_at: createdAt, data }),
      };
    });
  }

  #track(promise: Promise<void>): void {
    const tracked = promise.catch(this.#onError).finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  /** Resolves once every event published so far has been queued or found without subscribers. */
  async settled(): Promise<void> {
    await Promise.all(this.#inFlight);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flushClicks().catch(this.#onError);
    await this.settled();
  }
}

function clickPayload(click: ClickEvent) {
  return {
    link_id: click.linkId,
    clicked_at: click.at,
    country: click.country,
    device: click.device,
    browser: click.browser,
    os: click.os,
    referrer_host: click.referrerHost,
  };
}
