import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VISITS_PER_ENTRY, RedisStreamClickSink, StreamClickConsumer } from '../../src/clicks/click-stream.ts';
import { openGeoLookup } from '../../src/clicks/geo.ts';
import { decodeVisitBatch } from '../../src/clicks/visit-batch.ts';
import { loadConfig } from '../../src/config.ts';
import { createAppContext } from '../../src/context.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { visitFacts } from '../helpers/clicks.ts';
import { freshDatabaseUrl, freshMigratedDatabaseUrl, postgresUrl } from '../helpers/database.ts';
import { capturingLogger } from '../helpers/log-lines.ts';

// Needs a real Redis (and PostgreSQL for the consumer): CI sets TEST_REDIS_URL and
// TEST_DATABASE_URL (and fails if it cannot connect); without them, skipped.
const redisUrl = process.env.TEST_REDIS_URL;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.skipIf(!redisUrl)('the Redis stream click sink', () => {
  let redis: Redis;
  let stream: string;
  const log: string[] = [];

  beforeAll(() => {
    redis = new Redis(redisUrl!);
    // Which went first: the XADD written to the connection, or a visitor's answer.
    const xadd = redis.xadd.bind(redis);
    redis.xadd = ((...args: Parameters<typeof xadd>) => {
      log.push('xadd');
      return xadd(...args);
    }) as typeof redis.xadd;
  });
  afterAll(async () => {
    await redis.del(stream);
    redis.disconnect();
  });

  /** The links of each entry's visits. */
  const entries = async () =>
    (await redis.xrange(stream, '-', '+')).map(([, fields]) => [...decodeVisitBatch(fields[1]!).linkIds]);

  it('appends a turn’s visits in one entry, and answers only after that XADD is on the connection', async () => {
    stream = `test-${randomBytes(4).toString('hex')}:clicks`;
    const sink = new RedisStreamClickSink(redis, stream);
    log.length = 0;
    for (const linkId of [1, 2, 3]) {
      sink.record(visitFacts(linkId));
      sink.afterHandOff(() => log.push(`answer ${linkId}`));
    }
    expect(log, 'nobody is answered before the visits are handed on').toEqual([]);
    expect(sink.stats().buffered, 'visits, not commands').toBe(3);
    await nextTurn();
    expect(log).toEqual(['xadd', 'answer 1', 'answer 2', 'answer 3']);
    expect(sink.stats().buffered, 'sent, not yet acknowledged').toBe(3);
    await sink.flush();
    expect(await entries()).toEqual([[1, 2, 3]]);
    expect(sink.stats()).toMatchObject({ buffered: 0, written: 3, dropped: 0 });
  });

  it('splits a large turn into entries of at most MAX_VISITS_PER_ENTRY, each answered after its own XADD', async () => {
    stream = `test-${randomBytes(4).toString('hex')}:clicks`;
    const sink = new RedisStreamClickSink(redis, stream);
    const total = MAX_VISITS_PER_ENTRY * 2 + 10;
    let answered = 0;
    for (let i = 0; i < total; i++) {
      sink.record(visitFacts(i));
      sink.afterHandOff(() => answered++);
    }
    // The first two full entries went at once; their visitors are answered without waiting for the turn.
    expect(answered).toBe(MAX_VISITS_PER_ENTRY * 2);
    await sink.flush();
    expect(answered).toBe(total);
    const sizes = (await entries()).map((links) => links.length);
    expect(sizes).toEqual([MAX_VISITS_PER_ENTRY, MAX_VISITS_PER_ENTRY, 10]);
  });

  it('answers at once when nothing is waiting to be handed on', async () => {
    stream = `test-${randomBytes(4).toString('hex')}:clicks`;
    const sink = new RedisStreamClickSink(redis, stream);
    let answered = false;
    sink.afterHandOff(() => (answered = true));
    expect(answered).toBe(true);
  });

  describe('when Redis acknowledges slower than visits arrive', () => {
    let client: Redis;
    beforeAll(async () => {
      // A connection of its own, whose replies the test stops reading: XADDs go out, and nothing
      // comes back to free room.
      client = new Redis(redisUrl!);
      await client.ping();
    });
    afterAll(() => {
      client.disconnect();
    });

    /** A visit as the edge makes it: recorded, then answered once handed on (never if refused). */
    function visitThrough(sink: RedisStreamClickSink, linkId: number, answered: number[]) {
      const answer = () => answered.push(linkId);
      const recorded = sink.record(visitFacts(linkId));
      if (recorded === true) sink.afterHandOff(answer);
      else void recorded.then((ok) => ok && sink.afterHandOff(answer));
      return recorded;
    }

    it('holds the visits past maxVisits until acknowledgements free room, answering each once handed on', async () => {
      stream = `test-${randomBytes(4).toString('hex')}:clicks`;
      const sink = new RedisStreamClickSink(client, stream, { maxVisits: 4 });
      const answered: number[] = [];
      client.stream.pause();
      for (const linkId of [1, 2, 3, 4]) expect(visitThrough(sink, linkId, answered)).toBe(true);
      for (const linkId of [5, 6, 7]) expect(visitThrough(sink, linkId, answered)).toBeInstanceOf(Promise);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toEqual([1, 2, 3, 4]);
      expect(sink.stats()).toMatchObject({ buffered: 4, waiting: 3, refused: 0 });
      client.stream.resume();
      await sink.flush();
      expect(answered).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(await entries()).toEqual([
        [1, 2, 3, 4],
        [5, 6, 7],
      ]);
      expect(sink.stats()).toMatchObject({ buffered: 0, written: 7, waited: 3, refused: 0, dropped: 0 });
    });

    it('refuses a visit still waiting after maxWaitMs: never answered, never appended', async () => {
      stream = `test-${randomBytes(4).toString('hex')}:clicks`;
      const sink = new RedisStreamClickSink(client, stream, { maxVisits: 2, maxWaitMs: 100 });
      const answered: number[] = [];
      client.stream.pause();
      visitThrough(sink, 1, answered);
      visitThrough(sink, 2, answered);
      expect(await visitThrough(sink, 3, answered)).toBe(false);
      client.stream.resume();
      await sink.close();
      expect(answered).toEqual([1, 2]);
      expect(await entries()).toEqual([[1, 2]]);
      expect(sink.stats()).toMatchObject({ written: 2, refused: 1, waited: 0 });
    });
  });
});

