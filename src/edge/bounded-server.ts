import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import http from 'node:http';

/**
 * An HTTP server on which no client holds a socket on our time: a request's headers and body must
 * arrive within `timeoutMs` (408, then the socket closes), and the deadlines are checked every second
 * rather than Node's default 30 s. Both the API and the short host listen on one. `keepAliveMs`:
 * how long an idle keep-alive socket stays open. Behind a load balancer it must outlast the
 * balancer's own idle timeout (60 s for nginx and AWS), or the balancer reuses a socket we just
 * closed and its request fails: the API keeps Fastify's 72 s for that reason.
 */
export function createBoundedServer(
  timeoutMs: number,
  keepAliveMs: number,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  return http.createServer(
    {
      headersTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      keepAliveTimeout: keepAliveMs,
      connectionsCheckingInterval: Math.min(1_000, timeoutMs),
    },
    handler,
  );
}
