import { AppError } from '../core/errors.ts';
import type { ResolvedTarget } from './address-guard.ts';
import { guardedRequest } from './guarded-request.ts';

/** The address guard for one host name: its checked address, or an AppError('forbidden'). */
export type Guard = (hostname: string) => Promise<ResolvedTarget>;

export interface GuardedFetchOptions {
  guard: Guard;
  /** Network time for the whole chain: every hop's resolution, connect, headers and body. */
  timeoutMs: number;
  maxRedirects: number;
  /** Body bytes read at most; reading stops there and the connection is closed. */
  maxBytes: number;
  /** Whether the final answer's Content-Type is worth reading; its body is not read otherwise. */
  wants: (contentType: string | undefined) => boolean;
  accept: string;
  userAgent: string;
}

export interface Fetched {
  status: number;
  /** The address that gave the final answer, after redirects. */
  url: string;
  contentType: string | undefined;
  /** Empty when the type was not wanted or the status not 2xx. */
  body: Buffer;
  /** The body went on past maxBytes, or the deadline passed while it was read. */
  truncated: boolean;
}

/** Why nothing came back: the guard said no, a URL was unusable, time ran out, or the network failed. */
export type FetchFailure = 'blocked' | 'bad-url' | 'too-many-redirects' | 'timeout' | 'unreachable';

export class OutboundFailure extends Error {
  readonly kind: FetchFailure;
  constructor(kind: FetchFailure, message: string) {
    super(message);
    this.name = 'OutboundFailure';
    this.kind = kind;
  }
}

/**
 * A GET that follows redirects by hand, so every hop's host goes through the address guard and the
 * connection goes to exactly the address it approved (no second lookup to rebind). Only http and
 * https; one deadline for the whole chain; at most `maxBytes` of the final body. Throws
 * OutboundFailure, nothing else.
 */
export async function fetchGuarded(url: string, options: GuardedFetchOptions): Promise<Fetched> {
  const endsAt = performance.now() + options.timeoutMs;
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = httpTarget(current);
    const answer = await exchange(target, endsAt, options);
    if (answer.location === null) return answer.fetched;
    if (hop >= options.maxRedirects)
      throw new OutboundFailure('too-many-redirects', `more than ${options.maxRedirects} redirects`);
    try {
      current = new URL(answer.location, target).href;
    } catch {
      throw new OutboundFailure('bad-url', 'a redirect names no usable address');
    }
  }
}

function httpTarget(value: string): URL {
  let target: URL;
  try {
    target = new URL(value);
  } catch {
    throw new OutboundFailure('bad-url', 'not an absolute URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new OutboundFailure('bad-url', `only http and https are fetched, not ${target.protocol}`);
  return target;
}

interface Exchange {
  /** A redirect's Location; null for a final answer. */
  location: string | null;
  fetched: Fetched;
}

/** One request, within what is left of the chain's deadline. */
async function exchange(target: URL, endsAt: number, options: GuardedFetchOptions): Promise<Exchange> {
  const answer = await guardedRequest({
    method: 'GET',
    target,
    resolve: options.guard,
    timeoutMs: endsAt - performance.now(),
    headers: { 'user-agent': options.userAgent, accept: options.accept },
    wantsBody: (response) => {
      const status = response.statusCode ?? 0;
      return status >= 200 && status < 300 && options.wants(response.headers['content-type']);
    },
    maxBytes: options.maxBytes,
  });
  if (answer.response === null) throw failureOf(answer.error, answer.timedOut);
  const { response, body, truncated } = answer;
  const status = response.statusCode ?? 0;
  const location = status >= 300 && status < 400 ? (response.headers.location ?? null) : null;
  const contentType = response.headers['content-type'];
  return { location, fetched: { status, url: target.href, contentType, body, truncated } };
}

function failureOf(error: unknown, timedOut: boolean): OutboundFailure {
  if (timedOut) return new OutboundFailure('timeout', 'no answer in time');
  if (error instanceof AppError && error.code === 'forbidden') return new OutboundFailure('blocked', error.message);
  const code = (error as { code?: string }).code;
  return new OutboundFailure('unreachable', code ? `the connection failed (${code})` : 'the connection failed');
}
