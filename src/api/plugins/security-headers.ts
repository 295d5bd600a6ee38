import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser security headers on every answer of the API + dashboard port (@fastify/helmet): no
 * framing (`frame-ancestors 'none'`, X-Frame-Options), nosniff, no referrer across origins, and a
 * CSP under which the dashboard runs with nothing inline: its scripts and styles are files of
 * this origin, and the only images are its own and the QR code's data: URL. The API docs page
 * (/docs) sends its own, hash-based CSP (swagger-ui's staticCSP), which replaces this one.
 *
 * One global configuration, no per-route options and no nonces, registered before every route, so
 * every answer (errors, 404s and the dashboard's files included) gets the same headers. Even so the
 * plugin builds Helmet's middleware anew for each request (@fastify/helmet 13 has no way to build
 * it once): 10 to 15 µs of CPU a request more than Helmet's headers recorded once, measured in
 * docs/decisions/api-request-work-once.md.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
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
}
