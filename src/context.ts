import type { Redis } from 'ioredis';
import type { WorkspaceRoutesOptions } from './api/routes/workspace.ts';
import type { Authenticate } from './api/plugins/auth.ts';
import { memoryRateLimiters, type RateLimiters } from './services/rate-limits.ts';
import { linkResource } from './api/serializers.ts';
import { openGeoLookup, type GeoLookup } from './clicks/geo.ts';
import type { FailedBatch } from './clicks/buffer.ts';
import type { OverloadReport } from './clicks/room-waiters.ts';
import {
  createLocalClickPipeline,
  createStreamClickPipeline,
  type ClickPipeline,
  type RecordingSink,
} from './clicks/pipeline.ts';
import { startRetention } from './clicks/retention.ts';
import { pruneAuditLog } from './services/audit.ts';
import { startSearchIndexing } from './services/search-indexing.ts';
import type { Config } from './config.ts';
import { messageOf } from './core/errors.ts';
import { createCloudflareProvider } from './domain-verification/cloudflare-provider.ts';
import { createDnsProvider } from './domain-verification/dns-provider.ts';
import { createRoutingCheck } from './domain-verification/routing-check.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { Metrics } from './observability/metrics.ts';
import { RedisClickLimits } from './redis/click-limits.ts';
import { linkEventsChannel, RedisEventBus } from './redis/event-bus.ts';
import { redisRateLimiters } from './redis/rate-limiters.ts';
import { MemoryClickLimits, type ClickLimits } from './services/click-limits.ts';
import { domainRecord, type DomainSettings } from './services/domains.ts';
import { EventBus } from './services/events.ts';
import { TokenAuthenticator } from './services/tokens.ts';
import { UnitOfWork } from './services/unit-of-work.ts';
import { CommitGroup } from './storage/commit-group.ts';
import { ReadGroup } from './storage/read-group.ts';
import { openDatabase, type DatabaseHandle, type Engine } from './storage/database.ts';
import { migrateToLatest } from './storage/migrate.ts';
import { LINK_CHECK_DEFAULTS, LinkChecker } from './link-health/checker.ts';
import { createDnsResolver } from './outbound/dns-resolver.ts';
import { MAX_CLICKS_PER_DELIVERY, WebhookPublisher } from './webhooks/publisher.ts';
import { systemClock, WebhookWorker } from './webhooks/worker.ts';
import { ImportWorker } from './imports/worker.ts';
import { smtpMailer } from './mail/mailer.ts';
import { invitationMessage } from './mail/messages.ts';
import { MailOutbox } from './mail/outbox.ts';

/**
 * Everything the processes share, wired once: the unit of work over the database, the event bus,
 * the click pipeline and the background workers. main.ts and the tests build it with the same
 * function, so tests exercise production wiring. Nothing here holds business logic.
 */
