import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formReturnCleared,
  formReturnCookie,
  returningFromForm,
  unlockCookie,
  unlockedBy,
} from '../core/link-unlock.ts';
import {
  decideRedirect,
  expiredDecision,
  type Decision,
  type Owner,
  type RedirectableLink,
} from '../core/redirect-decision.ts';
import type { Visitor } from '../core/targeting.ts';
import { variantCookie } from '../core/variants.ts';
import { clientIp, proxyTrust, type ProxyTrust } from '../clicks/client-ip.ts';
import type { GeoLookup } from '../clicks/geo.ts';
import type { ClickSink } from '../clicks/sink.ts';
import { parseUserAgent } from '../clicks/user-agent.ts';
import type { AppContext } from '../context.ts';
import { newRedirectCounts, type RedirectCounts } from '../observability/metrics.ts';
import type { ClickLimits } from '../services/click-limits.ts';
import * as answer from './answers.ts';
import { createBoundedServer } from './bounded-server.ts';
import { withClickId } from './click-id.ts';
import { LinkCache } from './link-cache.ts';
import { openInAppFor } from './open-in-app.ts';
import { createPasswordHasher } from '../services/passwords.ts';
import { tryPassword, type PasswordGateDeps } from './password-gate.ts';
import { hostnameOf, parseTarget } from './request-target.ts';
import { EdgeVisitRequest } from './visit-request.ts';

export interface EdgeDeps {
  cache: LinkCache;
  geo: GeoLookup;
  clicks: ClickSink;
  /** Exact click limits (max_clicks): in this process, or in Redis across instances. */
  clickLimits: ClickLimits;
  /** Password-protected links: the lock-out counter and the bounded KDF. */
  passwords: PasswordGateDeps;
  appUrl: string;
  shortUrl: string;
  /** Which peers are proxies (TRUST_PROXY, compiled by proxyTrust); undefined: none. */
  trustProxy: ProxyTrust | undefined;
  /** Answers by outcome, counted in place (metrics read them when scraped). */
  counts?: RedirectCounts;
  /** Picks new visitors' variants; tests pass a seeded one. */
  random?: () => number;
}

const HEALTH_BODY = '{"status":"ok"}';

const NO_OWNER: Owner = { pro: false, business: false, tags: new Map(), localizeByDefault: false };
const GET_HEAD_POST = 'GET, HEAD, POST';

type Method = 'GET' | 'HEAD' | 'POST';

/** What one request names, once resolved: the link (null: none) and its owner. */
interface Visit {
  req: IncomingMessage;
  res: ServerResponse;
  method: Method;
  host: string;
  code: string;
  optionNumber: number | null;
  /** The custom domain the link was found on (the Host named it); null: the default host's links. */
  domainHost: string | null;
  link: RedirectableLink | null;
  owner: Owner;
  /** The GET (or HEAD) the right password's 303 led to, unlocked: still the form's submission. */
  fromForm?: boolean;
  /** Looked up at most once per visit, when targeting or localisation asks; then recorded as is. */
  visitor?: Visitor;
}

/**
 * The short host: resolve the link (cache first) -> decide (pure) -> take a click off its limit
 * when it has one -> record the visit (never awaited) -> reply. No API plugins run here.
 */
export function createEdgeHandler(deps: EdgeDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const host = new ShortHost(deps);
  return (req, res) => host.handle(req, res);
}

/** One short host's answers, a method a step; `handle` is where every request starts. */
class ShortHost {
  readonly #deps: EdgeDeps;
  readonly #counts: RedirectCounts;
  readonly #defaultHost: string;
  readonly #secure: boolean;
  readonly #random: () => number;

