import type { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/**
 * Never logged, wherever they appear in a log object: credentials in requests (bearer tokens,
 * session cookies, CSRF tokens), the cookies we set, and passwords or tokens in any body.
 */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.csrf_token',
];

/**
 * The process's one logger: JSON lines (one object a line, for log shippers) unless stdout is a
 * terminal, where pino-pretty prints them for a person. Fastify logs through it, and so does
 * everything that runs outside a request (click batches, webhooks, shutdown).
 */
export function createLogger(options: { level: string; pretty?: boolean; stream?: Writable }): Logger {
  const pretty = options.pretty ?? (process.stdout.isTTY === true && options.stream === undefined);
  const base = {
    level: options.level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    // Request lines carry their headers (user agent, forwarded-for, ...): the redaction above is
    // what keeps credentials out of them.
    serializers: { req: requestWithHeaders },
  };
  if (options.stream) return pino(base, options.stream);
  if (pretty)
    return pino({ ...base, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } });
  return pino(base);
}

function requestWithHeaders(request: {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip?: string;
  id?: string;
}) {
  const url = secretFree(request.url);
  return { id: request.id, method: request.method, url, ip: request.ip, headers: { ...request.headers } };
}

/** A postback's URL carries its workspace's secret in the path (docs/api.md, "The postback"). */
function secretFree(url: string): string {
  return url.replace(/^\/postback\/[^/?#]+/, '/postback/[redacted]');
}

export type { Logger };
