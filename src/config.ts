import { isIP } from 'node:net';
import { Type, type Static, type TNumberOptions, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { Settings } from 'typebox/system';
import { proxyTrust, type TrustProxy } from './clicks/client-ip.ts';
import type { RoutingSettings } from './core/domain-routing.ts';
import { defaultSender, isMailbox, isSmtpUrl, redactedUrl } from './mail/settings.ts';
import type { Limits } from './services/rate-limits.ts';

/**
 * The environment, validated and converted once at start-up against one schema (Environment below;
 * docs/configuration.md lists every variable, its default and its limits). Everything else receives a
 * Config; nothing outside this file reads process.env.
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
  /** How long a workspace's audit log keeps an entry. */
  auditRetentionDays: number;
  /**
   * Visits held in this process before they are written (SQLite) or acknowledged by Redis; past
   * it a visit waits for room up to `maxWaitMs`, then is answered 503 (clicks/buffer.ts).
   */
  clickBuffer: { maxVisits: number; maxWaitMs: number };
  dnsServers: string[];
  /** Where custom domains must point (SHORT_ROUTING_TARGET, SHORT_ROUTING_ADDRESSES); both unset: not checked. */
  routing: RoutingSettings;
  /** Who may call /internal/* (the TLS ask): addresses, CIDRs or proxy-addr's range names. */
  internalAllow: string[];
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
  /** The background link checker (docs/api.md, "Link health"). */
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
  /**
   * Account emails (verification, password resets, invitations). Without `smtpUrl` none is sent,
   * and the dashboard says so. The URL may hold a password: log it only through redactedUrl.
   */
  mail: { smtpUrl: string | undefined; from: string };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const integer = (minimum: number, maximum: number, fallback: number) =>
  Type.Integer({ minimum, maximum, default: fallback });
const flag = (fallback: boolean) => Type.Boolean({ default: fallback });

/** Where short links and API addresses are appended: the path is kept, a query or fragment would be cut off. */
function isBaseUrl(raw: string): boolean {
  const url = URL.parse(raw);
  return (url?.protocol === 'http:' || url?.protocol === 'https:') && !url.search && !url.hash;
}

const baseUrl = (options: { default?: string } = {}) =>
  Type.Refine(
    Type.String({ maxLength: 2048, ...options }),
    isBaseUrl,
    (raw) => `must be an absolute http(s) URL without a query or fragment (got "${shown(raw)}")`,
  );

const TRUST_PROXY_VALUES =
  'false, true, a number of proxies in front (1, 2, ...) or a comma-separated list of proxy addresses/CIDRs';

/** An address, a CIDR or one of proxy-addr's range names; proxy-addr alone would also read shorthand like 10.1. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const address = entry.includes('/') ? entry.slice(0, entry.lastIndexOf('/')) : entry;
  if (isIP(address) === 0) return false;
  try {
    proxyTrust([entry]); // a prefix out of range or a malformed mask throws
    return true;
  } catch {
    return false;
  }
}

/** TRUST_PROXY as Fastify's trustProxy takes it (0 is false), or what is wrong with it. */
function readTrustProxy(raw: string): { trust: TrustProxy } | { problem: string } {
  if (raw.toLowerCase() === 'false') return { trust: false };
  if (raw.toLowerCase() === 'true') return { trust: true };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 16) return { problem: `counts at most 16 proxies, got ${raw}` };
    return { trust: hops === 0 ? false : hops };
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.length > 100) return { problem: `lists at most 100 proxies, got ${entries.length}` };
  const wrong = entries.find((entry) => !isProxyEntry(entry));
  if (wrong === undefined) return { trust: entries };
  return { problem: `must be ${TRUST_PROXY_VALUES}; "${wrong}" is none of these` };
}