  constructor(deps: EdgeDeps) {
    this.#deps = deps;
    this.#counts = deps.counts ?? newRedirectCounts();
    this.#defaultHost = new URL(deps.shortUrl).hostname.toLowerCase();
    this.#secure = deps.shortUrl.startsWith('https:');
    this.#random = deps.random ?? Math.random;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return answer.methodNotAllowed(res, GET_HEAD_POST);
    const target = parseTarget(req.url);
    if (target.kind === 'root') {
      if (method === 'POST') return answer.methodNotAllowed(res, 'GET, HEAD');
      this.#counts.root++;
      const headers = { Location: this.#deps.appUrl, 'Cache-Control': 'private, no-store', 'Content-Length': '0' };
      res.writeHead(302, headers).end();
      return;
    }
    if (target.kind === 'invalid') {
      this.#counts.not_found++;
      return answer.notFound(res, method === 'HEAD');
    }
    // A load balancer's check of this port ("healthz" is a reserved code, so no link has it).
    if (target.code === 'healthz' && target.optionNumber === null) {
      this.#counts.health++;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(HEALTH_BODY);
      return;
    }
    const host = hostnameOf(req.headers.host);
    const visit = { req, res, method: method as Method, host, code: target.code, optionNumber: target.optionNumber };
    // The common case stays synchronous: default host, link and owner's tags already cached.
    const cache = this.#deps.cache;
    if (method !== 'POST' && (host === this.#defaultHost || cache.peekHost(host) === null)) {
      const link = cache.peek(null, target.code);
      const owner = link ? cache.peekOwner(link.workspaceId) : NO_OWNER;
      if (link !== undefined && owner !== undefined) {
        const resolved = { ...visit, domainHost: null, link, owner };
        const pending = this.#reply(resolved, this.#decide(resolved, Date.now()));
        if (pending) pending.catch(() => this.#unavailable(res));
        return;
      }
    }
    this.#resolveThenVisit(visit).catch(() => this.#unavailable(res));
  }

  async #resolveThenVisit(visit: Omit<Visit, 'domainHost' | 'link' | 'owner'>): Promise<void> {
    const { host, code } = visit;
    const cache = this.#deps.cache;
    const domainId = host === this.#defaultHost ? null : (cache.peekHost(host) ?? (await cache.loadHost(host)));
    const link = cache.peek(domainId, code) ?? (await cache.load(domainId, code));
    const owner = link ? (cache.peekOwner(link.workspaceId) ?? (await cache.loadOwner(link.workspaceId))) : NO_OWNER;
    const resolved = { ...visit, domainHost: domainId === null ? null : host, link, owner };
    if (visit.method === 'POST') return this.#postPassword(resolved);
    return this.#reply(resolved, this.#decide(resolved, Date.now()));
  }

  /** The decision for this visit. */
  #decide(visit: Visit, now: number): Decision {
    const { req, link, optionNumber } = visit;
    const hash = link?.passwordHash ?? null;
    // A protected link opens with the cookie its right password set; a POST is always a new try.
    const unlocked =
      hash !== null &&
      visit.method !== 'POST' &&
      unlockedBy(req.headers.cookie, { ...link!, passwordHash: hash }, now / 1000);
    visit.fromForm = unlocked && returningFromForm(req.headers.cookie, link!.shortCode);
    const request = new EdgeVisitRequest({
      req,
      method: visit.method === 'HEAD' ? 'HEAD' : 'GET',
      code: visit.code,
      link,
      optionNumber,
      now,
      clicksExhausted: link !== null && link.maxClicks !== null && this.#deps.clickLimits.exhausted(limited(link)),
      unlocked,
      random: this.#random,
      geo: this.#deps.geo,
      trustProxy: this.#deps.trustProxy,
      visitor: visit.visitor,
    });
    const decision = decideRedirect(link ?? undefined, request, visit.owner);
    visit.visitor = request.looked;
    return decision;
  }

  /**
   * Answers a decision. A counted click of a link with a click limit first takes one click off
   * it: synchronous in one process, one Redis round trip across instances. A visitor who comes
   * too late gets the expired answer, so exactly max_clicks visitors get through.
   */
  #reply(visit: Visit, decision: Decision, cookies: string[] = []): void | Promise<void> {
    const { link } = visit;
    const limitedClick =
      link !== null &&
      link.maxClicks !== null &&
      (decision.kind === 'redirect' || decision.kind === 'choice-page') &&
      decision.record.kind === 'click' &&
      !parseUserAgent(visit.req.headers['user-agent']).bot;
    if (!limitedClick) return this.#send(visit, decision, cookies);
    const taken = this.#deps.clickLimits.take(limited(link));
    if (taken === true) return this.#send(visit, decision, cookies);
    if (taken === false) return this.#send(visit, expiredDecision(link), []);
    return taken.then((ok) => this.#send(visit, ok ? decision : expiredDecision(link), ok ? cookies : []));
  }

  /** The answers that record nothing; a redirect or choice page goes on to #record. */
  #send(visit: Visit, decision: Decision, cookies: string[]): void {
    const { res, code } = visit;
    const head = visit.method === 'HEAD';
    switch (decision.kind) {
      case 'not-found':
        this.#counts.not_found++;
        return answer.notFound(res, head);
      case 'expired':
        this.#counts.expired++;
        // Right after the password form (its POST, or the GET its 303 leads to) a 302 to another
        // site would still be part of the form's submission, which the form page's CSP blocks.
        if (decision.location !== null && (visit.method === 'POST' || visit.fromForm))
          return answer.continuePage(res, head, decision.location);
        return answer.expired(res, head, decision.location);
      case 'password':
        this.#counts.password++;
        return answer.passwordPage(res, visit.method, { status: 200 });
      case 'preview':
        this.#counts.preview++;
        return answer.previewPage(res, head, {
          ...decision.preview,
          // The link's own short URL, as the API gives it: never a Host header that merely fell
          // through to the default host's links.
          url: visit.domainHost === null ? `${this.#deps.shortUrl}/${code}` : `https://${visit.domainHost}/${code}`,
          destination: decision.destination,
        });
    }
    this.#record(visit, decision, cookies);
  }

