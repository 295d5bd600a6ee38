import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AppEvent, EventBus } from '../services/events.ts';

/** The pub/sub channel of a deployment's committed changes (services and CLI alike). */
export const linkEventsChannel = (redisPrefix: string) => `${redisPrefix}link-events`;

/**
 * Carries link changes between instances over Redis pub/sub, so a change made through one
 * instance's API invalidates every instance's redirect cache. Changes that arrive are re-emitted
 * locally marked `remote`, and are never published again.
 */
export class RedisEventBus {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #channel: string;
  readonly #instance = randomUUID();
  readonly #unsubscribe: () => void;

  private constructor(publisher: Redis, subscriber: Redis, channel: string, events: EventBus) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#channel = channel;
    this.#unsubscribe = events.subscribe((change) => {
      if (change.remote) return;
      const message = JSON.stringify({ from: this.#instance, change: withoutSecrets(change) });
      void this.#publisher.publish(this.#channel, message).catch(() => {});
    });
    subscriber.on('message', (_channel: string, message: string) => {
      const { from, change } = JSON.parse(message) as { from: string; change: AppEvent };
      if (from !== this.#instance) events.emit({ ...change, remote: true });
    });
  }

  static async start(publisher: Redis, events: EventBus, channel: string): Promise<RedisEventBus> {
    const subscriber = publisher.duplicate();
    // The same server as the publisher's, whose own handler reports an outage; unheard, ioredis
    // would print every failed reconnection of this one.
    subscriber.on('error', () => {});
    try {
      await subscriber.subscribe(channel);
    } catch (error) {
      subscriber.disconnect(); // or it would go on reconnecting, and keep a CLI process alive
      throw error;
    }
    return new RedisEventBus(publisher, subscriber, channel, events);
  }

  async close(): Promise<void> {
    this.#unsubscribe();
    await this.#subscriber.quit().catch(() => {});
  }
}

/**
 * Other instances only need to know which link changed (their caches reload it from the
 * database): a link password's hash has no business on a pub/sub channel.
 */
function withoutSecrets(change: AppEvent): AppEvent {
  if (!('link' in change) || change.link.passwordHash === null) return change;
  return { ...change, link: { ...change.link, passwordHash: '[redacted]' } };
}
