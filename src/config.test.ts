import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig, type Config } from './config.ts';

/** Each variable: where Config has it, its default there, a value set and read, a value refused and the message. */
type Case = [
  name: string,
  read: (c: Config) => unknown,
  fallback: unknown,
  valid: [string, unknown],
  wrong: [string, RegExp],
];

const between = (min: number, max: number, got: string) =>
  new RegExp(`must be an integer between ${min} and ${max} \\(got "${got.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\)$`);
const ANY_URL = /must be an absolute http\(s\) URL without a query or fragment/;

const CASES: Case[] = [
  ['PORT', (c) => c.port, 3000, ['8080', 8080], ['abc', between(0, 65535, 'abc')]],
  ['SHORT_PORT', (c) => c.shortPort, 3001, ['0', 0], ['65536', between(0, 65535, '65536')]],
  [
    'HOST',
    (c) => c.host,
    '0.0.0.0',
    ['127.0.0.1', '127.0.0.1'],
    ['h'.repeat(254), /must be at most 253 characters long \(got 254\)/],
  ],
  [
    'DATABASE_URL',
    (c) => c.databaseUrl,
    'sqlite:./data/hoplink.db',
    ['postgres://u@db:5432/hop', 'postgres://u@db:5432/hop'],
    ['mysql://x', /must be sqlite:<path> or postgres:\/\/\.\.\. \(got "mysql:\/\/x"\)/],
  ],
  [
    'DATABASE_PREPARED_STATEMENTS',
    (c) => c.databasePreparedStatements,
    true,
    ['false', false],
    ['off', /must be true or false .*\(got "off"\)/],
  ],
  [
    'REDIS_URL',
    (c) => c.redisUrl,
    undefined,
    ['rediss://cache:6380', 'rediss://cache:6380'],
    ['http://x', /must be redis:\/\/\.\.\. or rediss:\/\/\.\.\. \(got "http:\/\/x"\)/],
  ],
  [
    'REDIS_PREFIX',
    (c) => c.redisPrefix,
    'hoplink:',
    ['blue:', 'blue:'],
    ['p'.repeat(65), /must be at most 64 characters long \(got 65\)/],
  ],
  ['CLICK_CLAIM_IDLE_MS', (c) => c.clickClaimIdleMs, 30_000, ['100', 100], ['99', between(100, 3_600_000, '99')]],
  [
    'APP_URL',
    (c) => c.appUrl,
    'http://localhost:3000',
    ['https://links.example/', 'https://links.example'],
    ['not a url', ANY_URL],
  ],
  [
    'SHORT_URL',
    (c) => c.shortUrl,
    'http://localhost:3001',
    ['https://hop.ly/go/', 'https://hop.ly/go'],
    ['ftp://x.example', ANY_URL],
  ],
  ['TRUST_PROXY', (c) => c.trustProxy, false, ['1', 1], ['maybe', /must be false, true, .*"maybe" is none of these/]],
  [
    'REQUEST_TIMEOUT_MS',
    (c) => c.requestTimeoutMs,
    30_000,
    ['600000', 600_000],
    ['600001', between(100, 600_000, '600001')],
  ],
  ['SHUTDOWN_GRACE_MS', (c) => c.shutdownGraceMs, 10_000, ['0', 0], ['-1', between(0, 600_000, '-1')]],
  ['RATE_LIMIT_PRO', (c) => c.rateLimits.pro, 60, ['61', 61], ['0', between(1, 1_000_000, '0')]],
  ['RATE_LIMIT_BUSINESS', (c) => c.rateLimits.business, 600, ['601', 601], ['1e3', between(1, 1_000_000, '1e3')]],
  ['RATE_LIMIT_DOMAINS', (c) => c.rateLimits.domains, 10, ['11', 11], ['1000001', between(1, 1_000_000, '1000001')]],
  ['RATE_LIMIT_ANONYMOUS', (c) => c.rateLimits.anonymous, 120, ['121', 121], ['12.5', between(1, 1_000_000, '12.5')]],
  ['RATE_LIMIT_SESSION', (c) => c.rateLimits.session, 600, ['900', 900], ['lots', between(1, 1_000_000, 'lots')]],
  [
    'RATE_LIMIT_SESSION_DOMAINS',
    (c) => c.rateLimits.sessionDomains,
    120,
    ['30', 30],
    ['0', between(1, 1_000_000, '0')],
  ],
  ['RATE_LIMIT_POSTBACKS', (c) => c.rateLimits.postbacks, 600, ['60', 60], ['0', between(1, 1_000_000, '0')]],
  [
    'LINK_CACHE_MAX_ENTRIES',
    (c) => c.linkCache.maxEntries,
    100_000,
    ['5', 5],
    ['0x10', between(1, 100_000_000, '0x10')],
  ],
  [
    'LINK_CACHE_MAX_MB',
    (c) => c.linkCache.maxBytes,
    64 * 1024 * 1024,
    ['2', 2 * 1024 * 1024],
    ['65537', between(1, 65_536, '65537')],
  ],
  [
    'LINK_CACHE_NEGATIVE_TTL_MS',
    (c) => c.linkCache.negativeTtlMs,
    30_000,
    ['0', 0],
    ['86400001', between(0, 86_400_000, '86400001')],
  ],
  ['CLICK_RETENTION_DAYS', (c) => c.clickRetentionDays, 365, ['0', 0], ['36501', between(0, 36_500, '36501')]],
  ['CLICK_BUFFER_MAX_VISITS', (c) => c.clickBuffer.maxVisits, 100_000, ['10', 10], ['0', between(1, 10_000_000, '0')]],
  ['CLICK_BUFFER_MAX_WAIT_MS', (c) => c.clickBuffer.maxWaitMs, 5000, ['0', 0], ['60001', between(0, 60_000, '60001')]],
  [
    'DNS_SERVERS',
    (c) => c.dnsServers,
    [],
    [' 1.1.1.1:53 , [::1]:5353,dns.example ', ['1.1.1.1:53', '[::1]:5353', 'dns.example']],
    [
      '1.1.1.1,,8.8.8.8',
      /must be a comma-separated list of DNS servers \(host or host:port\) \(got "1.1.1.1,,8.8.8.8"\)/,
    ],
  ],
  [
    'SHORT_ROUTING_TARGET',
    (c) => c.routing.target,
    null,
    ['Edge.Hop.Example.', 'edge.hop.example'],
    ['https://edge.example', /must be a hostname such as edge.hoplink.example \(got "https:\/\/edge.example"\)/],
  ],
  [
    'SHORT_ROUTING_ADDRESSES',
    (c) => c.routing.addresses,
    [],
    ['203.0.113.7, 2001:db8::7', ['203.0.113.7', '2001:db8::7']],
    ['203.0.113.7,edge.example', /must be a comma-separated list of at most 16 IP addresses/],
  ],
  [
    'INTERNAL_ALLOW',
    (c) => c.internalAllow,
    ['loopback'],
    ['127.0.0.1, 10.0.0.0/8', ['127.0.0.1', '10.0.0.0/8']],
    ['10.1', /must be a comma-separated list of at most 100 addresses, CIDRs or loopback \(got "10.1"\)/],
  ],
  [
    'LOG_LEVEL',
    (c) => c.logLevel,
    'info',
    ['trace', 'trace'],
    ['loud', /must be one of fatal, error, .*silent \(got "loud"\)/],
  ],
  [
    'METRICS_TOKEN',
    (c) => c.metricsToken,
    undefined,
    ['s3cret', 's3cret'],
    ['t'.repeat(1025), /must be at most 1024 characters long \(got 1025\)/],
  ],
  ['WEBHOOK_ALLOW_HTTP', (c) => c.webhooks.allowHttp, false, ['yes', true], ['maybe', /must be true or false/]],
  ['WEBHOOK_ALLOW_PRIVATE', (c) => c.webhooks.allowPrivate, false, ['TRUE', true], ['2', /must be true or false/]],
  ['WEBHOOK_POLL_MS', (c) => c.webhooks.pollIntervalMs, 1000, ['10', 10], ['9', between(10, 3_600_000, '9')]],
  ['WEBHOOK_TIMEOUT_MS', (c) => c.webhooks.timeoutMs, 5000, ['100', 100], ['60001', between(100, 60_000, '60001')]],
  [
    'WEBHOOK_CLICK_BATCH_MS',
    (c) => c.webhooks.clickBatchMs,
    10_000,
    ['50', 50],
    ['3600001', between(10, 3_600_000, '3600001')],
  ],
  ['LINK_CHECK_INTERVAL_HOURS', (c) => c.linkChecks.intervalHours, 24, ['0', 0], ['8761', between(0, 8760, '8761')]],
  ['LINK_CHECK_ALLOW_PRIVATE', (c) => c.linkChecks.allowPrivate, false, ['1', true], ['on', /must be true or false/]],
  ['LINK_CHECK_POLL_MS', (c) => c.linkChecks.pollIntervalMs, 60_000, ['10', 10], ['5', between(10, 3_600_000, '5')]],
  [
    'LINK_CHECK_TIMEOUT_MS',
    (c) => c.linkChecks.timeoutMs,
    10_000,
    ['60000', 60_000],
    ['99', between(100, 60_000, '99')],
  ],
  ['LINK_CHECK_CONCURRENCY', (c) => c.linkChecks.concurrency, 4, ['64', 64], ['65', between(1, 64, '65')]],
  ['IMPORT_POLL_MS', (c) => c.imports.pollIntervalMs, 1000, ['20', 20], ['0', between(10, 3_600_000, '0')]],
  ['IMPORT_LEASE_MS', (c) => c.imports.leaseMs, 30_000, ['1000', 1000], ['999', between(1000, 3_600_000, '999')]],
  [
    'IMPORT_CHUNK_ROWS',
    (c) => c.imports.chunkRows,
    5000,
    ['100000', 100_000],
    ['100001', between(1, 100_000, '100001')],
  ],
  [
    'SMTP_URL',
    (c) => c.mail.smtpUrl,
    undefined,
    ['smtps://mailer:s3cret@mail.example:465', 'smtps://mailer:s3cret@mail.example:465'],
    ['http://mail.example', /must be smtp:\/\/\.\.\. or smtps:\/\/\.\.\. with a host \(got "http:\/\/mail.example"\)/],
  ],
  [
    'MAIL_FROM',
    (c) => c.mail.from,
    'Hoplink <no-reply@localhost>',
    ['Links <links@example.com>', 'Links <links@example.com>'],
    ['Links <nobody>', /must be an address, alone or as Name <address> \(got "Links <nobody>"\)/],
  ],
];