  /**
   * Records the visit once, BEFORE the response is written: a sink that sends the visit elsewhere
   * (Redis) has then put it on the wire before the visitor gets the 302, so an instance that
   * crashes right after answering has still handed the visit on. A batching sink holds the
   * answer until the end of the event-loop turn (afterHandOff). A full sink holds it until the
   * visit is recorded, and a visit it refuses gets a 503, never a 302 (back-pressure).
   */
  #record(visit: Visit, answered: Answered, cookies: string[]): void {
    const { link, req } = visit;
    const { decision, clickId } = link?.passClickId
      ? withClickId(link, visit.owner, answered, () => parseUserAgent(req.headers['user-agent']).bot)
      : { decision: answered, clickId: undefined };
    const { record } = decision;
    if (record.kind === 'none' || !link) return this.#answerRecorded(visit, decision, cookies);
    const recorded = this.#deps.clicks.record({
      linkId: link.id,
      at: Date.now(),
      ip: clientIp(req, this.#deps.trustProxy),
      userAgent: req.headers['user-agent'],
      referer: req.headers.referer,
      optionIndex: record.kind === 'pick' ? record.optionIndex : null,
      variantIndex: record.kind === 'click' ? record.variantIndex : null,
      storefront: record.kind === 'click' ? (record.storefront ?? null) : null,
      country: visit.visitor?.country,
      acceptLanguage: req.headers['accept-language'],
      query: campaignQuery(req.url),
      clickId,
    });
    if (recorded === true) return this.#answerHandedOn(visit, decision, cookies);
    recorded.then(
      (ok) => (ok ? this.#answerHandedOn(visit, decision, cookies) : this.#unavailable(visit.res)),
      () => this.#unavailable(visit.res),
    );
  }

  /** The answer of a recorded visit: at once, or once a batching sink has handed it on. */
  #answerHandedOn(visit: Visit, decision: Answered, cookies: string[]): void {
    const clicks = this.#deps.clicks;
    if (!clicks.afterHandOff) return this.#answerRecorded(visit, decision, cookies);
    clicks.afterHandOff(() => {
      try {
        this.#answerRecorded(visit, decision, cookies);
      } catch {
        this.#unavailable(visit.res);
      }
    });
  }

  /** The 302 or choice page of a visit that may have been recorded. */
  #answerRecorded(visit: Visit, decision: Answered, cookies: string[]): void {
    const { res, code, link } = visit;
    const head = visit.method === 'HEAD';
    const secure = this.#secure;
    if (decision.kind === 'redirect') {
      this.#counts.redirect++;
      if (decision.setVariant !== undefined && !head)
        cookies.push(variantCookie(code, decision.setVariant, { secure }));
      // The GET its password form's 303 led to: a 302 to another site would be blocked (see #send).
      if (visit.fromForm) {
        cookies.push(formReturnCleared(code, { secure }));
        return answer.continuePage(res, head, decision.location, cookies);
      }
      const opening = link && openInAppFor(visit.req, link, visit.owner, decision.location);
      if (opening) return answer.openInAppPage(res, opening, cookies);
      return answer.redirect(res, decision.location, cookies);
    }
    this.#counts.choice_page++;
    // The options a protected choice page lists are links, not the form: they may redirect.
    if (visit.fromForm) cookies.push(formReturnCleared(code, { secure }));
    answer.choicePage(res, head, code, decision.options, cookies);
  }

  /** POST /<code>: the password form. Only a link that asks for a password takes posts. */
  async #postPassword(visit: Visit): Promise<void> {
    const { link, res } = visit;
    const asked = this.#decide(visit, Date.now());
    if (asked.kind !== 'password' || !link?.passwordHash) {
      if (asked.kind === 'not-found' || asked.kind === 'expired') return this.#send(visit, asked, []);
      return answer.methodNotAllowed(res, 'GET, HEAD');
    }
    const protectedLink = { ...link, passwordHash: link.passwordHash };
    const ip = clientIp(visit.req, this.#deps.trustProxy);
    const attempt = await tryPassword(this.#deps.passwords, visit.req, protectedLink, ip);
    switch (attempt.kind) {
      case 'locked':
        this.#counts.password++;
        return answer.passwordPage(res, 'POST', { status: 429, retryAfterSeconds: attempt.retryAfterSeconds });
      case 'wrong':
        this.#counts.password++;
        return answer.passwordPage(res, 'POST', { status: 401 });
      case 'busy':
        this.#counts.unavailable++;
        return answer.unavailable(res);
      case 'too-large':
        return answer.tooLarge(res);
    }
    // Not the destination itself: a redirect that follows a form submission is checked against
    // the form page's form-action, which allows this host only. Back to the same URL with the
    // unlock cookie instead; that GET is decided, counted and answered like any other visit.
    this.#counts.password++;
    const secure = this.#secure;
    const cookie = unlockCookie(protectedLink, Math.floor(Date.now() / 1000), { secure });
    return answer.seeOther(res, samePath(visit), [cookie, formReturnCookie(link.shortCode, { secure })]);
  }

  #unavailable(res: ServerResponse): void {
    this.#counts.unavailable++;
    answer.unavailable(res);
  }
}