export interface AppContext {
  config: Config;
  /**
   * The database itself, for the operator's tools (backups, health checks) and for tests to
   * inspect. Use cases never get it: they get stores from the unit of work.
   */
  database: DatabaseHandle;
  engine: Engine;
  /** The only way to the database: stores bound to one executor, events published after the commit. */
  uow: UnitOfWork;
  events: EventBus;
  tokens: TokenAuthenticator;
  domains: DomainSettings;
  rateLimiters: RateLimiters;
  /** Further ways to sign requests in (the dashboard's session cookie). */
  extraAuthenticators: Authenticate[];
  /** Emails an invitation after its commit; false when no mail is configured (the API shows the link). */
  sendInvitation: WorkspaceRoutesOptions['sendInvitation'];
  webhooks: { publisher: WebhookPublisher; worker: WebhookWorker };
  /** Checks links' destinations in the background and on demand (link health). */
  linkChecker: LinkChecker;
  /** Runs queued link imports in the background (every instance runs one; a lease keeps each job to one). */
  imports: ImportWorker;
  /** Account emails, sent in the background after their unit of work; undefined without SMTP_URL. */
  mail: MailOutbox | undefined;
  /** The offline GeoIP database, opened once (targeting and enrichment share it). */
  geo: GeoLookup;
  /** Where the edge hands visits (clicks/pipeline.ts). */
  clicks: RecordingSink;
  /** Exact max_clicks counters: in this process, or in Redis shared by every instance. */
  clickLimits: ClickLimits;
  logger: Logger;
  metrics: Metrics;
  /** Whether the database (and Redis, when configured) answer, each check bounded in time. */
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

/** Invitations go out through the outbox after their commit; without mail, nothing is sent. */
function invitationSender(mail: MailOutbox | undefined): AppContext['sendInvitation'] {
  return ({ invitation, workspace, inviter, link }) =>
    mail?.post(
      invitationMessage({
        to: invitation.email,
        workspaceName: workspace.name,
        inviterEmail: inviter,
        role: invitation.role,
        link,
        expiresAt: invitation.expiresAt,
      }),
    ) ?? false;
}

const READINESS_DEADLINE_MS = 2_000;

export async function createAppContext(config: Config, options: { logger?: Logger } = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const logError = (what: string) => (error: unknown) => logger.error({ err: error }, `${what}: ${messageOf(error)}`);
  const database = openDatabase(config.databaseUrl, logError('PostgreSQL connection lost'), {
    preparedStatements: config.databasePreparedStatements,
  });
  await migrateToLatest(database.db);
  const events = new EventBus();
  // SQLite writes one transaction at a time: concurrent requests share one (and its commit), and
  // their reads share a read transaction (its lock).
  const groupCommit = database.engine === 'sqlite' ? new CommitGroup(database.db) : undefined;
  const groupReads = database.engine === 'sqlite' ? new ReadGroup(database.db) : undefined;
  const uow = new UnitOfWork(database.db, events, { groupCommit, groupReads });
  const tokens = new TokenAuthenticator(uow);
  let clickStats = () => ({ buffered: 0, written: 0, dropped: 0, failedWrites: 0, waited: 0, refused: 0, waiting: 0 });
  const metrics = new Metrics({ clicks: () => clickStats() });
  const domains = domainSettings(config);
  const webhooks = startWebhooks(config, domains, uow, events, metrics, logError);
  const geo = openGeoLookup();
  const redis = config.redisUrl ? await startRedis(config, config.redisUrl, events, logError('Redis')) : undefined;
  const pipeline = await startClickPipeline(config, { uow, geo, webhooks, redis, metrics, events, logger });
  clickStats = () => pipeline.sink.stats();
  const clickLimits = redis ? new RedisClickLimits(redis.client, config.redisPrefix) : new MemoryClickLimits();
  events.subscribe((event) => {
    if (event.kind === 'updated' || event.kind === 'deleted') clickLimits.linkChanged(event.kind, event.link.id);
  });
  const imports = new ImportWorker(uow, { ...config.imports, onError: logError('import run failed') });
  imports.start();
  const { smtpUrl, from } = config.mail;
  const mail = smtpUrl
    ? new MailOutbox(smtpMailer({ url: smtpUrl, from }), {
        onError: (error, what) => logger.error({ err: error }, `${what}: ${messageOf(error)}`),
      })
    : undefined;
  const stopRetention = startRetention(uow, config.clickRetentionDays, logError('retention failed'), [
    (now) => pruneAuditLog(uow, config.auditRetentionDays, now),
  ]);
  // PostgreSQL's trigram index keeps itself; SQLite's is fed in batches (migration 011).
  const searchIndexing =
    database.engine === 'sqlite' ? startSearchIndexing(uow, logError('search indexing failed')) : undefined;
  const linkChecker = startLinkChecker(config, uow, events, metrics, logError);

  // Accepted clicks are handed on before anything else stops; the database closes last.
  const shutdownSteps = [
    () => pipeline.close(),
    // Emails under way (each bounded by the mailer's deadline) may still need the database.
    async () => mail?.drain(),
    async () => stopRetention(),
    async () => searchIndexing?.close(),
    () => linkChecker.close(),
    () => imports.close(),
    () => webhooks.publisher.close(),
    () => webhooks.worker.close(),
    async () => redis?.close(),
    () => tokens.close(),
    () => database.close(),
  ];
  return {
    config,
    database,
    engine: database.engine,
    uow,
    events,
    tokens,
    domains,
    rateLimiters: redis?.rateLimiters ?? memoryRateLimiters(config.rateLimits),
    extraAuthenticators: [],
    sendInvitation: invitationSender(mail),
    webhooks,
    linkChecker,
    imports,
    mail,
    geo,
    clicks: pipeline.sink,
    clickLimits,
    logger,
    metrics,
    readiness: () => checkReadiness({ database: () => uow.read((stores) => stores.health.ping()), redis: redis?.ping }),
    close: () => runEverything(shutdownSteps),
  };
}

/** The click pipeline (clicks/pipeline.ts): the Redis stream with REDIS_URL, else this process's buffer. */
async function startClickPipeline(
  config: Config,
  parts: {
    uow: UnitOfWork;
    geo: GeoLookup;
    webhooks: ReturnType<typeof startWebhooks>;
    redis: Awaited<ReturnType<typeof startRedis>> | undefined;
    metrics: Metrics;
    events: EventBus;
    logger: Logger;
  },
): Promise<ClickPipeline> {
  const { uow, geo, webhooks, redis, metrics, events, logger } = parts;
  const clickOptions = {
    uow,
    geo,
    after: webhooks.publisher,
    // One line per failed batch, with what is kept: the buffer retries it on the next flush.
    onError: (error: unknown, batch?: FailedBatch) =>
      logger.error({ err: error, ...batch }, `click batch write failed, kept for retry: ${messageOf(error)}`),
    // Back-pressure: a full buffer slows the redirects down, and past its bound answers 503. One
    // line a second at most while that lasts, with what it did meanwhile.
    bounds: {
      ...config.clickBuffer,
      onOverload: (report: OverloadReport) =>
        logger.warn(
          report,
          `click buffer full: ${report.waited} visits waited for room, ${report.refused} refused with 503 ` +
            `(${report.depth} held, ${report.waiting} waiting)`,
        ),
    },
    onBatchWritten: (seconds: number) => metrics.observeBatch(seconds),
    // The dashboard's live statistics hear of new clicks on this instance and, through the Redis
    // bus, on every other.
    onLinksClicked: (linkIds: number[]) => events.emit({ kind: 'clicks-recorded', linkIds }),
  };
  return redis
    ? createStreamClickPipeline({
        ...clickOptions,
        redis: redis.client,
        redisUrl: config.redisUrl!,
        databaseUrl: config.databaseUrl,
        preparedStatements: config.databasePreparedStatements,
        prefix: config.redisPrefix,
        claimIdleMs: config.clickClaimIdleMs,
        maxCountedPerLink: MAX_CLICKS_PER_DELIVERY,
        // Dropped so that the rest of its batch is written (clicks/click-stream.ts): said once, and counted.
        onUnreadableEntry: (entryId: string, message: string) => {
          metrics.countUnreadableStreamEntry();
          logger.error({ entryId }, `click stream entry ${entryId} cannot be decoded, dropped: ${message}`);
        },
      })
    : createLocalClickPipeline({ ...clickOptions, databaseUrl: config.databaseUrl });
}

/**
 * Every step runs even when an earlier one fails (a database gone at shutdown must not leave the
 * writer thread or the other connections open); the failures are reported together.
 */
async function runEverything(steps: Array<() => Promise<void>>): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    const reasons = failures.map(messageOf).join('; ');
    throw new AggregateError(failures, `${failures.length} shutdown step(s) failed: ${reasons}`);
  }
}