describe.skipIf(!postgresUrl || !redisUrl)('the click stream consumer', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let redis: Redis;
  const stream = `test-${randomBytes(4).toString('hex')}:clicks`;
  const badStream = `${stream}-bad`;

  beforeAll(async () => {
    database = await freshDatabaseUrl('postgres');
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    redis = new Redis(redisUrl!);
  });
  /** A link of its own user, so each test counts only its own clicks. */
  const newLink = async (code: string) => {
    const { workspaceId } = await insertAccount(handle.db, { email: `${code}@example.com`, plan: 'business' });
    return insertLink(handle.db, {
      workspaceId,
      shortCode: code,
      redirectUrl: 'https://example.com/',
      isActive: true,
      categoryId: null,
      domainId: null,
      conditions: [],
    });
  };
  const clickCount = async (linkId: number) =>
    Number(
      (await handle.db.selectFrom('links').select('click_count').where('id', '=', linkId).executeTakeFirst())
        ?.click_count,
    );
  /** One entry of `visits` visits of `linkId`, as one event-loop turn of an instance appends it. */
  const entry = async (to: string, linkId: number, visits: number) => {
    const sink = new RedisStreamClickSink(redis, to);
    for (let i = 0; i < visits; i++) sink.record(visitFacts(linkId));
    await sink.close();
  };
  afterAll(async () => {
    await redis.del(stream, badStream);
    redis.disconnect();
    await handle.close();
    await database.drop();
  });

  it('writes entries that arrive within gatherMs of a batch in one later batch, not one each', async () => {
    const link = await newLink('gather');
    const batches: number[] = [];
    let firstWritten: () => void = () => {};
    const first = new Promise<void>((resolve) => (firstWritten = resolve));
    const consumer = new StreamClickConsumer(new UnitOfWork(handle.db, new EventBus()), redis, openGeoLookup(), {
      stream,
      group: 'writers',
      gatherMs: 1_000,
      onWritten: (counted) => {
        batches.push(counted.length);
        firstWritten();
      },
    });
    await consumer.start();

    await entry(stream, link.id, 1);
    await first;
    // Three entries, as three event-loop turns of an instance write them, while the consumer gathers.
    await entry(stream, link.id, 2);
    await entry(stream, link.id, 3);
    await entry(stream, link.id, 4);
    for (let i = 0; i < 100 && batches.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    await consumer.close();

    expect(batches).toEqual([1, 9]);
    expect(await clickCount(link.id)).toBe(10);
    expect(await redis.xlen(stream), 'acknowledged and dropped after the commit').toBe(0);
  });

  it("carries each visit's click id in its entry to the raw click", async () => {
    const link = await newLink('click-ids');
    const own = `${stream}-ids`;
    const sink = new RedisStreamClickSink(redis, own);
    sink.record(visitFacts(link.id, { clickId: 'stream-id-1' }));
    sink.record(visitFacts(link.id));
    sink.record(visitFacts(link.id, { clickId: 'stream-id-2' }));
    await sink.close();
    let written = 0;
    const consumer = new StreamClickConsumer(new UnitOfWork(handle.db, new EventBus()), redis, openGeoLookup(), {
      stream: own,
      group: 'writers',
      gatherMs: 0,
      onWritten: (counted) => {
        written += counted.length;
      },
    });
    await consumer.start();
    for (let i = 0; i < 100 && written < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await consumer.close();
    await redis.del(own);
    const rows = await handle.db
      .selectFrom('clicks')
      .select('click_id')
      .where('link_id', '=', link.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.click_id)).toEqual(['stream-id-1', null, 'stream-id-2']);
  });

  it('stops at close while it gathers, without waiting out gatherMs', async () => {
    const link = await newLink('prompt');
    let written: () => void = () => {};
    const batch = new Promise<void>((resolve) => (written = resolve));
    const consumer = new StreamClickConsumer(new UnitOfWork(handle.db, new EventBus()), redis, openGeoLookup(), {
      stream,
      group: 'writers',
      gatherMs: 600_000, // far beyond the test's timeout: close must cut the wait short
      onWritten: () => written(),
    });
    await consumer.start();
    await entry(stream, link.id, 1);
    await batch;
    await new Promise((r) => setTimeout(r, 100)); // the consumer is gathering the next batch now
    await consumer.close();
  });

  it('drops an entry it cannot decode, reported once, and writes the good entries of its batch', async () => {
    const link = await newLink('unreadable');
    await entry(badStream, link.id, 2);
    const garbage = await redis.xadd(badStream, '*', 'c', '{"linkId": 1');
    await entry(badStream, link.id, 3);
    const errors: unknown[] = [];
    const unreadable: Array<[string | null, unknown]> = [];
    const batches: number[] = [];
    const consumer = new StreamClickConsumer(new UnitOfWork(handle.db, new EventBus()), redis, openGeoLookup(), {
      stream: badStream,
      group: 'writers',
      // Claimed again every 200 ms if it stayed pending: a batch that failed would be retried here.
      claimIdleMs: 200,
      onError: (error) => errors.push(error),
      onUnreadable: (id, error) => unreadable.push([id, error]),
      onWritten: (counted) => batches.push(counted.length),
    });
    await consumer.start();
    for (let i = 0; i < 100 && batches.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1_000)); // five claim periods
    await consumer.close();

    expect(batches, 'one batch, the good entries of it written').toEqual([5]);
    expect(await clickCount(link.id)).toBe(5);
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]![0]).toBe(garbage);
    expect(unreadable[0]![1]).toBeInstanceOf(SyntaxError);
    expect(errors).toEqual([]);
    const [pending] = (await redis.xpending(badStream, 'writers')) as [number];
    expect(pending, 'every entry acknowledged').toBe(0);
    expect(await redis.xlen(badStream), 'and dropped').toBe(0);
  });
});

