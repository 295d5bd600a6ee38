import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGeoLookup } from '../../src/clicks/geo.ts';
import { StreamClickConsumer } from '../../src/redis/stream-consumer.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertUser } from '../../src/storage/users.kysely.ts';
import { visitFacts } from '../helpers/clicks.ts';
import { freshDatabaseUrl, postgresUrl } from '../helpers/database.ts';

// Needs real PostgreSQL and Redis servers (CI sets both); without them, skipped.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!postgresUrl || !redisUrl)('the click stream consumer gathering its batches', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let redis: Redis;
  const stream = `test-${randomBytes(4).toString('hex')}:clicks`;

  beforeAll(async () => {
    database = await freshDatabaseUrl('postgres');
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    redis = new Redis(redisUrl!);
  });
  /** A link of its own user, so each test counts only its own clicks. */
  const newLink = async (code: string) => {
    const { id: userId } = await insertUser(handle.db, { email: `${code}@example.com`, plan: 'business' });
    return insertLink(handle.db, {
      userId,
      shortCode: code,
      redirectUrl: 'https://example.com/',
      isActive: true,
      categoryId: null,
      domainId: null,
      conditions: [],
    });
  };
  afterAll(async () => {
    await redis.del(stream);
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
    const entry = (visits: number) =>
      redis.xadd(stream, '*', 'b', JSON.stringify(Array.from({ length: visits }, () => visitFacts(link.id))));
    await consumer.start();

    await entry(1);
    await first;
    // Three entries, as three event-loop turns of an instance write them, while the consumer gathers.
    await entry(2);
    await entry(3);
    await entry(4);
    for (let i = 0; i < 100 && batches.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    await consumer.close();

    expect(batches).toEqual([1, 9]);
    const row = await handle.db.selectFrom('links').select('click_count').where('id', '=', link.id).executeTakeFirst();
    expect(Number(row?.click_count)).toBe(10);
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
    await redis.xadd(stream, '*', 'b', JSON.stringify([visitFacts(link.id)]));
    await batch;
    await new Promise((r) => setTimeout(r, 100)); // the consumer is gathering the next batch now
    await consumer.close();
  });
});