describe('loadConfig', () => {
  it.each(CASES)('%s: its default when unset or empty', (name, read, fallback) => {
    expect(read(loadConfig({}))).toEqual(fallback);
    expect(read(loadConfig({ [name]: '' }))).toEqual(fallback);
    expect(read(loadConfig({ [name]: '  ' }))).toEqual(fallback);
  });

  it.each(CASES)('%s: a value set is read', (name, read, _fallback, [text, value]) => {
    expect(read(loadConfig({ [name]: text }))).toEqual(value);
    expect(read(loadConfig({ [name]: ` ${text} ` }))).toEqual(value);
  });

  it.each(CASES)(
    '%s: a wrong value stops start-up with a message naming it',
    (name, _read, _fallback, _valid, [text, message]) => {
      expect(() => loadConfig({ [name]: text })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: text })).toThrow(new RegExp(`^${name} ${message.source}`));
    },
  );

  it('derives APP_URL and SHORT_URL from the ports', () => {
    expect(loadConfig({ PORT: '8080', SHORT_PORT: '8081' })).toMatchObject({
      appUrl: 'http://localhost:8080',
      shortUrl: 'http://localhost:8081',
    });
  });

  it.each(['https://hop.ly/?x=1', 'https://hop.ly/#top', '//hop.ly', 'javascript:alert(1)'])(
    'refuses a base URL that is not one: %s',
    (url) => {
      expect(() => loadConfig({ SHORT_URL: url })).toThrow(/^SHORT_URL must be an absolute http\(s\) URL/);
    },
  );

  it('uses Cloudflare for SaaS only with both its token and zone, at the API base given', () => {
    expect(loadConfig({}).cloudflare).toBeUndefined();
    expect(loadConfig({ CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_ZONE_ID: 'zone' }).cloudflare).toEqual({
      apiToken: 'token',
      zoneId: 'zone',
      apiBase: 'https://api.cloudflare.com/client/v4',
    });
    const base = {
      CLOUDFLARE_API_TOKEN: 'token',
      CLOUDFLARE_ZONE_ID: 'zone',
      CLOUDFLARE_API_BASE: 'http://cf.test/v4/',
    };
    expect(loadConfig(base).cloudflare?.apiBase).toBe('http://cf.test/v4');
    expect(() => loadConfig({ ...base, CLOUDFLARE_API_BASE: 'cf.test' })).toThrow(
      /^CLOUDFLARE_API_BASE must be an absolute/,
    );
    expect(() => loadConfig({ CLOUDFLARE_API_TOKEN: 'token' })).toThrow(
      /^CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID must be set together$/,
    );
    expect(() => loadConfig({ CLOUDFLARE_ZONE_ID: 'zone' })).toThrow(/CLOUDFLARE_API_TOKEN must be set together$/);
    expect(() => loadConfig({ ...base, CLOUDFLARE_ZONE_ID: 'z'.repeat(257) })).toThrow(
      /^CLOUDFLARE_ZONE_ID must be at most 256 characters long/,
    );
  });

  it('quotes a wrong SMTP_URL back without its password', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'smpt://mailer:hunter2@mail.example' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'SMTP_URL must be smtp://... or smtps://... with a host (got "smpt://mailer:[redacted]@mail.example")',
    );
  });

  it('sends mail from no-reply at the host of APP_URL unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ APP_URL: 'https://links.example/app' }).mail.from).toBe('Hoplink <no-reply@links.example>');
    expect(loadConfig({ MAIL_FROM: 'links@example.com' }).mail.from).toBe('links@example.com');
    expect(() => loadConfig({ MAIL_FROM: 'Links <a@b.example>\r\nBcc: c@d.example' })).toThrow(/^MAIL_FROM must be/);
  });

  it('never quotes a too-long value back, and cuts a long wrong one short', () => {
    const token = `secret-${'x'.repeat(2000)}`;
    expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
      /^METRICS_TOKEN must be at most 1024 characters long \(got 2007\)$/,
    );
    let message = '';
    try {
      loadConfig({ DATABASE_URL: `mysql://${'x'.repeat(500)}` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^DATABASE_URL must be .*\(got "mysql:\/\/x+\.\.\."\)$/);
    expect(message.length).toBeLessThan(200);
  });

  it('reports every wrong variable in one error, each once', () => {
    const env: Record<string, string> = {};
    for (const [name, , , , [text]] of CASES) env[name] = text;
    let message = '';
    try {
      loadConfig({ ...env, CLOUDFLARE_API_TOKEN: 'token' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe(`${CASES.length + 1} variables are wrong:`);
    expect(lines).toHaveLength(CASES.length + 2);
    for (const [name, , , , [, wrong]] of CASES)
      expect(lines.filter((line) => line.startsWith(`- ${name} `))).toEqual([expect.stringMatching(wrong)]);
    expect(lines).toContain('- CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID must be set together');
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOPLINK_UNKNOWN: 'x' }).port).toBe(3000);
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
      'TRUST_PROXY must be false, true, a number of proxies in front (1, 2, ...) ' +
        'or a comma-separated list of proxy addresses/CIDRs; "yes" is none of these',
    ],
    ['-1', /TRUST_PROXY must be .*"-1" is none of these/],
    ['1.5.6', /TRUST_PROXY must be .*"1.5.6"/],
    ['10.1', /TRUST_PROXY must be .*"10.1"/],
    ['10.0.0.0/33', /TRUST_PROXY must be .*"10.0.0.0\/33"/],
    ['10.0.0.0/8,,127.0.0.1', /TRUST_PROXY must be .*"" is none of these/],
    ['10.0.0.0/8, proxy.internal', /TRUST_PROXY must be .*"proxy.internal"/],
    ['17', /TRUST_PROXY counts at most 16 proxies, got 17/],
    [Array(101).fill('10.0.0.1').join(','), /TRUST_PROXY lists at most 100 proxies, got 101/],
  ])('refuses %s with a message naming TRUST_PROXY', (value, message: string | RegExp) => {
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
