import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { messageOf } from '../core/errors.ts';
import { resolveDeliveryTarget } from '../outbound/address-guard.ts';

export interface SendOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivate: boolean;
}

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs one delivery. The host is resolved and checked first, then the socket connects to that
 * very address (the `lookup` override), with the original Host header and TLS server name kept.
 * The response body is read up to a small limit and otherwise ignored. Never throws.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = new URL(url);
    const resolved = await resolveDeliveryTarget(target.hostname, options.allowPrivate);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return await new Promise<SendResult>((resolve) => {
      const req = send(
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
          timeout: options.timeoutMs,
        },
        (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > options.maxResponseBytes) res.destroy();
          });
          const finish = () => resolve({ statusCode: res.statusCode ?? null, durationMs: elapsed(), error: null });
          res.on('end', finish);
          res.on('close', finish);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no response within ${options.timeoutMs} ms`)));
      req.on('error', (error) => resolve({ statusCode: null, durationMs: elapsed(), error: error.message }));
      req.end(body);
    });
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: messageOf(error) };
  }
}
