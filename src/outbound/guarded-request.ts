import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ResolvedTarget } from './address-guard.ts';

export interface GuardedRequest {
  method: 'GET' | 'HEAD';
  /** An http or https URL. */
  target: URL;
  /** The address guard for the target's host: its checked address, or a throw. */
  resolve: (hostname: string) => Promise<ResolvedTarget>;
  /** Network time for this request: resolution, connect, TLS, headers and the body read. */
  timeoutMs: number;
  headers: Record<string, string>;
  /** Whether this answer's body is worth reading; it is not read otherwise. */
  wantsBody: (response: IncomingMessage) => boolean;
  /** Body bytes kept at most; reading stops there and the connection is closed. */
  maxBytes: number;
}

/**
 * What one request came to. Once the headers are in, the status is the answer whatever happens to
 * the body: a body cut short (past `maxBytes`, the deadline, a broken connection) is kept as far as
 * it came and marked `truncated`.
 */
export type GuardedAnswer =
  | { response: IncomingMessage; body: Buffer; truncated: boolean; elapsedMs: number }
  | { response: null; error: unknown; timedOut: boolean; elapsedMs: number };

/**
 * One request to exactly the address the guard approved (no second lookup that could rebind),
 * within one deadline. Never throws: what went wrong before any answer is in `error`.
 */
export function guardedRequest(request: GuardedRequest): Promise<GuardedAnswer> {
  const started = performance.now();
  return new Promise<GuardedAnswer>((resolve) => {
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;
    let settled = false;
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (answer: GuardedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req?.destroy();
      resolve(answer);
    };
    const elapsedMs = () => performance.now() - started;
    /** The answer in, its body as far as it came (once: a body's 'end' is followed by its 'close'). */
    const answered = (response: IncomingMessage, truncated: boolean) => {
      if (settled) return;
      const body = Buffer.concat(chunks).subarray(0, request.maxBytes);
      settle({ response, body, truncated, elapsedMs: elapsedMs() });
    };
    const failed = (error: unknown, timedOut = false) =>
      settle({ response: null, error, timedOut, elapsedMs: elapsedMs() });
    const deadline = setTimeout(
      () => (res ? answered(res, true) : failed(undefined, true)),
      Math.max(0, request.timeoutMs),
    );
    const start = async () => {
      const resolved = await request.resolve(request.target.hostname);
      if (settled) return;
      const send = request.target.protocol === 'https:' ? httpsRequest : http.request;
      req = send(
        request.target,
        {
          method: request.method,
          headers: request.headers,
          agent: false,
          lookup: (_hostname, _opts, callback) =>
            callback(null, [{ address: resolved.address, family: resolved.family }]),
        },
        (response) => {
          res = response;
          if (request.method === 'HEAD' || !request.wantsBody(response)) return answered(response, false);
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            received += chunk.length;
            if (received > request.maxBytes) answered(response, true);
          });
          response.on('end', () => answered(response, false));
          response.on('error', () => answered(response, true));
          response.on('close', () => answered(response, !response.complete));
        },
      );
      req.on('error', (error) => (res ? answered(res, true) : failed(error)));
      req.end();
    };
    start().catch((error: unknown) => failed(error));
  });
}
