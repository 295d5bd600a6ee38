import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../helpers/app.ts';

// Issue 17, item 9: browser security headers on the API + dashboard port.
const t = useTestApp();

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

  it('add HSTS and upgrade-insecure-requests behind TLS', async () => {
    const tls = await createTestApp({ APP_URL: 'https://links.example.com' });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/dashboard-api/me' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await tls.close();
    }
  });
});
