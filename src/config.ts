import { isIP } from 'node:net';
import { proxyTrust, type TrustProxy } from './clicks/client-ip.ts';
import type { Limits } from './services/rate-limits.ts';

/**
 * The environment, parsed and validated once at start-up (decisions §1). Everything else
 * receives a Config; nothing outside this file reads process.env.
 */
export interface Config {
  port: number;
  shortPort: number;
  host: string;
  databaseUrl: string;
  /**
   * PostgreSQL: run the statements marked prepared by name, so each connection parses and plans
   * them once (storage/postgres-statements.ts). Off for a pooler in transaction mode that does not
   * carry prepared statements across its server connections (PgBouncer before 1.21).
   */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so deployments can share a server. */
  redisPrefix: string;
  /** Stream entries pending this long on a consumer are claimed by another (a dead instance's). */
  clickClaimIdleMs: number;
  appUrl: string;
  shortUrl: string;
  /**
   * Which peers are proxies whose X-Forwarded-For is believed: false, true (all), a number of
   * proxies in front, or their addresses/CIDRs. One decision for the API and the short host
   * (clicks/client-ip.ts).
   */
  trustProxy: TrustProxy;
  /** A request's headers and body must arrive within this; a slower client gets 408 (API) or a closed socket. */
  requestTimeoutMs: number;
  /** How long a SIGTERM waits for responses under way before closing their connections. */
  shutdownGraceMs: number;
  /** Per minute: the plans' API limits per user (spec), and the dashboard's own per session. */
  rateLimits: Limits;
  linkCache: { maxEntries: number; maxBytes: number; negativeTtlMs: number };
  clickRetentionDays: number;
  /**
   * Visits held in this process before they are written (SQLite) or acknowledged by Redis; past
   * it a visit waits for room up to `maxWaitMs`, then is answered 503 (clicks/buffer.ts).
   */
  clickBuffer: { maxVisits: number; maxWaitMs: number };
  dnsServers: string[];
  logLevel: string;
  /** When set, GET /metrics needs `Authorization: Bearer <it>`. */
  metricsToken: string | undefined;
  webhooks: {
    allowHttp: boolean;
    allowPrivate: boolean;
    pollIntervalMs: number;
    timeoutMs: number;
    clickBatchMs: number;
  };
  /** The background link checker (extensions §4 "Link health"). */
  linkChecks: {
    /** How often each link is checked; 0: no background checks (checks asked for still run). */
    intervalHours: number;
    /** Development and tests only: let the checker reach loopback and private addresses. */
    allowPrivate: boolean;
    /** How often the checker looks for due links. */
    pollIntervalMs: number;
    /** Network time per destination, all its redirects together. */
    timeoutMs: number;
    /** Requests in flight at once. */
    concurrency: number;
  };
  /** Link imports: how often an instance looks for queued jobs, and how long its claim on one lasts unrenewed. */
  imports: { pollIntervalMs: number; leaseMs: number; chunkRows: number };
  /** Cloudflare for SaaS custom hostnames; when unset, domains are verified by DNS alone. */
  cloudflare: { apiBase: string; apiToken: string; zoneId: string } | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

const TRUST_PROXY_VALUES =
  'false, true, a number of proxies in front (1, 2, ...) or a comma-separated list of proxy addresses/CIDRs';

/** TRUST_PROXY, as Fastify's trustProxy takes it (0 is false; proxy-addr's range names are allowed). */
function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  if (raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 16) throw new ConfigError(`TRUST_PROXY counts at most 16 proxies, got ${raw}`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.length > 100) throw new ConfigError(`TRUST_PROXY lists at most 100 proxies, got ${entries.length}`);
  for (const entry of entries) {
    // proxy-addr also reads shorthand like 10.1 as an address: only what node:net calls one passes.
    const address = entry.includes('/') ? entry.slice(0, entry.lastIndexOf('/')) : entry;
    if (isIP(address) !== 0 || ['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      try {
        proxyTrust([entry]);
        continue;
      } catch {
        // A prefix out of range or malformed: refused below.
      }
    }
    throw new ConfigError(`TRUST_PROXY must be ${TRUST_PROXY_VALUES}; "${entry}" is none of these`);
  }
  return entries;
}