/** The short URL's query when it carries utm_* parameters (the stats' utm breakdowns), else nothing. */
function campaignQuery(url: string | undefined): string | undefined {
  const queryAt = url?.indexOf('?') ?? -1;
  if (queryAt === -1 || !url!.includes('utm_', queryAt)) return undefined;
  return url!.slice(queryAt + 1);
}

/** `/<code>` or `/<code>/<n>` as the visit named it, with its query (UTM parameters) percent-encoded. */
function samePath(visit: Pick<Visit, 'req' | 'code' | 'optionNumber'>): string {
  const path = visit.optionNumber === null ? `/${visit.code}` : `/${visit.code}/${visit.optionNumber}`;
  const queryAt = visit.req.url?.indexOf('?') ?? -1;
  return queryAt === -1 ? path : path + new URL(visit.req.url!.slice(queryAt), 'http://short.invalid').search;
}

/** The decisions that can record a visit: the ones answered after it is handed on. */
type Answered = Extract<Decision, { kind: 'redirect' | 'choice-page' }>;

/** A link with a click limit, as the limits see it. */
function limited(link: RedirectableLink) {
  return { id: link.id, maxClicks: link.maxClicks!, clickCount: link.clickCount };
}

export interface RunningEdge {
  url: string;
  server: Server;
  cache: LinkCache;
  close(): Promise<void>;
}

// Link passwords are checked by visitors anyone can send: one scrypt at a time, 32 waiting, then
// 503. scrypt runs on libuv's pool, so redirects on the event loop never wait for it.
const linkPasswords = createPasswordHasher({
  concurrency: 1,
  maxWaiting: 32,
  busyMessage: 'Too many password checks at once.',
});

/** Starts the short host on SHORT_PORT with its own link cache. */
export async function startEdge(ctx: AppContext): Promise<RunningEdge> {
  const cache = new LinkCache(ctx.uow, ctx.events, ctx.config.linkCache);
  const counts = newRedirectCounts();
  ctx.metrics.watchEdge({ counts, cache: () => cache.stats() });
  const handler = createEdgeHandler({
    counts,
    cache,
    geo: ctx.geo,
    clicks: ctx.clicks,
    clickLimits: ctx.clickLimits,
    passwords: { failures: ctx.rateLimiters.linkPasswordFailures, verify: linkPasswords.verify },
    appUrl: ctx.config.appUrl,
    shortUrl: ctx.config.shortUrl,
    trustProxy: proxyTrust(ctx.config.trustProxy),
  });
  // Visitors open a link once: their sockets need not idle for long (the 5 s the edge always had).
  const server = createBoundedServer(ctx.config.requestTimeoutMs, 5_000, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.config.shortPort, ctx.config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${ctx.config.host === '0.0.0.0' ? 'localhost' : ctx.config.host}:${port}`,
    server,
    cache,
    close: () =>
      new Promise((resolve) => {
        // Stop accepting, let in-flight requests finish, then drop idle keep-alive sockets.
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
