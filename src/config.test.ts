import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true or false/],
    [{ RATE_LIMIT_PRO: '0' }, /RATE_LIMIT_PRO must be between/],
    [{ RATE_LIMIT_SESSION: 'lots' }, /RATE_LIMIT_SESSION must be a whole number/],
    [{ RATE_LIMIT_SESSION_DOMAINS: '0' }, /RATE_LIMIT_SESSION_DOMAINS must be between/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
