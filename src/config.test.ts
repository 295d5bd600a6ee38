import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the operator contract of decisions §1', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      shortPort: 3001,
      databaseUrl: 'sqlite:./data/hoplink.db',
      databasePreparedStatements: true,
      redisUrl: undefined,
      appUrl: 'http://localhost:3000',
      shortUrl: 'http://localhost:3001',
      trustProxy: false,
      rateLimits: { pro: 60, business: 600, domains: 10, session: 600, sessionDomains: 120 },
    });
  });

  it('derives APP_URL and SHORT_URL from the ports and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080', SHORT_PORT: '8081' })).toMatchObject({
      appUrl: 'http://localhost:8080',
      shortUrl: 'http://localhost:8081',
    });
    expect(loadConfig({ SHORT_URL: 'https://hop.ly/' }).shortUrl).toBe('https://hop.ly');
  });

  it('sends PostgreSQL statements unnamed when DATABASE_PREPARED_STATEMENTS is false (a transaction pooler)', () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(/must be true or false/);
  });

  it('reads the dashboard session budgets from the environment', () => {
    expect(loadConfig({ RATE_LIMIT_SESSION: '900', RATE_LIMIT_SESSION_DOMAINS: '30' }).rateLimits).toMatchObject({
      session: 900,
      sessionDomains: 30,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be sqlite/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ APP_URL: 'not a url' }, /APP_URL must be an absolute/],
    [{ SHORT_URL: 'ftp://x.example' }, /SHORT_URL must use http/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be false, true, a number of proxies .*"maybe"/],
    [{ RATE_LIMIT_PRO: '0' }, /RATE_LIMIT_PRO must be between/],
    [{ RATE_LIMIT_SESSION: 'lots' }, /RATE_LIMIT_SESSION must be a whole number/],
    [{ RATE_LIMIT_SESSION_DOMAINS: '0' }, /RATE_LIMIT_SESSION_DOMAINS must be between/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is false unset, empty, false or 0, and true only when it says true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('FALSE')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust(' True ')).toBe(true);
  });

  it('takes a number as the proxies in front (1 is one proxy, not true)', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust(' 16 ')).toBe(16);
  });

  it('takes a comma-separated list of proxy addresses, CIDRs and range names', () => {
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust('10.0.0.0/8,127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trust(' 10.0.0.0/8 , 2001:db8::/32, ::1 ')).toEqual(['10.0.0.0/8', '2001:db8::/32', '::1']);
    expect(trust('192.168.0.0/255.255.0.0,loopback,uniquelocal')).toEqual([
      '192.168.0.0/255.255.0.0',
      'loopback',
      'uniquelocal',
    ]);
  });

  it.each([
    [
      'yes',
      /TRUST_PROXY must be false, true, a number of proxies in front \(1, 2, \.\.\.\) or a comma-separated list of proxy addresses\/CIDRs; "yes" is none of these/,
    ],
    ['-1', /TRUST_PROXY must be .*"-1" is none of these/],
    ['1.5.6', /TRUST_PROXY must be .*"1.5.6"/],
    ['10.1', /TRUST_PROXY must be .*"10.1"/],
    ['10.0.0.0/33', /TRUST_PROXY must be .*"10.0.0.0\/33"/],
    ['10.0.0.0/8,,127.0.0.1', /TRUST_PROXY must be .*"" is none of these/],
    ['10.0.0.0/8, proxy.internal', /TRUST_PROXY must be .*"proxy.internal"/],
    ['17', /TRUST_PROXY counts at most 16 proxies, got 17/],
    [Array(101).fill('10.0.0.1').join(','), /TRUST_PROXY lists at most 100 proxies, got 101/],
  ])('refuses %s with a message naming TRUST_PROXY', (value, message) => {
    expect(() => trust(value)).toThrow(ConfigError);
    expect(() => trust(value)).toThrow(message);
  });

  it('warns at start-up that true trusts every address, and not for the other values', () => {
    const [warning, ...others] = configWarnings(loadConfig({ TRUST_PROXY: 'true' }));
    expect(others).toEqual([]);
    expect(warning).toMatch(/TRUST_PROXY=true trusts every address/);
    expect(warning).toMatch(/left-most X-Forwarded-For entry/);
    expect(warning).toMatch(/unless your proxy overwrites the header/);
    expect(warning).toMatch(/TRUST_PROXY=1/);
    for (const value of ['', 'false', '1', '2', '10.0.0.0/8,127.0.0.1'])
      expect(configWarnings(loadConfig({ TRUST_PROXY: value }))).toEqual([]);
  });
});
