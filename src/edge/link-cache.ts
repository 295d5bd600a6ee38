import { LRUCache } from 'lru-cache';
import { entriesBound } from '../core/cache-bounds.ts';
import type { TagsByProgram } from '../core/affiliate.ts';
import { hasApiAccess, hasBusinessAccess, isPlan, servesCustomDomains } from '../core/plans.ts';
import type { Owner, RedirectableLink } from '../core/redirect-decision.ts';
import { compileConditions } from '../core/targeting.ts';
import type { EventBus } from '../services/events.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';

export interface LinkCacheOptions {
  maxEntries: number;
  maxBytes: number;
  negativeTtlMs: number;
}

/** An unknown code, remembered for a while so a flood of misses does not reach the database. */
const MISSING = Symbol('missing');
type Entry = RedirectableLink | typeof MISSING;

const NO_TAGS: TagsByProgram = new Map();

const keyOf = (domainId: number | null, code: string) => `${domainId ?? 0}/${code}`;

const textSize = (text: string | null | undefined) => (text ? text.length * 2 + 16 : 0);

/** An estimate of an entry's heap bytes, for LINK_CACHE_MAX_MB: its strings dominate. */
function sizeOf(entry: Entry): number {
  if (entry === MISSING) return 64;
  let size = 320 + textSize(entry.redirectUrl) + textSize(entry.title) + textSize(entry.expiredUrl);
  size += textSize(entry.passwordHash) + textSize(entry.trackingId);
  for (const option of entry.options) size += textSize(option);
  for (const variant of entry.variants ?? []) size += textSize(variant.url) + 32;
  for (const value of Object.values(entry.utm ?? {})) size += textSize(value);
  for (const value of Object.values(entry.preview ?? {})) size += textSize(value);
  return size;
}

/**
 * The redirect's hot path: links, owners' affiliate tags and custom-domain hosts in bounded
 * in-process LRUs. A hit is a Map lookup with no I/O; a miss loads once however many requests
 * wait for it (single flight). Committed changes invalidate at once through the EventBus.
 */
/** The owner and host caches: 10,000 entries each, re-read after a minute. */
const SMALL_CACHE = { ...entriesBound(10_000), ttl: 60_000 };

export class LinkCache {
  readonly #uow: UnitOfWork;
  readonly #links: LRUCache<string, Entry>;
  // Owners and hosts are re-read after a minute: a plan changed with the CLI (another process)
  // reaches the short host within that, with no channel between the two.
  readonly #owners = new LRUCache<number, Owner>(SMALL_CACHE);
  readonly #hosts: LRUCache<string, number | typeof MISSING>;
  readonly #keyByLinkId = new Map<number, string>();
  readonly #inFlight = new Map<string, Promise<Entry>>();
  readonly #negativeTtlMs: number;
  readonly #maxEntries: number;
  #hits = 0;
  #misses = 0;

