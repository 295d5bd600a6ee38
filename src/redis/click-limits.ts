import type { Redis } from 'ioredis';
import type { ClickLimits, LimitedLink } from '../services/click-limits.ts';

// One atomic step on the server: the count is the larger of the stored one and click_count (a
// fresh key starts at click_count); below the limit it goes up by one and the click is let
// through. A refused click leaves the count alone, so raising the limit later works at once.
const TAKE = `
local used = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), tonumber(ARGV[1]))
if used >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], used + 1, 'EX', ARGV[3])
return 1`;

/** A month without visits lets a counter go: click_count has long caught up by then. */
const COUNTER_TTL_SECONDS = 30 * 24 * 60 * 60;

type WithTake = Redis & {
  hoplinkTakeClick(key: string, clickCount: number, maxClicks: number, ttl: number): Promise<number>;
};

/**
 * Several instances: the counter lives in Redis and each click is taken with one Lua script (one
 * round trip, only for links with a limit). A link found used up is remembered here, so later
 * visits answer without asking Redis, until the link changes (its limit may have been raised).
 */
export class RedisClickLimits implements ClickLimits {
  readonly #redis: WithTake;
  readonly #prefix: string;
  readonly #usedUp = new Set<number>();

  constructor(redis: Redis, prefix: string) {
    redis.defineCommand('hoplinkTakeClick', { numberOfKeys: 1, lua: TAKE });
    this.#redis = redis as WithTake;
    this.#prefix = prefix;
  }

  exhausted(link: LimitedLink): boolean {
    return link.clickCount >= link.maxClicks || this.#usedUp.has(link.id);
  }

  async take(link: LimitedLink): Promise<boolean> {
    const key = `${this.#prefix}click-limit:${link.id}`;
    const taken = (await this.#redis.hoplinkTakeClick(key, link.clickCount, link.maxClicks, COUNTER_TTL_SECONDS)) === 1;
    if (!taken) this.#usedUp.add(link.id);
    return taken;
  }

  linkChanged(_kind: 'updated' | 'deleted', linkId: number): void {
    this.#usedUp.delete(linkId);
  }
}
