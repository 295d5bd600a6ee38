import { messageOf } from '../core/errors.ts';
import {
  expectedTag,
  linkDestinations,
  retryDelayMs,
  summarizeHealth,
  tagLost,
  type DestinationOutcome,
  type LinkHealth,
} from '../core/link-health.ts';
import { applyAffiliateTag } from '../core/affiliate.ts';
import type { ResolveHost } from '../outbound/address-guard.ts';
import { claimCheck, recordCheck, type HealthCheckTarget } from '../services/link-health.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { FairScheduler } from './fair-scheduler.ts';
import { probeDestination, type ProbeOptions } from './probe.ts';

export interface LinkCheckerOptions {
  /** How often each link is checked; 0 turns the background passes off (checks asked for still run). */
  intervalMs: number;
  /** How often the checker looks for due links. */
  pollIntervalMs: number;
  /** Requests in flight at once, all links together; one account holds at most half of them, rounded up. */
  concurrency: number;
  /** Requests to one host start at least this far apart. */
  perHostIntervalMs: number;
  /** Network time per destination, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  maxBodyBytes: number;
  allowPrivate: boolean;
  resolveHost: ResolveHost;
  userAgent: string;
  /** Links in flight beyond which passes take no more; one account's at most half of them, rounded up. */
  batchSize: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** Told of every recorded check (metrics, tests). */
  onChecked?: (linkId: number, health: LinkHealth) => void;
}

/** How many due links one reading takes, at least; passes use them up before reading again. */
const CANDIDATES = 100;
/** How long a reading of the due links serves: a link made due since is taken within this. */
const CANDIDATES_MS = 5_000;

type DueLink = { id: number; workspaceId: number };

export const LINK_CHECK_DEFAULTS = {
  concurrency: 4,
  perHostIntervalMs: 1000,
  timeoutMs: 10_000,
  maxRedirects: 10,
  maxBodyBytes: 4096,
  batchSize: 20,
  userAgent: 'Mozilla/5.0 (compatible; HoplinkLinkChecker/1.0)',
} as const;

/**
 * Checks links' destinations in the background (docs/api.md, "Link health"), never on a
 * request's path and never inside a unit of work: a pass takes due links, each under a lease in
 * a short transaction of its own (so on several instances one checker works a link), fetches
 * outside any transaction, and records each result in another. A check asked for (`checkNow`)
 * goes the same way for one link, whether background passes run or not.
 *
 * Accounts share the checker fairly (FairScheduler): their requests are served round robin, and
 * one account holds at most half the request slots, so another account's check starts at once
 * even while the first one's destinations hang until their deadline. Passes likewise take the due
 * links of the accounts in turn, and one account's links fill at most half of `batchSize`.
 *
 * The lease (`leaseMs`) outlives the slowest check a pass can start: every destination of every
 * link it took, one per second on a single host, each with its full network time.
 */
export class LinkChecker {
  readonly #uow: UnitOfWork;
  readonly #options: LinkCheckerOptions;
  readonly #scheduler: FairScheduler;
  readonly #probe: Omit<ProbeOptions, 'schedule'>;
  readonly #inFlight = new Map<number, Promise<void>>();
  /** Links in flight per account. */
  readonly #accountLinks = new Map<number, number>();
  /** Links made due again after an edit, being written. */
  readonly #marking = new Set<Promise<void>>();
  readonly #now: () => Date;
  #timer: NodeJS.Timeout | undefined;
  #passing: Promise<Array<Promise<void>>> | undefined;
  /** What is left of the last reading of the due links, in their order, and until when it serves. */
  #candidates: DueLink[] = [];
  #candidatesUntil = 0;
  #closed = false;
  #background = false;

