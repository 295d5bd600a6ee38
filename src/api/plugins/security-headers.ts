import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Browser security headers on every answer of the API + dashboard port (Helmet): no framing
 * (`frame-ancestors 'none'`, X-Frame-Options), nosniff, no referrer across origins, and a CSP
 * under which the dashboard runs with nothing inline: its scripts and styles are files of this
 * origin, and the only images are its own (destination pages' card images are relayed by it,
 * dashboard/page-metadata-routes.ts) and the QR code's data: URL. The API docs page
 * (/docs) sends its own, hash-based CSP (swagger-ui's staticCSP), which replaces this one.
 *
 * Helmet runs once, here, and its headers are kept. Hoplink uses no nonce and no per-route
 * option, so every answer gets the same ones: @fastify/helmet built the middleware anew for every
 * request (3.5% of `POST /links`' CPU in a profile), and the middleware itself still rebuilt the
 * CSP string and called twelve functions per request (4%).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind TLS: on plain http (a first local run) it would send every asset to https.
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    // Browsers ignore HSTS over plain http; behind TLS it keeps them on https for a year.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers Helmet's middleware sets on an answer, recorded from one run of it. */
function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name), // X-Powered-By, which Node never sets
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}
