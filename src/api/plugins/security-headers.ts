import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser security headers on every answer of the API + dashboard port (Helmet): no framing
 * (`frame-ancestors 'none'`, X-Frame-Options), nosniff, no referrer across origins, and a CSP
 * under which the dashboard runs with nothing inline: its scripts and styles are files of this
 * origin, and the only images are its own and the QR code's data: URL. The API docs page
 * (/docs) sends its own, hash-based CSP (swagger-ui's staticCSP), which replaces this one.
 *
 * Helmet's middleware is built once, here. @fastify/helmet built it anew for every request
 * (parsing the CSP directives each time: 3.5% of `POST /links`' CPU in a profile) to allow
 * per-route options and nonces, neither of which Hoplink uses.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  const setHeaders = helmet({
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
  // Helmet sets headers on the response and calls `next` before it returns (since 8.1 it throws
  // instead of passing errors to it).
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