  constructor(uow: UnitOfWork, options: LinkCheckerOptions) {
    this.#uow = uow;
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#scheduler = new FairScheduler({ slots: options.concurrency, intervalMs: options.perHostIntervalMs });
    this.#probe = {
      timeoutMs: options.timeoutMs,
      maxRedirects: options.maxRedirects,
      maxBodyBytes: options.maxBodyBytes,
      allowPrivate: options.allowPrivate,
      resolveHost: options.resolveHost,
      userAgent: options.userAgent,
    };
  }

  /** Runs one request of `account`'s when its turn comes. */
  #schedule(account: number): ProbeOptions['schedule'] {
    return (host, task) =>
      this.#scheduler.run(String(account), host, () => {
        // Closing: start nothing new; the check fails quietly and its lease runs out.
        if (this.#closed) return Promise.reject(new CheckerClosed());
        return task();
      });
  }

  /** Links of one account that passes keep in flight at most. */
  get #accountShare(): number {
    return Math.ceil(this.#options.batchSize / 2);
  }

  get leaseMs(): number {
    // 40 destinations at most per link (1 + 20 conditions + 8 options + 5 variants, rounded up).
    const perLink = 40 * (this.#options.perHostIntervalMs + this.#options.timeoutMs);
    return Math.max(15 * 60_000, this.#options.batchSize * perLink);
  }

  /**
   * Background passes every `pollIntervalMs`, unless the interval is 0; and while links are due,
   * a new pass each time a check finishes, so a backlog is worked through at the pace of the
   * checks (4 requests at once, one per second per host), not at one batch per poll. A reading of
   * the due links serves the passes of the next few seconds (`#dueLinks`).
   */
  start(): void {
    if (this.#options.intervalMs <= 0) return;
    this.#background = true;
    this.#timer = setInterval(() => void this.#pass().catch(this.#onError), this.#options.pollIntervalMs);
    this.#timer.unref();
  }

  /** One pass: takes the due links there is room for and resolves once their checks are recorded. */
  async runOnce(): Promise<void> {
    await Promise.all(await this.#pass());
  }

  #pass(): Promise<Array<Promise<void>>> {
    if (this.#closed) return Promise.resolve([]);
    this.#passing ??= this.#claimPass().finally(() => {
      this.#passing = undefined;
    });
    return this.#passing;
  }

  /**
   * Reads which links are due (the accounts in turn), then takes them one by one, each in a
   * transaction of its own: two instances reading the same due links race for each with a
   * conditional update, the loser moves on to the next, and no row stays locked longer than one
   * claim. An account with its share of links in flight gets no more until one is done.
   */
  async #claimPass(): Promise<Array<Promise<void>>> {
    const room = this.#options.batchSize - this.#inFlight.size;
    if (room <= 0) return [];
    const now = this.#now();
    const started: Array<Promise<void>> = [];
    const waiting: DueLink[] = [];
    for (const link of await this.#dueLinks(now)) {
      if (started.length >= room || this.#closed) {
        waiting.push(link);
        continue;
      }
      if (this.#inFlight.has(link.id)) continue;
      // Over its share now, its turn may come back while these candidates last.
      if ((this.#accountLinks.get(link.workspaceId) ?? 0) >= this.#accountShare) {
        waiting.push(link);
        continue;
      }
      const target = await this.#uow.transact((work) => claimCheck(work, link.id, now, this.leaseMs, true));
      if (target) started.push(this.#track(target));
    }
    this.#candidates = waiting;
    return started;
  }

  /**
   * The due links, the accounts in turn: read afresh when the last reading is used up or older
   * than CANDIDATES_MS, else what is left of it. A backlog starts a pass each time a check
   * finishes, several a second; each reading takes 0.5 - 2 ms at 100,000 due links (it sorted them
   * all, 90 - 350 ms, before each account's queue had an index). A link read as due and checked
   * meanwhile by another instance is not claimed again (`onlyIfDue`).
   */
  async #dueLinks(now: Date): Promise<DueLink[]> {
    if (this.#candidates.length > 0 && now.getTime() < this.#candidatesUntil) return this.#candidates;
    this.#candidatesUntil = now.getTime() + CANDIDATES_MS;
    const wanted = Math.max(CANDIDATES, this.#options.batchSize * 3);
    return this.#uow.read((stores) => stores.linkHealth.due(now, wanted));
  }

  /**
   * A link's destinations may have changed (an edit): its next check is due now. Written in a unit
   * of work of its own, after the edit's commit; close() waits for it.
   */
  linkChanged(linkId: number): void {
    if (this.#closed) return;
    const marking: Promise<void> = this.#uow
      .transact((work) => work.stores.linkHealth.markDue(linkId))
      .catch(this.#onError)
      .finally(() => this.#marking.delete(marking));
    this.#marking.add(marking);
  }

  /**
   * Checks one link now, in the background. `started` is false when a check of it is already
   * running here or on another instance (its result is then the one to wait for).
   */
  async checkNow(linkId: number): Promise<{ started: boolean; done: Promise<void> }> {
    const running = this.#inFlight.get(linkId);
    if (running || this.#closed) return { started: false, done: running ?? Promise.resolve() };
    const now = this.#now();
    const target = await this.#uow.transact((work) => claimCheck(work, linkId, now, this.leaseMs));
    if (!target) return { started: false, done: Promise.resolve() };
    return { started: true, done: this.#track(target) };
  }

  #track(target: HealthCheckTarget): Promise<void> {
    const id = target.link.id;
    const account = target.link.workspaceId;
    this.#accountLinks.set(account, (this.#accountLinks.get(account) ?? 0) + 1);
    const done = this.#check(target)
      .catch(this.#onError)
      .finally(() => {
        this.#inFlight.delete(id);
        const left = (this.#accountLinks.get(account) ?? 1) - 1;
        if (left > 0) this.#accountLinks.set(account, left);
        else this.#accountLinks.delete(account);
        if (this.#background && !this.#closed) void this.#pass().catch(this.#onError);
      });
    this.#inFlight.set(id, done);
    return done;
  }

  async #check(target: HealthCheckTarget): Promise<void> {
    const destinations = linkDestinations({
      redirectUrl: target.link.redirectUrl,
      conditions: target.link.conditions,
      variants: target.link.variants,
      options: target.options,
    });
    // The destinations go into the account's line together: they are that account's work.
    const probe: ProbeOptions = { ...this.#probe, schedule: this.#schedule(target.link.workspaceId) };
    const outcomes = await Promise.all(destinations.map((url) => this.#checkDestination(url, target, probe)));
    const checkedAt = this.#now();
    const health = summarizeHealth(outcomes, checkedAt.toISOString());
    const interval = this.#options.intervalMs;
    const transient = outcomes.some((outcome) => outcome.verdict === 'transient');
    const nextDueAt =
      interval <= 0 ? null : new Date(checkedAt.getTime() + (transient ? retryDelayMs(outcomes, interval) : interval));
    const recorded = await this.#uow.transact((work) => recordCheck(work, target, health, nextDueAt));
    if (recorded) this.#options.onChecked?.(target.link.id, health);
  }

  async #checkDestination(url: string, target: HealthCheckTarget, probe: ProbeOptions): Promise<DestinationOutcome> {
    // The first request is what a visitor's browser asks for: the destination with the owner's tag.
    const first = applyAffiliateTag(url, target.tags);
    const expected = expectedTag(first, target.tags);
    const result = await probeDestination(first, probe);
    return {
      url,
      verdict: result.verdict,
      httpStatus: result.httpStatus,
      error: result.error,
      affiliateTagLost: result.finalUrl === null ? null : tagLost(expected, result.finalUrl),
      retryAfterSeconds: result.retryAfterSeconds,
    };
  }

  #onError = (error: unknown): void => {
    if (this.#closed) return;
    this.#options.onError?.(error instanceof Error ? error : new Error(messageOf(error)));
  };

  /**
   * Stops the passes, starts no new request, and waits for the requests in flight (each bounded
   * by its network time). A check cut short records nothing: its lease runs out and another pass
   * takes the link again.
   */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#passing?.catch(() => {});
    await Promise.all([...this.#inFlight.values(), ...this.#marking]);
  }
}

class CheckerClosed extends Error {
  constructor() {
    super('the link checker is closing');
  }
}