/** INTERNAL_ALLOW: the same entries as a TRUST_PROXY list. */
function isAllowList(raw: string): boolean {
  const entries = commaList(raw);
  return entries.length <= 100 && entries.every(isProxyEntry);
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

function isAddressList(raw: string): boolean {
  const entries = commaList(raw);
  return entries.length <= 16 && entries.every((entry) => isIP(entry) !== 0);
}

function trustProxy(raw: string): TrustProxy {
  const read = readTrustProxy(raw);
  if ('problem' in read) throw new ConfigError(`TRUST_PROXY ${read.problem}`); // Environment refused it already
  return read.trust;
}

const DNS_SERVER = String.raw`[\w.:[\]-]+`;

/**
 * Every variable Hoplink reads, with its default and limits. A string's `description` completes the
 * sentence "<VARIABLE> must be ..." of its error; numbers, flags and lists say it themselves (mustBe below).
 */
const Environment = Type.Object(
  {
    PORT: integer(0, 65535, 3000),
    SHORT_PORT: integer(0, 65535, 3001),
    HOST: Type.String({ maxLength: 253, default: '0.0.0.0' }),
    DATABASE_URL: Type.String({
      maxLength: 2048,
      pattern: '^(sqlite:|postgres://|postgresql://)',
      default: 'sqlite:./data/hoplink.db',
      description: 'sqlite:<path> or postgres://...',
    }),
    DATABASE_PREPARED_STATEMENTS: flag(true),
    REDIS_URL: Type.Optional(
      Type.String({ maxLength: 2048, pattern: '^rediss?://', description: 'redis://... or rediss://...' }),
    ),
    REDIS_PREFIX: Type.String({ maxLength: 64, default: 'hoplink:' }),
    CLICK_CLAIM_IDLE_MS: integer(100, 3_600_000, 30_000),
    APP_URL: Type.Optional(baseUrl()), // unset: http://localhost:$PORT
    SHORT_URL: Type.Optional(baseUrl()), // unset: http://localhost:$SHORT_PORT
    TRUST_PROXY: Type.Refine(
      Type.String({ maxLength: 8192, default: 'false' }),
      (raw) => 'trust' in readTrustProxy(raw),
      (raw) => (readTrustProxy(raw) as { problem: string }).problem,
    ),
    REQUEST_TIMEOUT_MS: integer(100, 600_000, 30_000),
    SHUTDOWN_GRACE_MS: integer(0, 600_000, 10_000),
    RATE_LIMIT_PRO: integer(1, 1_000_000, 60),
    RATE_LIMIT_BUSINESS: integer(1, 1_000_000, 600),
    RATE_LIMIT_DOMAINS: integer(1, 1_000_000, 10),
    RATE_LIMIT_ANONYMOUS: integer(1, 1_000_000, 120),
    RATE_LIMIT_SESSION: integer(1, 1_000_000, 600),
    RATE_LIMIT_SESSION_DOMAINS: integer(1, 1_000_000, 120),
    RATE_LIMIT_POSTBACKS: integer(1, 1_000_000, 600),
    RATE_LIMIT_PAGE_METADATA: integer(1, 1_000_000, 30),
    LINK_CACHE_MAX_ENTRIES: integer(1, 100_000_000, 100_000),
    LINK_CACHE_MAX_MB: integer(1, 65_536, 64),
    LINK_CACHE_NEGATIVE_TTL_MS: integer(0, 86_400_000, 30_000),
    CLICK_RETENTION_DAYS: integer(0, 36_500, 365),
    AUDIT_RETENTION_DAYS: integer(1, 36_500, 365),
    CLICK_BUFFER_MAX_VISITS: integer(1, 10_000_000, 100_000),
    CLICK_BUFFER_MAX_WAIT_MS: integer(0, 60_000, 5_000),
    DNS_SERVERS: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: `^${DNS_SERVER}(\\s*,\\s*${DNS_SERVER})*$`,
        description: 'a comma-separated list of DNS servers (host or host:port)',
      }),
    ),
    SHORT_ROUTING_TARGET: Type.Optional(
      Type.Refine(
        Type.String({ maxLength: 253 }),
        (raw) => HOSTNAME.test(raw.replace(/\.$/, '')),
        (raw) => `must be a hostname such as edge.hoplink.example (got "${shown(raw)}")`,
      ),
    ),
    SHORT_ROUTING_ADDRESSES: Type.Optional(
      Type.Refine(
        Type.String({ maxLength: 1024 }),
        isAddressList,
        (raw) => `must be a comma-separated list of at most 16 IP addresses (got "${shown(raw)}")`,
      ),
    ),
    INTERNAL_ALLOW: Type.Refine(
      Type.String({ maxLength: 8192, default: 'loopback' }),
      isAllowList,
      (raw) => `must be a comma-separated list of at most 100 addresses, CIDRs or loopback (got "${shown(raw)}")`,
    ),
    LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
    METRICS_TOKEN: Type.Optional(Type.String({ maxLength: 1024 })),
    WEBHOOK_ALLOW_HTTP: flag(false),
    WEBHOOK_ALLOW_PRIVATE: flag(false),
    WEBHOOK_POLL_MS: integer(10, 3_600_000, 1000),
    WEBHOOK_TIMEOUT_MS: integer(100, 60_000, 5000),
    WEBHOOK_CLICK_BATCH_MS: integer(10, 3_600_000, 10_000),
    LINK_CHECK_INTERVAL_HOURS: integer(0, 8760, 24),
    LINK_CHECK_ALLOW_PRIVATE: flag(false),
    LINK_CHECK_POLL_MS: integer(10, 3_600_000, 60_000),
    LINK_CHECK_TIMEOUT_MS: integer(100, 60_000, 10_000),
    LINK_CHECK_CONCURRENCY: integer(1, 64, 4),
    IMPORT_POLL_MS: integer(10, 3_600_000, 1000),
    IMPORT_LEASE_MS: integer(1000, 3_600_000, 30_000),
    IMPORT_CHUNK_ROWS: integer(1, 100_000, 5000),
    CLOUDFLARE_API_TOKEN: Type.Optional(Type.String({ maxLength: 256 })),
    CLOUDFLARE_ZONE_ID: Type.Optional(Type.String({ maxLength: 256 })),
    CLOUDFLARE_API_BASE: baseUrl({ default: 'https://api.cloudflare.com/client/v4' }),
    SMTP_URL: Type.Optional(
      Type.Refine(
        Type.String({ maxLength: 2048 }),
        isSmtpUrl,
        (raw) => `must be smtp://... or smtps://... with a host (got "${shown(redactedUrl(raw))}")`,
      ),
    ),
    MAIL_FROM: Type.Optional(
      Type.Refine(
        Type.String({ maxLength: 512 }),
        isMailbox,
        (raw) => `must be an address, alone or as Name <address> (got "${shown(raw)}")`,
      ),
    ),
  },
  {
    dependentRequired: { CLOUDFLARE_API_TOKEN: ['CLOUDFLARE_ZONE_ID'], CLOUDFLARE_ZONE_ID: ['CLOUDFLARE_API_TOKEN'] },
  },
);

