import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithToken, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PRO: '3', RATE_LIMIT_BUSINESS: '5', RATE_LIMIT_ANONYMOUS: '2' });
});
afterAll(async () => {
  await t.close();
});

describe('general rate limit', () => {
  it('puts the limit and what remains on every response, then answers 429 with Retry-After', async () => {
    const { headers } = await createUserWithToken(t.ctx, 'pro');
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('gives the Business plan its own, larger limit', async () => {
    const { headers } = await createUserWithToken(t.ctx, 'business');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers });
    expect(res.headers['x-ratelimit-limit']).toBe('5');
  });

  it('counts each user separately', async () => {
    const a = await createUserWithToken(t.ctx, 'pro');
    const b = await createUserWithToken(t.ctx, 'pro');
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: a.headers });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: a.headers })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: b.headers })).statusCode).toBe(200);
  });

  it('limits unauthenticated attempts by address, which slows token guessing', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/links',
        headers: { authorization: 'Bearer hl_guess' },
        remoteAddress: '203.0.113.9',
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });
});
