import type { Config } from '../config.ts';
import { messageOf } from '../core/errors.ts';
import type { EventBus } from '../services/events.ts';

/**
 * With Redis configured, the running instances hear what a CLI command commits as they hear each
 * other's changes (the Redis bus): an import's new short codes, a plan changed. Their caches then
 * drop what went stale at once instead of when it expires (an unknown code after 30 s, an owner's
 * plan after 60 s). A single process on SQLite has no such channel: it sees those changes as its
 * entries expire (docs/deployment.md). Best effort: with Redis unreachable the command still runs,
 * and the caches expire as they would have. Returns what to call once the command is done: it
 * waits until the changes have been published.
 */
export async function tellRunningInstances(
  config: Config,
  events: EventBus,
  warn: (text: string) => void,
): Promise<() => Promise<void>> {
  if (!config.redisUrl) return async () => {};
  // Loaded only when Redis is configured, as the service does.
  const { connectRedis } = await import('../redis/redis.ts');
  const { RedisEventBus, linkEventsChannel } = await import('../redis/event-bus.ts');
  const client = connectRedis(config.redisUrl); // its errors end in the warning below
  try {
    const bus = await RedisEventBus.start(client, events, linkEventsChannel(config.redisPrefix));
    return async () => {
      await bus.close();
      await client.quit().catch(() => {}); // after the PUBLISHes queued before it
    };
  } catch (error) {
    client.disconnect();
    warn(
      `hoplink: Redis unreachable (${messageOf(error)}): running instances see these changes as their caches expire\n`,
    );
    return async () => {};
  }
}
