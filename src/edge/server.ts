import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { primaryLanguage } from '../core/accept-language.ts';
import { CHOICE_PAGE_CSP, NOT_FOUND_PAGE, renderChoicePage } from '../core/choice-page.ts';
import { decideRedirect, type Decision, type RedirectableLink } from '../core/redirect-decision.ts';
import type { Visitor } from '../core/targeting.ts';
import { clientIp } from '../clicks/client-ip.ts';
import type { GeoLookup } from '../clicks/geo.ts';
import type { ClickSink } from '../clicks/sink.ts';
import { parseUserAgent } from '../clicks/user-agent.ts';
import type { AppContext } from '../context.ts';
import { newRedirectCounts, type RedirectCounts } from '../observability/metrics.ts';
import { createBoundedServer } from './bounded-server.ts';
import { LinkCache, type Owner } from './link-cache.ts';
import { hostnameOf, parseTarget } from './request-target.ts';

export interface EdgeDeps {
  cache: LinkCache;
  geo: GeoLookup;
  clicks: ClickSink;
  appUrl: string;
  shortUrl: string;
  trustProxy: boolean;
  /** Answers by outcome, counted in place (metrics read them when scraped). */
  counts?: RedirectCounts;
}

const HEALTH_BODY = '{"status":"ok"}';

const NO_OWNER: Owner = { business: false, tags: new Map() };
const NOT_HEADER_SAFE = /[^\x21-\x7e]/;

/** Node refuses non-ASCII in headers; such destinations go out in their encoded form. */
function safeLocation(location: string): string {
  return NOT_HEADER_SAFE.test(location) ? new URL(location).href : location;
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(NOT_FOUND_PAGE);
}

/**
 * The short host: resolve the link (cache first) -> decide (pure) -> record the visit (never
 * awaited) -> reply. No API plugins run here.
 */
export function createEdgeHandler(deps: EdgeDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const counts = deps.counts ?? newRedirectCounts();
  const defaultHost = new URL(deps.shortUrl).hostname.toLowerCase();

  const visitorOf = (req: IncomingMessage) => (): Visitor => {
    const agent = parseUserAgent(req.headers['user-agent']);
    return {
      country: deps.geo.country(clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trustProxy)),
      device: agent.device,
      os: agent.os,
      browser: agent.browser,
      language: primaryLanguage(req.headers['accept-language']),
    };
  };

  function reply(
    req: IncomingMessage,
    res: ServerResponse,
    code: string,
    link: RedirectableLink | null,
    owner: Owner,
    optionNumber: number | null,
  ): void {
    const decision: Decision = decideRedirect(
      link ?? undefined,
      { method: req.method as 'GET' | 'HEAD', optionNumber, visitor: visitorOf(req) },
      owner.tags,
      owner.business,
    );
    if (decision.kind === 'not-found') {
      counts.not_found++;
      notFound(res);
      return;
    }
    // Recorded once, without waiting, just BEFORE the response is written: a sink that sends
    // the visit elsewhere (Redis) has then put it on the wire before the visitor gets the 302,
    // so an instance that crashes right after answering has still handed the visit on.
    if (decision.record.kind !== 'none' && link) {
      deps.clicks.record({
        linkId: link.id,
        at: Date.now(),
        ip: clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trustProxy),
        userAgent: req.headers['user-agent'],
        referer: req.headers.referer,
        optionIndex: decision.record.kind === 'pick' ? decision.record.optionIndex : null,
      });
    }
    if (decision.kind === 'redirect') {
      counts.redirect++;
      res.writeHead(302, {
        Location: safeLocation(decision.location),
        'Cache-Control': 'private, no-store',
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    counts.choice_page++;
    const html = renderChoicePage({
      title: 'Choose where to go',
      options: decision.options.map((url, i) => ({ url, href: `/${code}/${i + 1}` })),
    });
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': CHOICE_PAGE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  async function resolveThenReply(
    req: IncomingMessage,
    res: ServerResponse,
    host: string,
    code: string,
    optionNumber: number | null,
  ): Promise<void> {
    const domainId = host === defaultHost ? null : (deps.cache.peekHost(host) ?? (await deps.cache.loadHost(host)));
    const link = deps.cache.peek(domainId, code) ?? (await deps.cache.load(domainId, code));
    const owner = link ? (deps.cache.peekOwner(link.userId) ?? (await deps.cache.loadOwner(link.userId))) : NO_OWNER;
    reply(req, res, code, link, owner, optionNumber);
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0' }).end();
      return;
    }
    const target = parseTarget(req.url);
    if (target.kind === 'root') {
      counts.root++;
      res.writeHead(302, { Location: deps.appUrl, 'Cache-Control': 'private, no-store', 'Content-Length': '0' }).end();
      return;
    }
    if (target.kind === 'invalid') {
      counts.not_found++;
      notFound(res);
      return;
    }
    // A load balancer's check of this port ("healthz" is a reserved code, so no link has it).
    if (target.code === 'healthz' && target.optionNumber === null) {
      counts.health++;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(HEALTH_BODY);
      return;
    }
    const host = hostnameOf(req.headers.host);
    // The common case stays synchronous: default host, link and owner's tags already cached.
    if (host === defaultHost || deps.cache.peekHost(host) === null) {
      const link = deps.cache.peek(null, target.code);
      const owner = link ? deps.cache.peekOwner(link.userId) : NO_OWNER;
      if (link !== undefined && owner !== undefined) {
        reply(req, res, target.code, link, owner, target.optionNumber);
        return;
      }
    }
    resolveThenReply(req, res, host, target.code, target.optionNumber).catch(() => {
      counts.unavailable++;
      if (!res.headersSent)
        res
          .writeHead(503, {
            'Content-Type': 'text/plain; charset=utf-8',
            'Retry-After': '1',
            'Cache-Control': 'no-store',
          })
          .end('Temporarily unavailable');
    });
  };
}

export interface RunningEdge {
  url: string;
  server: Server;
  cache: LinkCache;
  close(): Promise<void>;
}

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
    appUrl: ctx.config.appUrl,
    shortUrl: ctx.config.shortUrl,
    trustProxy: ctx.config.trustProxy,
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
