import { LRUCache } from 'lru-cache';
import { entriesBound } from '../core/cache-bounds.ts';
import { isPlan, servesCustomDomains } from '../core/plans.ts';
import type { EventBus } from './events.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * The answer to a TLS server's "may I get a certificate for this name?" (Caddy's on-demand ask):
 * yes for the short host and for a custom domain the short host serves (active, its owner on
 * Business or within the grace after leaving it: the edge's rule, edge/link-cache.ts). Answers
 * are kept a minute, and forgotten at once when a domain changes in any instance, so a name
 * asked for on every handshake reads the database once.
 */
export class TlsAsk {
  readonly #uow: UnitOfWork;
  readonly #shortHostname: string;
  readonly #answers = new LRUCache<string, boolean>({ ...entriesBound(10_000), ttl: 60_000 });
  readonly #unsubscribe: () => void;

  constructor(uow: UnitOfWork, events: EventBus, shortHostname: string) {
    this.#uow = uow;
    this.#shortHostname = shortHostname;
    this.#unsubscribe = events.subscribe((event) => {
      if (event.kind === 'domains-changed' || event.kind === 'plan-changed') this.#answers.clear();
    });
  }

  /** `name`: lower case, no trailing dot. */
  async allows(name: string): Promise<boolean> {
    if (name === this.#shortHostname) return true;
    const known = this.#answers.get(name);
    if (known !== undefined) return known;
    const domain = await this.#uow.read((stores) => stores.redirect.activeDomain(name));
    const serves =
      domain !== undefined && isPlan(domain.plan) && servesCustomDomains(domain.plan, domain.downgradedAt, Date.now());
    this.#answers.set(name, serves);
    return serves;
  }

  close(): void {
    this.#unsubscribe();
  }
}
