import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../context.ts';

/** The short-link host. Until redirects land (issue 3) it sends `/` to the app and 404s the rest. */
export async function startEdge(ctx: AppContext): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(302, { Location: ctx.config.appUrl, 'Cache-Control': 'private, no-store' }).end();
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Not found</title><h1>Link not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(ctx.config.shortPort, ctx.config.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