describe.skipIf(!postgresUrl || !redisUrl)('the service’s click stream', () => {
  it('logs an entry it dropped as unreadable once, with its id, and counts it in /metrics', async () => {
    const database = await freshMigratedDatabaseUrl('postgres');
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const { logger, lines: logLines } = capturingLogger('warn');
    const config = loadConfig({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      CLICK_CLAIM_IDLE_MS: '200',
      SHORT_URL: 'http://short.test',
      LOG_LEVEL: 'warn',
    });
    const ctx = await createAppContext(config, { logger });
    const redis = new Redis(redisUrl!);
    const dropped = /^hoplink_click_stream_unreadable_entries_total (\d+)$/m;
    try {
      const garbage = await redis.xadd(`${prefix}clicks`, '*', 'c', '[1, 2');
      for (let i = 0; i < 100 && (await ctx.metrics.text()).match(dropped)?.[1] !== '1'; i++)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1_000)); // claim periods in which a pending entry would come back

      expect((await ctx.metrics.text()).match(dropped)?.[1]).toBe('1');
      const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; entryId?: string });
      expect(lines.filter((line) => line.entryId === garbage)).toHaveLength(1);
      expect(lines.find((line) => line.entryId === garbage)).toMatchObject({ level: 50 });
      expect(lines.filter((line) => line.msg.includes('click stream batch failed'))).toEqual([]);
    } finally {
      await ctx.close();
      await redis.del(`${prefix}clicks`);
      redis.disconnect();
      await database.drop();
    }
  }, 15_000);
});