/** What the operator should hear at start-up about a configuration that works but may not mean what it says. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true)
    warnings.push(
      'TRUST_PROXY=true trusts every address: the left-most X-Forwarded-For entry is taken as the client, ' +
        'which a client can forge (and so escape lock-outs and rate limits) unless your proxy overwrites ' +
        'the header. Behind one proxy, set TRUST_PROXY=1.',
    );
  return warnings;
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${raw}"`);
  }
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query or fragment, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function databaseUrl(env: Env): string {
  const raw = env.DATABASE_URL?.trim() || 'sqlite:./data/hoplink.db';
  if (raw.startsWith('sqlite:') || raw.startsWith('postgres://') || raw.startsWith('postgresql://')) return raw;
  throw new ConfigError(`DATABASE_URL must be sqlite:<path> or postgres://..., got "${raw}"`);
}

function redisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  if (!raw.startsWith('redis://') && !raw.startsWith('rediss://')) {
    throw new ConfigError(`REDIS_URL must be redis://... or rediss://..., got "${raw}"`);
  }
  return raw;
}

function dnsServers(env: Env): string[] {
  const raw = env.DNS_SERVERS?.trim();
  if (!raw) return [];
  return raw.split(',').map((server) => {
    const trimmed = server.trim();
    if (!/^[\w.:[\]-]+$/.test(trimmed)) throw new ConfigError(`DNS_SERVERS has an invalid entry "${trimmed}"`);
    return trimmed;
  });
}

function cloudflare(env: Env): Config['cloudflare'] {
  const apiToken = env.CLOUDFLARE_API_TOKEN?.trim();
  const zoneId = env.CLOUDFLARE_ZONE_ID?.trim();
  if (!apiToken && !zoneId) return undefined;
  if (!apiToken || !zoneId) throw new ConfigError('CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID must be set together');
  return { apiToken, zoneId, apiBase: baseUrl(env, 'CLOUDFLARE_API_BASE', 'https://api.cloudflare.com/client/v4') };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const shortPort = integer(env, 'SHORT_PORT', 3001, 0, 65535);
  return {
    port,
    shortPort,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: databaseUrl(env),
    databasePreparedStatements: boolean(env, 'DATABASE_PREPARED_STATEMENTS', true),
    redisUrl: redisUrl(env),
    redisPrefix: env.REDIS_PREFIX?.trim() || 'hoplink:',
    clickClaimIdleMs: integer(env, 'CLICK_CLAIM_IDLE_MS', 30_000, 100, 3_600_000),
    appUrl: baseUrl(env, 'APP_URL', `http://localhost:${port}`),
    shortUrl: baseUrl(env, 'SHORT_URL', `http://localhost:${shortPort}`),
    trustProxy: trustProxy(env),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    rateLimits: {
      pro: integer(env, 'RATE_LIMIT_PRO', 60, 1, 1_000_000),
      business: integer(env, 'RATE_LIMIT_BUSINESS', 600, 1, 1_000_000),
      domains: integer(env, 'RATE_LIMIT_DOMAINS', 10, 1, 1_000_000),
      anonymous: integer(env, 'RATE_LIMIT_ANONYMOUS', 120, 1, 1_000_000),
      session: integer(env, 'RATE_LIMIT_SESSION', 600, 1, 1_000_000),
      sessionDomains: integer(env, 'RATE_LIMIT_SESSION_DOMAINS', 120, 1, 1_000_000),
    },
    linkCache: {
      maxEntries: integer(env, 'LINK_CACHE_MAX_ENTRIES', 100_000, 1, 100_000_000),
      maxBytes: integer(env, 'LINK_CACHE_MAX_MB', 64, 1, 65_536) * 1024 * 1024,
      negativeTtlMs: integer(env, 'LINK_CACHE_NEGATIVE_TTL_MS', 30_000, 0, 86_400_000),
    },
    clickRetentionDays: integer(env, 'CLICK_RETENTION_DAYS', 365, 0, 36_500),
    clickBuffer: {
      maxVisits: integer(env, 'CLICK_BUFFER_MAX_VISITS', 100_000, 1, 10_000_000),
      maxWaitMs: integer(env, 'CLICK_BUFFER_MAX_WAIT_MS', 5_000, 0, 60_000),
    },
    dnsServers: dnsServers(env),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    webhooks: {
      allowHttp: boolean(env, 'WEBHOOK_ALLOW_HTTP', false),
      allowPrivate: boolean(env, 'WEBHOOK_ALLOW_PRIVATE', false),
      pollIntervalMs: integer(env, 'WEBHOOK_POLL_MS', 1000, 10, 3_600_000),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 60_000),
      clickBatchMs: integer(env, 'WEBHOOK_CLICK_BATCH_MS', 10_000, 10, 3_600_000),
    },
    linkChecks: {
      intervalHours: integer(env, 'LINK_CHECK_INTERVAL_HOURS', 24, 0, 8760),
      allowPrivate: boolean(env, 'LINK_CHECK_ALLOW_PRIVATE', false),
      pollIntervalMs: integer(env, 'LINK_CHECK_POLL_MS', 60_000, 10, 3_600_000),
      timeoutMs: integer(env, 'LINK_CHECK_TIMEOUT_MS', 10_000, 100, 60_000),
      concurrency: integer(env, 'LINK_CHECK_CONCURRENCY', 4, 1, 64),
    },
    imports: {
      pollIntervalMs: integer(env, 'IMPORT_POLL_MS', 1000, 10, 3_600_000),
      leaseMs: integer(env, 'IMPORT_LEASE_MS', 30_000, 1000, 3_600_000),
      chunkRows: integer(env, 'IMPORT_CHUNK_ROWS', 5000, 1, 100_000),
    },
    cloudflare: cloudflare(env),
  };
}
