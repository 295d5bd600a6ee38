import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AppError } from '../core/errors.ts';
import type { ResolvedTarget } from './address-guard.ts';

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
function exchange(target: URL, endsAt: number, options: GuardedFetchOptions): Promise<Exchange> {
  return new Promise<Exchange>((resolve, reject) => {
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;
    let settled = false;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req?.destroy();
      const status = res!.statusCode ?? 0;
      const location = status >= 300 && status < 400 ? (res!.headers.location ?? null) : null;
      const body = Buffer.concat(chunks).subarray(0, options.maxBytes);
      const contentType = res!.headers['content-type'];
      resolve({ location, fetched: { status, url: target.href, contentType, body, truncated } });
    };
    const fail = (error: OutboundFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req?.destroy();
      reject(error);
    };
    // Past the deadline, a body being read is kept as far as it came; anything earlier is a timeout.
    const deadline = setTimeout(
      () => (res ? finish(true) : fail(new OutboundFailure('timeout', 'no answer in time'))),
      Math.max(0, endsAt - performance.now()),
    );
    const start = async () => {
      const resolved = await options.guard(target.hostname);
      if (settled) return;
      const send = target.protocol === 'https:' ? httpsRequest : http.request;
      req = send(
        target,
        {
          method: 'GET',
          headers: { 'user-agent': options.userAgent, accept: options.accept },
          agent: false,
          lookup: (_hostname, _opts, callback) =>
            callback(null, [{ address: resolved.address, family: resolved.family }]),
        },
        (response) => {
          res = response;
          const status = response.statusCode ?? 0;
          const readable = status >= 200 && status < 300 && options.wants(response.headers['content-type']);
          if (!readable) return finish(false);
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            received += chunk.length;
            if (received > options.maxBytes) finish(true);
          });
          response.on('end', () => finish(false));
          response.on('error', () => finish(true));
          response.on('close', () => finish(!response.complete));
        },
      );
      req.on('error', (error) => (res ? finish(true) : fail(unreachable(error))));
      req.end();
    };
    start().catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'forbidden') fail(new OutboundFailure('blocked', error.message));
      else fail(unreachable(error));
    });
  });
}

function unreachable(error: unknown): OutboundFailure {
  const code = (error as { code?: string }).code;
  return new OutboundFailure('unreachable', code ? `the connection failed (${code})` : 'the connection failed');
}
