import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickEvent } from '../../src/core/clicks.ts';
import { ThreadedStreamConsumer } from '../../src/clicks/threaded-stream-consumer.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertUser } from '../../src/storage/users.kysely.ts';
import { visitFacts } from '../helpers/clicks.ts';
import { freshDatabaseUrl, postgresUrl } from '../helpers/database.ts';

// Needs real PostgreSQL and Redis servers (CI sets both); without them, skipped.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!postgresUrl || !redisUrl)('the click stream consumer on its own thread', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let redis: Redis;
  const prefix = `test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    database = await freshDatabaseUrl('postgres');
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await redis.del(`${prefix}clicks`);
    redis.disconnect();
    await handle.close();
    await database.drop();
  });

  it('writes what the stream holds, tells the main thread (capped per link), and stops on close', async () => {
    const { id: userId } = await insertUser(handle.db, { email: 'thread@example.com', plan: 'business' });
    const link = (shortCode: string) =>
      insertLink(handle.db, {
        userId,
        shortCode,
        redirectUrl: 'https://example.com/',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      });
    const [busy, quiet] = [await link('busy'), await link('quiet')];
    // One entry as the sink writes them (a turn's visits), one as instances before batching did.
    const visits = [busy.id, busy.id, busy.id, quiet.id].map((id) => visitFacts(id, { at: Date.now() }));
    await redis.xadd(`${prefix}clicks`, '*', 'b', JSON.stringify(visits.slice(0, 3)));
    await redis.xadd(`${prefix}clicks`, '*', 'v', JSON.stringify(visits[3]));

    const told: ClickEvent[] = [];
    const errors: string[] = [];
    const consumer = new ThreadedStreamConsumer({
      databaseUrl: database.url,
      preparedStatements: true,
      redisUrl: redisUrl!,
      stream: `${prefix}clicks`,
      group: `${prefix}click-writers`,
      claimIdleMs: 30_000,
      maxCountedPerLink: 2,
      onWritten: (counted) => told.push(...counted),
      onError: (context, message) => errors.push(`${context}: ${message}`),
    });
    await consumer.start();
    const counts = async () =>
      (await handle.db.selectFrom('links').select(['short_code', 'click_count']).orderBy('id').execute()).map((row) =>
        Number(row.click_count),
      );
    for (let i = 0; i < 100 && (await counts()).join() !== '3,1'; i++) await new Promise((r) => setTimeout(r, 50));
    await consumer.close();

    expect(await counts()).toEqual([3, 1]);
    expect(told.filter((click) => click.linkId === busy.id)).toHaveLength(2);
    expect(told.filter((click) => click.linkId === quiet.id)).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(await redis.xlen(`${prefix}clicks`), 'acknowledged and dropped after the commit').toBe(0);
  });
});