  constructor(uow: UnitOfWork, events: EventBus, options: LinkCacheOptions) {
    this.#uow = uow;
    this.#negativeTtlMs = options.negativeTtlMs;
    this.#maxEntries = options.maxEntries;
    // No `max`: lru-cache would reserve that many slots up front (4.4 MB for the default 100,000,
    // with the TTL arrays the first negative entry adds); #remember keeps maxEntries instead.
    this.#links = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      sizeCalculation: sizeOf,
      dispose: (entry, key) => {
        if (entry !== MISSING && this.#keyByLinkId.get(entry.id) === key) this.#keyByLinkId.delete(entry.id);
      },
    });
    this.#hosts = new LRUCache(SMALL_CACHE);
    events.subscribe((change) => {
      switch (change.kind) {
        case 'created':
        case 'updated':
        case 'deleted': {
          // The old key (a changed domain) and the new one (a negative entry for a new code).
          const previous = this.#keyByLinkId.get(change.link.id);
          if (previous) this.#links.delete(previous);
          this.#links.delete(keyOf(change.link.domain?.id ?? null, change.link.shortCode));
          break;
        }
        case 'links-imported':
          // New codes on the default host: only a negative entry ("unknown code") can be stale.
          for (const code of change.codes) this.#links.delete(keyOf(null, code));
          break;
        case 'tags-changed':
        case 'settings-changed':
          this.#owners.delete(change.workspaceId);
          break;
        case 'plan-changed':
          this.#owners.delete(change.workspaceId);
          this.#hosts.clear();
          break;
        case 'domains-changed':
          this.#hosts.clear();
          break;
      }
    });
  }

  /** The cached link, MISSING, or undefined when it must be loaded: lets a hit stay synchronous. */
  peek(domainId: number | null, code: string): RedirectableLink | null | undefined {
    const entry = this.#links.get(keyOf(domainId, code));
    if (entry === undefined) return undefined;
    this.#hits += 1;
    return entry === MISSING ? null : entry;
  }

  async load(domainId: number | null, code: string): Promise<RedirectableLink | null> {
    const key = keyOf(domainId, code);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      this.#misses += 1;
      pending = this.#fetch(domainId, code, key).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    const entry = await pending;
    return entry === MISSING ? null : entry;
  }

  async #fetch(domainId: number | null, code: string, key: string): Promise<Entry> {
    const row = await this.#uow.read((stores) => stores.redirect.load(domainId, code));
    if (!row) {
      if (this.#negativeTtlMs > 0) this.#remember(key, MISSING, this.#negativeTtlMs);
      return MISSING;
    }
    // Conditions are compiled once here, not on every visit.
    const entry: RedirectableLink = {
      id: row.id,
      workspaceId: row.workspaceId,
      shortCode: row.shortCode,
      isActive: row.isActive,
      redirectUrl: row.redirectUrl,
      options: row.options,
      targeting: compileConditions(row.conditions),
      title: row.title,
      expiresAt: row.expiresAt === null ? null : Date.parse(row.expiresAt),
      maxClicks: row.maxClicks,
      clickCount: row.clickCount,
      expiredUrl: row.expiredUrl,
      passwordHash: row.passwordHash,
      utm: row.utm,
      variants: row.variants,
      preview: row.preview,
      localize: row.localize,
      passClickId: row.passClickId,
      openInApp: row.openInApp,
      trackingId: row.trackingId,
    };
    this.#remember(key, entry);
    this.#keyByLinkId.set(row.id, key);
    return entry;
  }

  #remember(key: string, entry: Entry, ttl?: number): void {
    this.#links.set(key, entry, ttl === undefined ? undefined : { ttl });
    while (this.#links.size > this.#maxEntries) this.#links.pop(); // the least recently used
  }

  peekOwner(workspaceId: number): Owner | undefined {
    return this.#owners.get(workspaceId);
  }

  async loadOwner(workspaceId: number): Promise<Owner> {
    const row = await this.#uow.read((stores) => stores.redirect.owner(workspaceId));
    const plan = row !== undefined && isPlan(row.plan) ? row.plan : 'free';
    const business = hasBusinessAccess(plan);
    // Affiliate tags are a Business feature: an owner who left the plan keeps them, unapplied.
    const owner: Owner = {
      pro: hasApiAccess(plan),
      business,
      tags: business ? row!.tags : NO_TAGS,
      trackingIds: business ? row!.trackingIds : undefined,
      localizeByDefault: row?.localizeByDefault ?? false,
    };
    this.#owners.set(workspaceId, owner);
    return owner;
  }

  /** The custom domain serving `hostname`; null for the default host or an unknown host. */
  peekHost(hostname: string): number | null | undefined {
    const entry = this.#hosts.get(hostname);
    if (entry === undefined) return undefined;
    return entry === MISSING ? null : entry;
  }

  /** A domain serves while it is active and its owner is on Business, or within the grace after leaving it. */
  async loadHost(hostname: string): Promise<number | null> {
    const domain = await this.#uow.read((stores) => stores.redirect.activeDomain(hostname));
    const serves =
      domain !== undefined && isPlan(domain.plan) && servesCustomDomains(domain.plan, domain.downgradedAt, Date.now());
    const id = serves ? domain.id : undefined;
    this.#hosts.set(hostname, id ?? MISSING);
    return id ?? null;
  }

  stats() {
    return { entries: this.#links.size, bytes: this.#links.calculatedSize, hits: this.#hits, misses: this.#misses };
  }
}
