import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { useTestApp, type UsedTestApp } from '../helpers/app.ts';
import { linkTools } from '../helpers/edge.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';

// TRUST_PROXY: the client is the right-most X-Forwarded-For entry no trusted proxy wrote, on the
// short host (password lock-outs) and on the API (request.ip: the anonymous rate limit, sign-ups).
// Every request here comes from a socket on 127.0.0.1, the proxy; what a client writes to the left
// of the entries the proxies add must change nothing.

/** Six link-password hashes one at a time, or eleven account passwords: seconds on a busy machine. */
const PASSWORD_TEST_MS = 30_000;

/** An app on TRUST_PROXY=`trust` with a short host on loopback, and its password form and anonymous API calls. */
function behind(trust: string) {
  const t = useTestApp(
    {
      SHORT_PORT: '0',
      HOST: '127.0.0.1',
      SHORT_URL: 'http://127.0.0.1',
      TRUST_PROXY: trust,
      RATE_LIMIT_ANONYMOUS: '3',
    },
    { user: 'business' },
  );
  let edge: RunningEdge | undefined;
  beforeAll(async () => {
    edge = await startEdge(t.ctx);
  });
  afterAll(async () => {
    await edge?.close();
  });
  return {
    t,
    ...linkTools(t),
    postPassword: (code: string, password: string, forwardedFor: string) =>
      fetch(`${edge!.url}/${code}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'user-agent': CHROME_USER_AGENT,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': forwardedFor,
        },
        body: new URLSearchParams({ password }).toString(),
      }),
    anonymous: (forwardedFor: string, remoteAddress = '127.0.0.1') => guess(t, forwardedFor, remoteAddress),
  };
}

/** An API call with a token that does not exist: 401, counted against the address's anonymous limit (3). */
async function guess(t: UsedTestApp, forwardedFor: string, remoteAddress: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/links',
    headers: { authorization: 'Bearer hl_guess', 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  return res.statusCode;
}

describe('TRUST_PROXY=1: one proxy in front', () => {
  const proxy = behind('1');

  it(
    'locks out a password guesser by the address the proxy saw, whatever it writes to the left',
    async () => {
      const link = await proxy.createLink({ redirect_url: 'https://example.com/secret', password: 'open sesame' });
      for (let i = 1; i <= 5; i++)
        expect((await proxy.postPassword(link.short_code, `guess ${i}`, `6.6.6.${i}, 1.2.3.4`)).status).toBe(401);
      // A fresh left-most address is no way out, even with the right password.
      const rotated = await proxy.postPassword(link.short_code, 'open sesame', '7.7.7.7, 1.2.3.4');
      expect(rotated.status).toBe(429);
      expect(await rotated.text()).toMatch(/Too many wrong tries/);
      // Another client behind the same proxy, claiming the same left-most address, is not locked out.
      expect((await proxy.postPassword(link.short_code, 'guess 6', '6.6.6.1, 5.6.7.8')).status).toBe(401);
    },
    PASSWORD_TEST_MS,
  );

  it('limits anonymous API calls by the address the proxy saw, whatever the client writes to the left', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await proxy.anonymous(`6.6.6.${i}, 1.2.3.4`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own limit (the proxy's own address is not the key).
    expect(await proxy.anonymous('6.6.6.1, 5.6.7.8')).toBe(401);
  });

  let signUps = 0;
  const signUp = (forwardedFor: string) =>
    proxy.t.app.inject({
      method: 'POST',
      url: '/dashboard-api/signup',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `behind-proxy${++signUps}@example.com`, password: 'a good long password' },
    });

  it(
    'limits dashboard sign-ups by the address the proxy saw, whatever the client writes to the left',
    async () => {
      const statuses = [];
      for (let i = 1; i <= 11; i++) statuses.push((await signUp(`6.6.6.${i}, 1.2.3.4`)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(201), 429]);
      expect((await signUp('6.6.6.1, 5.6.7.8')).statusCode).toBe(201);
    },
    PASSWORD_TEST_MS,
  );
});

describe('TRUST_PROXY as a list of proxy addresses and CIDRs', () => {
  const proxies = behind('10.0.0.0/8,127.0.0.1');

  it(
    'locks out a password guesser by the right-most address no listed proxy has',
    async () => {
      const link = await proxies.createLink({ redirect_url: 'https://example.com/secret', password: 'open sesame' });
      for (let i = 1; i <= 5; i++) {
        const forwardedFor = `6.6.6.${i}, 1.2.3.4, 10.0.${i}.1`;
        expect((await proxies.postPassword(link.short_code, `guess ${i}`, forwardedFor)).status).toBe(401);
      }
      expect((await proxies.postPassword(link.short_code, 'open sesame', '7.7.7.7, 1.2.3.4, 10.9.9.9')).status).toBe(
        429,
      );
      expect((await proxies.postPassword(link.short_code, 'guess 6', '1.2.3.4, 5.6.7.8, 10.0.0.1')).status).toBe(401);
    },
    PASSWORD_TEST_MS,
  );

  it('limits anonymous API calls by the right-most address no listed proxy has', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await proxies.anonymous(`6.6.6.${i}, 1.2.3.4, 10.0.${i}.1`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await proxies.anonymous('1.2.3.4, 5.6.7.8, 10.0.0.1')).toBe(401);
  });

  it('takes a peer that is not a listed proxy as the client, whatever its X-Forwarded-For says', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await proxies.anonymous(`9.9.9.${i}`, '203.0.113.9'));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
