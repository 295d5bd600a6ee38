import type { Kysely } from 'kysely';
import { memoryRateLimiters, type RateLimiters } from './api/rate-limiter.ts';
import type { Authenticate } from './api/plugins/auth.ts';
import type { Config } from './config.ts';
import { messageOf } from './core/errors.ts';
import { isSqliteFile, openDatabase, type Engine } from './storage/database.ts';
import { writeClickBatch } from './storage/clicks.kysely.ts';
import { migrateToLatest } from './storage/migrate.ts';
import type { Database } from './storage/schema.ts';
import { LinkEvents } from './services/link-events.ts';
import type { LinkServiceDeps } from './services/links.ts';
import { assertDomainUsable, domainRecord, type DomainServiceDeps } from './services/domains.ts';
import { createCloudflareProvider } from './domains/cloudflare-provider.ts';
import { createDnsProvider } from './domains/dns-provider.ts';
import { RedisEventBus } from './scale/event-bus.ts';
import { redisRateLimiters } from './scale/rate-limiters.ts';
import { connectRedis } from './scale/redis.ts';
import { RedisStreamClickSink } from './scale/stream-sink.ts';
import { StreamClickConsumer } from './scale/stream-consumer.ts';
import { TokenAuthenticator } from './services/tokens.ts';
import { linkResource } from './api/serializers.ts';
import { WebhookPublisher } from './webhooks/publisher.ts';
import { ClickBuffer } from './clicks/buffer.ts';
import type { VisitFacts } from './clicks/enrich.ts';
import { openGeoLookup, type GeoLookup } from './clicks/geo.ts';
import type { ClickSink } from './clicks/sink.ts';
import { startRetention } from './clicks/retention.ts';
import { ThreadClickWriter } from './clicks/thread-writer.ts';
import { createVisitWriter } from './clicks/visit-writer.ts';
import { systemClock, WebhookWorker } from './webhooks/worker.ts';

/**
 * Everything the processes share, wired once: the database, services and ports. main.ts and
 * the tests build it with the same function, so tests exercise production wiring.
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  tokens: TokenAuthenticator;
  linkEvents: LinkEvents;
  linkService: LinkServiceDeps;
  domains: DomainServiceDeps;
  rateLimiters: RateLimiters;
  /** Further ways to sign requests in (the dashboard's session cookie). */
  extraAuthenticators: Authenticate[];
  webhooks: { publisher: WebhookPublisher; worker: WebhookWorker };
  /** The offline GeoIP database, opened once (targeting and enrichment share it). */
  geo: GeoLookup;
  /** Where the edge hands visits; flush() writes everything accepted so far. */
  clicks: ClickSink & { flush(): Promise<void>; stats(): { buffered: number; written: number; dropped: number; failedWrites: number } };
  /** Things to stop, in order, on close (click flush first, database last). */
  closers: Array<() => Promise<void>>;
  close(): Promise<void>;
}

