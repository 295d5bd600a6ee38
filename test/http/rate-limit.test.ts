import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({ RATE_LIMIT_PRO: '3', RATE_LIMIT_BUSINESS: '5', RATE_LIMIT_ANONYMOUS: '2' });

describe('general rate limit', () => {
  it('puts the limit and what remains on every response, then answers 429 with Retry-After', async () => {
    const { api } = await t.user('pro');
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api('GET', '/links');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await api('GET', '/links');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('gives the Business plan its own, larger limit', async () => {
    const { api } = await t.user('business');
    const res = await api('GET', '/links');
    expect(res.headers['x-ratelimit-limit']).toBe('5');
  });

  it('counts each user separately', async () => {
    const a = await t.user('pro');
    const b = await t.user('pro');
    for (let i = 0; i < 3; i++) await a.api('GET', '/links');
    expect((await a.api('GET', '/links')).statusCode).toBe(429);
    expect((await b.api('GET', '/links')).statusCode).toBe(200);
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
