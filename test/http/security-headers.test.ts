import { readdirSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/api/app.ts';
import { DASHBOARD_DIR, dashboardBuilt } from '../../src/dashboard/assets.ts';
import { createTestApp, useTestApp } from '../helpers/app.ts';

// Browser security headers on every answer of the API + dashboard port (docs/api.md).
const t = useTestApp({}, { user: 'business' });

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** Every header Helmet adds with Hoplink's options, on plain http. */
const HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const json = { 'content-type': 'application/json' };

/** One request of each kind of answer: success, every client error, and the port's other routes. */
function answers(): Array<[string, number, InjectOptions]> {
  const auth = t.headers;
  return [
    ['an API success', 200, { method: 'GET', url: '/api/v1/links', headers: auth }],
    [
      'a created link',
      201,
      { method: 'POST', url: '/api/v1/links', headers: auth, payload: { redirect_url: 'https://a.example' } },
    ],
    ['a 401', 401, { method: 'GET', url: '/api/v1/links' }],
    ['a 404 of the API', 404, { method: 'GET', url: '/api/v1/links/999999', headers: auth }],
    ['a 404 of no route', 404, { method: 'GET', url: '/no/such/file.txt' }],
    ['a 422', 422, { method: 'POST', url: '/api/v1/links', headers: auth, payload: { redirect_url: 'nope' } }],
    [
      'a 400 (malformed JSON)',
      400,
      { method: 'POST', url: '/api/v1/links', headers: { ...auth, ...json }, payload: '{"redirect_url":' },
    ],
    [
      'a 415',
      415,
      { method: 'POST', url: '/api/v1/links', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'x' },
    ],
    [
      'a 413',
      413,
      {
        method: 'POST',
        url: '/api/v1/links',
        headers: { ...auth, ...json },
        payload: JSON.stringify({ title: 'x'.repeat(BODY_LIMIT_BYTES) }),
      },
    ],
    ['the dashboard API', 401, { method: 'GET', url: '/dashboard-api/me' }],
    ['the health check', 200, { method: 'GET', url: '/healthz' }],
  ];
}

describe('browser security headers', () => {
  it('forbid framing and sniffing, and allow only this origin’s scripts and styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard-api/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are the same on every kind of answer, errors included', async () => {
    for (const [what, status, request] of answers()) {
      const res = await t.app.inject(request);
      expect(res.statusCode, what).toBe(status);
      expect(res.headers, what).toMatchObject(HEADERS);
    }
  });

  it.skipIf(!dashboardBuilt())('are on the dashboard’s files and its app shell', async () => {
    const asset = readdirSync(`${DASHBOARD_DIR}/assets`).find((name) => name.endsWith('.js'));
    for (const url of ['/', '/theme.js', `/assets/${asset}`, '/links/12']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers, url).toMatchObject(HEADERS);
    }
  });

  it('leave the API docs page its own CSP, and add the rest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).not.toBe(CSP);
    const { 'content-security-policy': _csp, ...others } = HEADERS;
    expect(res.headers).toMatchObject(others);
  });

  it('add HSTS and upgrade-insecure-requests behind TLS, on errors too', async () => {
    const tls = await createTestApp({ APP_URL: 'https://links.example.com' });
    try {
      for (const url of ['/dashboard-api/me', '/no/such/file.txt', '/healthz']) {
        const res = await tls.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
        expect(res.headers['content-security-policy'], url).toBe(`${CSP};upgrade-insecure-requests`);
      }
    } finally {
      await tls.close();
    }
  });
});