type Variable = keyof typeof Environment.properties;
type Given = Partial<Record<Variable, string>>;

const environment = Compile(Environment);

/** The variables Environment knows, trimmed; an empty one is unset, so it takes its default. */
function given(env: Env): Given {
  const found: Given = {};
  for (const name of Object.keys(Environment.properties) as Variable[]) {
    const text = env[name]?.trim();
    if (text) found[name] = text;
  }
  return found;
}

/**
 * Text read as its variable's type. Stricter than TypeBox's Convert, which takes "1.5" for 1 and "0x10"
 * for 16: anything but digits stays text, which the schema then refuses.
 */
function typed(name: Variable, text: string): unknown {
  const schema = Environment.properties[name];
  if (Type.IsInteger(schema)) return /^\d+$/.test(text) ? Number(text) : text;
  if (Type.IsBoolean(schema)) {
    const word = text.toLowerCase();
    if (['true', '1', 'yes'].includes(word)) return true;
    if (['false', '0', 'no'].includes(word)) return false;
  }
  return text;
}

/** A value quoted back in an error, cut short: it may be long. */
function shown(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

/** What a variable must be, for its error. */
function mustBe(schema: TSchema): string {
  const { minimum, maximum, description } = schema as TNumberOptions;
  if (Type.IsInteger(schema)) return `an integer between ${minimum} and ${maximum}`;
  if (Type.IsBoolean(schema)) return 'true or false (also 1, 0, yes or no)';
  if (Type.IsEnum(schema)) return `one of ${schema.enum.join(', ')}`;
  return String(description);
}

/** One error in the operator's words: the variable, what it must be, and what it is. */
function problem(error: TLocalizedValidationError, found: Given): string {
  if (error.keyword === 'dependentRequired')
    return `${error.params.property} and ${error.params.dependencies.join(' and ')} must be set together`;
  const name = error.instancePath.slice(1) as Variable;
  const text = found[name] ?? '';
  if (error.keyword === '~refine') return `${name} ${error.message}`;
  if (error.keyword === 'maxLength')
    return `${name} must be at most ${error.params.limit} characters long (got ${text.length})`;
  return `${name} must be ${mustBe(Environment.properties[name])} (got "${shown(text)}")`;
}

/** Every wrong variable, once: TypeBox stops at 8 errors unless told otherwise, and may give several per variable. */
function problems(values: unknown, found: Given): string[] {
  const { maxErrors } = Settings.Get();
  Settings.Set({ maxErrors: Number.MAX_SAFE_INTEGER });
  let errors: TLocalizedValidationError[];
  try {
    errors = environment.Errors(values);
  } finally {
    Settings.Set({ maxErrors });
  }
  const seen = new Set<string>();
  return errors
    .filter((error) => {
      const key = error.instancePath || JSON.stringify(error.params);
      return !seen.has(key) && seen.add(key);
    })
    .map((error) => problem(error, found));
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

export function loadConfig(env: Env = process.env): Config {
  const found = given(env);
  const values = environment.Default(
    Object.fromEntries(Object.entries(found).map(([name, text]) => [name, typed(name as Variable, text)])),
  );
  if (!environment.Check(values)) {
    const [first, ...more] = problems(values, found);
    throw new ConfigError(
      more.length === 0 ? String(first) : `${more.length + 1} variables are wrong:\n- ${[first, ...more].join('\n- ')}`,
    );
  }
  return configOf(values);
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const commaList = (text: string | undefined) => (text ? text.split(',').map((item) => item.trim()) : []);
const mebibytes = (count: number) => count * 1024 * 1024;

function cloudflare(env: Static<typeof Environment>): Config['cloudflare'] {
  const { CLOUDFLARE_API_TOKEN: apiToken, CLOUDFLARE_ZONE_ID: zoneId } = env;
  if (!apiToken || !zoneId) return undefined; // Environment requires both or neither
  return { apiToken, zoneId, apiBase: withoutTrailingSlash(env.CLOUDFLARE_API_BASE) };
}

/** The validated environment as the rest of the code reads it. */
function configOf(env: Static<typeof Environment>): Config {
  const appUrl = withoutTrailingSlash(env.APP_URL ?? `http://localhost:${env.PORT}`);
  return {
    port: env.PORT,
    shortPort: env.SHORT_PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    clickClaimIdleMs: env.CLICK_CLAIM_IDLE_MS,
    appUrl,
    shortUrl: withoutTrailingSlash(env.SHORT_URL ?? `http://localhost:${env.SHORT_PORT}`),
    trustProxy: trustProxy(env.TRUST_PROXY),
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    rateLimits: {
      pro: env.RATE_LIMIT_PRO,
      business: env.RATE_LIMIT_BUSINESS,
      domains: env.RATE_LIMIT_DOMAINS,
      anonymous: env.RATE_LIMIT_ANONYMOUS,
      session: env.RATE_LIMIT_SESSION,
      sessionDomains: env.RATE_LIMIT_SESSION_DOMAINS,
      postbacks: env.RATE_LIMIT_POSTBACKS,
      pageMetadata: env.RATE_LIMIT_PAGE_METADATA,
    },
    linkCache: {
      maxEntries: env.LINK_CACHE_MAX_ENTRIES,
      maxBytes: mebibytes(env.LINK_CACHE_MAX_MB),
      negativeTtlMs: env.LINK_CACHE_NEGATIVE_TTL_MS,
    },
    clickRetentionDays: env.CLICK_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    clickBuffer: { maxVisits: env.CLICK_BUFFER_MAX_VISITS, maxWaitMs: env.CLICK_BUFFER_MAX_WAIT_MS },
    dnsServers: commaList(env.DNS_SERVERS),
    routing: {
      target: env.SHORT_ROUTING_TARGET?.toLowerCase().replace(/\.$/, '') ?? null,
      addresses: commaList(env.SHORT_ROUTING_ADDRESSES),
    },
    internalAllow: commaList(env.INTERNAL_ALLOW),
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    webhooks: {
      allowHttp: env.WEBHOOK_ALLOW_HTTP,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      pollIntervalMs: env.WEBHOOK_POLL_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      clickBatchMs: env.WEBHOOK_CLICK_BATCH_MS,
    },
    linkChecks: {
      intervalHours: env.LINK_CHECK_INTERVAL_HOURS,
      allowPrivate: env.LINK_CHECK_ALLOW_PRIVATE,
      pollIntervalMs: env.LINK_CHECK_POLL_MS,
      timeoutMs: env.LINK_CHECK_TIMEOUT_MS,
      concurrency: env.LINK_CHECK_CONCURRENCY,
    },
    imports: { pollIntervalMs: env.IMPORT_POLL_MS, leaseMs: env.IMPORT_LEASE_MS, chunkRows: env.IMPORT_CHUNK_ROWS },
    cloudflare: cloudflare(env),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? defaultSender(appUrl) },
  };
}
