import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import http from 'node:http';
import { messageOf } from '../core/errors.ts';
import { resolveDeliveryTarget } from '../outbound/address-guard.ts';

export interface SendOptions {
  /** The deadline of the whole exchange: resolution, connect, TLS, request, headers and body. */
  timeoutMs: number;
  /** Bytes of the response body read at most; the rest is not read, and that is no failure. */
  maxResponseBytes: number;
  allowPrivate: boolean;
}

export interface SendResult {
  /** The final status, once its headers arrived (kept even when the body then ran out of time). */
  statusCode: number | null;
  durationMs: number;
  /** Why the exchange did not complete; null when it did, whatever the status. */
  error: string | null;
}

/**
 * POSTs one delivery. The host is resolved and checked first, then the socket connects to that
 * very address (the `lookup` override), with the original Host header and TLS server name kept.
 *
 * One timer bounds the whole exchange, from resolution to the last byte of the body: when it
 * fires the request is destroyed and the result is an error, even if a 2xx status had arrived.
 * (A socket timeout alone only bounds silence: a receiver sending a byte every few seconds kept
 * a delivery open for minutes.) The body is counted, never buffered, and no more than
 * `maxResponseBytes` of it is read: past that the exchange ends there, as complete. Never throws.
 */
export function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  return new Promise<SendResult>((resolve) => {
    let req: ClientRequest | undefined;
    let statusCode: number | null = null;
    let settled = false;
    const settle = (error: string | null, abort: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (abort) req?.destroy();
      resolve({ statusCode, durationMs: Math.round(performance.now() - started), error });
    };
    const deadline = setTimeout(() => {
      const what = statusCode === null ? 'no response' : 'no complete response';
      settle(`${what} within ${options.timeoutMs} ms`, true);
    }, options.timeoutMs);

    const exchange = async () => {
      const target = new URL(url);
      const resolved = await resolveDeliveryTarget(target.hostname, options.allowPrivate);
      if (settled) return; // the deadline passed during resolution
      const send = target.protocol === 'https:' ? httpsRequest : http.request;
      req = send(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Hoplink-Webhooks/1',
            ...headers,
          },
          lookup: (_hostname, _opts, callback) =>
            callback(null, [{ address: resolved.address, family: resolved.family }]),
        },
        (res) => {
          statusCode = res.statusCode ?? null;
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            // Enough read: the answer is the status; stop reading and let the connection go.
            if (received >= options.maxResponseBytes) settle(null, true);
          });
          res.on('end', () => settle(null, false));
          res.on('error', (error) => settle(error.message, true));
          res.on('close', () =>
            settle(res.complete ? null : 'connection closed before the response was complete', true),
          );
        },
      );
      req.on('error', (error) => settle(error.message, true));
      req.end(body);
    };
    exchange().catch((error: unknown) => settle(messageOf(error), true));
  });
}