export async function createAppContext(config: Config): Promise<AppContext> {
  const { db, engine, close: closeDb } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const tokens = new TokenAuthenticator(db);
  const linkEvents = new LinkEvents();
  const closers: Array<() => Promise<void>> = [];
  const webhooks = createWebhooks(config, db, linkEvents);
  const geo = await openGeoLookup();
  const pipeline = config.redisUrl
    ? await createRedisPipeline(config, config.redisUrl, db, geo, linkEvents, webhooks.publisher)
    : createLocalPipeline(config, db, geo, webhooks.publisher);
  const stopRetention = startRetention(db, config.clickRetentionDays, (error) => console.error('click retention failed:', error));
  // Accepted clicks are handed on before anything else stops; the database closes last.
  closers.push(...pipeline.closers, async () => stopRetention(), () => webhooks.publisher.close(), () => webhooks.worker.close());
  const ctx: AppContext = {
    config,
    db,
    engine,
    tokens,
    linkEvents,
    linkService: { db, events: linkEvents, assertDomainUsable: (userId, domainId) => assertDomainUsable(db, userId, domainId) },
    domains: createDomains(config, db, linkEvents, webhooks.publisher),
    rateLimiters: pipeline.rateLimiters,
    extraAuthenticators: [],
    webhooks,
    geo,
    clicks: pipeline.clicks,
    closers,
    async close() {
      // Every step runs even when an earlier one fails (a database gone at shutdown must not
      // leave the writer thread or the other connections open); the failures are reported together.
      const failures: unknown[] = [];
      for (const step of [...closers, () => tokens.close(), closeDb]) {
        try {
          await step();
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) {
        const reasons = failures.map(messageOf);
        throw new AggregateError(failures, `${failures.length} shutdown step(s) failed: ${reasons.join('; ')}`);
      }
    },
  };
  return ctx;
}

/** Link events become queued deliveries; a background worker sends them (every instance runs one). */
function createWebhooks(config: Config, db: Kysely<Database>, linkEvents: LinkEvents) {
  const publisher = new WebhookPublisher({
    db,
    clock: systemClock,
    serializeLink: (link) => linkResource(link, config.shortUrl),
    clickBatchMs: config.webhooks.clickBatchMs,
    onError: (error) => console.error('webhook publishing failed:', error),
  });
  linkEvents.subscribe((change) => {
    // A change from another instance was published there already.
    if (change.remote) return;
    if (change.kind === 'created' || change.kind === 'updated' || change.kind === 'deleted') publisher.linkChanged(change.kind, change.link);
  });
  const worker = new WebhookWorker(db, { ...config.webhooks, clock: systemClock, batchSize: 20, maxResponseBytes: 64 * 1024 });
  worker.start();
  return { publisher, worker };
}

/** Custom domains: Cloudflare for SaaS when configured, else DNS verification. */
function createDomains(config: Config, db: Kysely<Database>, events: LinkEvents, publisher: WebhookPublisher): DomainServiceDeps {
  const shortHostname = new URL(config.shortUrl).hostname;
  const provider = config.cloudflare
    ? createCloudflareProvider({ baseUrl: config.cloudflare.apiBase, zoneId: config.cloudflare.zoneId, apiToken: config.cloudflare.apiToken })
    : createDnsProvider({ servers: config.dnsServers, shortHostname });
  return {
    db,
    provider,
    events,
    shortHostname,
    ownHosts: [new URL(config.appUrl).hostname, shortHostname],
    onVerified: (domain) => publisher.domainVerified(domain.userId, domainRecord(domain, shortHostname)),
  };
}

type ClickPipeline = { clicks: AppContext['clicks']; rateLimiters: RateLimiters; closers: Array<() => Promise<void>> };

/** One process: an in-memory buffer written in batches, limits counted in memory. */
function createLocalPipeline(config: Config, db: Kysely<Database>, geo: GeoLookup, publisher: WebhookPublisher): ClickPipeline {
  // A SQLite file gets a writer thread with its own connection (better-sqlite3 would otherwise
  // block redirects for each batch); an in-memory database cannot be shared with one, and
  // PostgreSQL's writes are asynchronous already.
  const threaded = isSqliteFile(config.databaseUrl) ? new ThreadClickWriter(config.databaseUrl) : undefined;
  const writeVisits = threaded ? threaded.write.bind(threaded) : createVisitWriter((events) => writeClickBatch(db, events), geo);
  const clicks = new ClickBuffer<VisitFacts>({
    // Either writer answers with no more counted clicks than link.clicked deliveries can carry.
    write: async (visits) => publisher.clicksRecorded(await writeVisits(visits, publisher.clickRoom(new Set(visits.map((visit) => visit.linkId))))),
    onError: (error) => console.error('click batch write failed (kept for retry):', error),
  });
  return { clicks, rateLimiters: memoryRateLimiters(config.rateLimits), closers: [() => clicks.close(), async () => threaded?.close()] };
}

/**
 * Several instances: limits counted in Redis, link changes broadcast over pub/sub, visits
 * appended to a Redis Stream that a consumer group (one member per instance) writes to the database.
 */
async function createRedisPipeline(config: Config, url: string, db: Kysely<Database>, geo: GeoLookup, events: LinkEvents, publisher: WebhookPublisher): Promise<ClickPipeline> {
  const redis = connectRedis(url);
  const prefix = config.redisPrefix;
  const bus = await RedisEventBus.start(redis, events, `${prefix}link-events`);
  const clicks = new RedisStreamClickSink(redis, `${prefix}clicks`);
  const consumer = new StreamClickConsumer(db, redis, geo, {
    stream: `${prefix}clicks`,
    group: `${prefix}click-writers`,
    claimIdleMs: config.clickClaimIdleMs,
    onError: (error) => console.error('click stream consumer:', error),
    onWritten: (counted) => publisher.clicksRecorded(counted),
  });
  await consumer.start();
  return {
    clicks,
    rateLimiters: redisRateLimiters(redis, config.rateLimits, prefix),
    closers: [() => clicks.close(), () => consumer.close(), () => bus.close(), async () => { await redis.quit().catch(() => {}); }],
  };
}
