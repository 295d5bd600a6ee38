import type { IncomingMessage } from 'node:http';
import { AppError, messageOf } from '../core/errors.ts';
import { verdictOfStatus, type Verdict } from '../core/link-health.ts';
import { resolveDeliveryTarget, type ResolveHost } from '../outbound/address-guard.ts';
import { isDnsFailure } from '../outbound/dns-resolver.ts';
import { guardedRequest } from '../outbound/guarded-request.ts';

export interface ProbeOptions {
  /** Network time allowed for one destination, all its redirects and retries together. */
  timeoutMs: number;
  /** Redirects followed at most; one more is "too many redirects" (broken). */
  maxRedirects: number;
  /** Bytes of a GET's body read at most: the answer is the status, the body is not needed. */
  maxBodyBytes: number;
  allowPrivate: boolean;
  resolveHost: ResolveHost;
  /** Runs one request when its host's turn comes (the checker's FairScheduler); the wait is not network time. */
  schedule: <T>(host: string, task: () => Promise<T>) => Promise<T>;
  userAgent: string;
}

export interface ProbeResult {
  verdict: Verdict;
  /** The status of the last answer received (the final one, or the one a failed chain stopped at). */
  httpStatus: number | null;
  error: string | null;
  /** The URL that gave the final answer; null when the chain did not reach one. */
  finalUrl: string | null;
  retryAfterSeconds: number | null;
  /** Requests made, HEAD and GET, over the whole chain. */
  requests: number;
  /** Body bytes read and kept, over the whole chain (only GETs read any, `maxBodyBytes` at most each). */
  bodyBytes: number;
}

type Failure = 'guard' | 'dns' | 'timeout' | 'refused' | 'other';

interface Exchange {
  status: number | null;
  location: string | null;
  retryAfter: string | null;
  error: { kind: Failure; message: string } | null;
  elapsedMs: number;
  bodyBytes: number;
}

/**
 * Checks one destination the way a browser would reach it, following redirects by hand so every
 * hop goes through the address guard (a redirect to 169.254.169.254 is refused like a direct
 * link to it) and the per-host pace. HEAD first; when HEAD is answered badly (a 4xx or 5xx other
 * than 429, or a broken exchange) the same URL is asked again with GET, of which at most
 * `maxBodyBytes` are read. Never throws.
 */
export async function probeDestination(url: string, options: ProbeOptions): Promise<ProbeResult> {
  let budget = options.timeoutMs;
  let requests = 0;
  let bodyBytes = 0;
  let current = url;
  let lastStatus: number | null = null;
  const broken = (error: string, finalUrl: string | null = null): ProbeResult => ({
    verdict: 'broken',
    httpStatus: lastStatus,
    error,
    finalUrl,
    retryAfterSeconds: null,
    requests,
    bodyBytes,
  });
  for (let hop = 0; ; hop++) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      return broken(`invalid redirect target ${JSON.stringify(current.slice(0, 200))}`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return broken(`redirects to an unsupported scheme (${target.protocol})`);
    const ask = async (method: 'HEAD' | 'GET') => {
      const answer = await options.schedule(target.hostname, () => {
        requests += 1;
        return exchange(method, target, budget, options);
      });
      budget -= answer.elapsedMs;
      bodyBytes += answer.bodyBytes;
      return answer;
    };
    let answer = await ask('HEAD');
    const badHead =
      (answer.status !== null && answer.status >= 400 && answer.status !== 429) || answer.error?.kind === 'other';
    if (badHead && budget > 0) answer = await ask('GET');
    if (answer.error) return broken(answer.error.message);
    const status = answer.status!;
    lastStatus = status;
    if (status >= 300 && status < 400 && answer.location !== null) {
      if (hop >= options.maxRedirects) return broken(`more than ${options.maxRedirects} redirects`);
      try {
        current = new URL(answer.location, target).href;
      } catch {
        return broken(`invalid redirect target ${JSON.stringify(answer.location.slice(0, 200))}`);
      }
      continue;
    }
    const verdict = verdictOfStatus(status);
    return {
      verdict,
      httpStatus: status,
      error: verdict === 'ok' ? null : describeStatus(status),
      finalUrl: target.href,
      retryAfterSeconds: verdict === 'transient' ? retryAfterSeconds(answer.retryAfter) : null,
      requests,
      bodyBytes,
    };
  }
}

function describeStatus(status: number): string {
  if (status === 429) return 'HTTP 429: the destination asked us to slow down; checked again later';
  if (status === 503) return 'HTTP 503: the destination is unavailable for now; checked again later';
  return `HTTP ${status}`;
}

/** Retry-After in seconds (a number, or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
}

/**
 * One request with one deadline (`timeoutMs`: resolution, connect, TLS, headers and the few body
 * bytes read). The answer is the status and headers: a HEAD or a redirect is closed as soon as
 * its headers arrive, a GET once `maxBodyBytes` are read, it ends, or the deadline passes (the
 * status is then still the answer: a body that trickles forever does not make a page broken).
 */
async function exchange(
  method: 'HEAD' | 'GET',
  target: URL,
  timeoutMs: number,
  options: ProbeOptions,
): Promise<Exchange> {
  const answer = await guardedRequest({
    method,
    target,
    resolve: (hostname) => resolveDeliveryTarget(hostname, options.allowPrivate, options.resolveHost),
    timeoutMs,
    headers: { 'user-agent': options.userAgent, accept: '*/*' },
    wantsBody: (response) => !isRedirect(response.statusCode ?? 0),
    maxBytes: options.maxBodyBytes,
  });
  if (answer.response === null) {
    const error = answer.timedOut
      ? { kind: 'timeout' as const, message: `no answer within ${options.timeoutMs} ms` }
      : classify(answer.error);
    return { status: null, location: null, retryAfter: null, error, elapsedMs: answer.elapsedMs, bodyBytes: 0 };
  }
  const { response, body, elapsedMs } = answer;
  return {
    status: response.statusCode ?? null,
    location: header(response, 'location'),
    retryAfter: header(response, 'retry-after'),
    error: null,
    elapsedMs,
    bodyBytes: body.length,
  };
}

const isRedirect = (status: number) => status >= 300 && status < 400;

function header(res: IncomingMessage, name: string): string | null {
  const value = res.headers[name];
  return typeof value === 'string' ? value : null;
}

function classify(error: unknown): NonNullable<Exchange['error']> {
  if (error instanceof AppError && error.code === 'forbidden')
    return { kind: 'guard', message: `${messageOf(error).replace('deliver to', 'check')}` };
  const code = (error as { code?: string }).code ?? '';
  if (isDnsFailure(error) || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { kind: 'dns', message: `DNS: ${messageOf(error)}` };
  if (code === 'ECONNREFUSED') return { kind: 'refused', message: `connection refused (${messageOf(error)})` };
  return { kind: 'other', message: messageOf(error) };
}
