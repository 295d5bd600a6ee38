import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * An HTTP server on which no client holds a socket on our time: a request's headers and body must
 * arrive within `timeoutMs` (408, then the socket closes), idle keep-alive sockets close after 5 s,
 * and the deadlines are checked every second rather than Node's default 30 s. Both the API and the
 * short host listen on one.
 */
export function createBoundedServer(
  timeoutMs: number,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  return createServer(
    {
      headersTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: Math.min(1_000, timeoutMs),
    },
    handler,
  );
}