/** Runs each check with a deadline; a check that throws or runs late names what failed. */
async function checkReadiness(checks: Record<string, (() => Promise<unknown>) | undefined>): Promise<Readiness> {
  const results: Readiness['checks'] = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      if (!check) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${READINESS_DEADLINE_MS} ms`)),
          READINESS_DEADLINE_MS,
        );
      });
      try {
        await Promise.race([check(), late]);
        results[name] = 'ok';
      } catch (error) {
        results[name] = messageOf(error);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: Object.values(results).every((result) => result === 'ok'), checks: results };
}

/** Committed events become queued deliveries; a background worker sends them (every instance runs one). */
function startWebhooks(
  config: Config,
  domains: DomainSettings,
  uow: UnitOfWork,
  events: EventBus,
  metrics: Metrics,
  logError: (what: string) => (error: unknown) => void,
) {
  const publisher = new WebhookPublisher({
    uow,
    clock: systemClock,
    serializeLink: (link) => linkResource(link, config.shortUrl),
    clickBatchMs: config.webhooks.clickBatchMs,
    onError: logError('webhook publishing failed'),
  });
  events.subscribe((event) => {
    // Every instance's publisher hears of a new webhook, wherever it was created.
    if (event.kind === 'webhook-created') publisher.webhookCreated(event.workspaceId);
    // An event from another instance was published there already.
    if (event.remote) return;
    if (event.kind === 'created' || event.kind === 'updated' || event.kind === 'deleted')
      publisher.linkChanged(event.kind, event.link);
    if (event.kind === 'domain-verified')
      publisher.domainVerified(event.domain.workspaceId, domainRecord(event.domain, domains));
    if (event.kind === 'link-broken') publisher.linkBroken(event.link);
    if (event.kind === 'conversion') publisher.conversionChanged(event.change, event.conversion);
  });
  const worker = new WebhookWorker(uow, {
    ...config.webhooks,
    onAttempt: (outcome) => metrics.countDelivery(outcome),
    clock: systemClock,
    batchSize: 20,
    maxResponseBytes: 64 * 1024,
  });
  worker.start();
  return { publisher, worker };
}

/**
 * The link checker: names resolved through DNS_SERVERS when set (as domain verification does),
 * every address through the guard. A link whose destinations may have changed (an edit, new
 * choice-page options) is due again at once, in a unit of work of its own after the edit's commit.
 */
function startLinkChecker(
  config: Config,
  uow: UnitOfWork,
  events: EventBus,
  metrics: Metrics,
  logError: (what: string) => (error: unknown) => void,
): LinkChecker {
  const settings = config.linkChecks;
  const checker = new LinkChecker(uow, {
    ...LINK_CHECK_DEFAULTS,
    intervalMs: settings.intervalHours * 3_600_000,
    pollIntervalMs: settings.pollIntervalMs,
    timeoutMs: settings.timeoutMs,
    concurrency: settings.concurrency,
    allowPrivate: settings.allowPrivate,
    resolveHost: createDnsResolver({ servers: config.dnsServers }),
    onError: logError('link check failed'),
    onChecked: (_linkId, health) => metrics.countLinkCheck(health.status),
  });
  events.subscribe((event) => {
    if (!event.remote && event.kind === 'updated') checker.linkChanged(event.link.id);
  });
  checker.start();
  return checker;
}

/** Custom domains: Cloudflare for SaaS when configured, else DNS verification. */
function domainSettings(config: Config): DomainSettings {
  const shortHostname = new URL(config.shortUrl).hostname;
  const cloudflare = config.cloudflare;
  const dns = createDnsProvider({ servers: config.dnsServers, shortHostname });
  const hasTxtToken = async (hostname: string, token: string) =>
    (await dns.check({ hostname, verificationToken: token, txtOnly: true })).found;
  const provider = cloudflare
    ? createCloudflareProvider({
        baseUrl: cloudflare.apiBase,
        zoneId: cloudflare.zoneId,
        apiToken: cloudflare.apiToken,
        hasTxtToken,
      })
    : dns;
  const routing = config.routing;
  const checkRouting = createRoutingCheck({ servers: config.dnsServers, settings: routing });
  return { provider, shortHostname, routing, checkRouting, ownHosts: [new URL(config.appUrl).hostname, shortHostname] };
}

/** Several instances: limits counted in Redis and committed events broadcast over pub/sub. */
async function startRedis(config: Config, url: string, events: EventBus, onError: (error: unknown) => void) {
  // Loaded only when Redis is configured: a single process never holds ioredis.
  const { connectRedis } = await import('./redis/redis.ts');
  const client: Redis = connectRedis(url, onError);
  const bus = await RedisEventBus.start(client, events, linkEventsChannel(config.redisPrefix));
  return {
    client,
    rateLimiters: redisRateLimiters(client, config.rateLimits, config.redisPrefix),
    ping: () => client.ping(),
    async close() {
      await bus.close();
      await client.quit().catch(() => {});
    },
  };
}
