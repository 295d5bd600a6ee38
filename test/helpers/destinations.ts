import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  method: string;
  host: string;
  path: string;
  /** When the request arrived, by the server's clock (performance.now()). */
  at: number;
}

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Destinations for the link checker on 127.0.0.1: routes by path, every request recorded with
 * the server's own arrival time. Unknown paths answer 404.
 */
export async function startDestinations(routes: Record<string, Route> = {}) {
  const hits: Hit[] = [];
  const table = new Map(Object.entries(routes));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://destination.invalid');
    hits.push({ method: req.method ?? '', host: req.headers.host ?? '', path: url.pathname, at: performance.now() });
    const route = table.get(url.pathname);
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits,
    /** `http://<host>:<port><path>`. */
    url: (host: string, path: string) => `http://${host}:${port}${path}`,
    route(path: string, handler: Route) {
      table.set(path, handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Destinations = Awaited<ReturnType<typeof startDestinations>>;
