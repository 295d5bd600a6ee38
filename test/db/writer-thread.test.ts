import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStreamClickSink } from '../../src/clicks/click-stream.ts';
import { packVisits } from '../../src/clicks/visit-batch.ts';
import { ClickWriterThread, startClickWriterWorker } from '../../src/clicks/writer-thread.ts';
import type { ClickEvent } from '../../src/core/clicks.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { deleteLink, findLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import {
  CLICK_WRITER_CACHE_KIB,
  openClickWriterConnection,
  openSqliteConnection,
} from '../../src/storage/sqlite-connection.ts';
import { breakdown } from '../../src/storage/stats.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { visitFacts } from '../helpers/clicks.ts';
import { freshDatabaseUrl, insertPlainLink, postgresUrl } from '../helpers/database.ts';

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('the click writer thread, batches mode (SQLite files)', () => {
  let dir: string;
  let url: string;
  let handle: DatabaseHandle;
  let linkId: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoplink-writer-'));
    url = `sqlite:${join(dir, 'hoplink.db')}`;
    handle = openDatabase(url);
    await migrateToLatest(handle.db);
    const user = await insertAccount(handle.db, { email: 'writer@example.com', plan: 'business' });
    linkId = (await insertPlainLink(handle.db, user.workspaceId, 'threaded')).id;
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checkpoints the WAL every second for every connection, which checkpoint only past 10,000 pages', async () => {
    const file = join(dir, 'checkpoints.db');
    const own = openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(own.db); // all of it in the WAL: nothing has checkpointed it yet
      const before = statSync(file).size;
      const writer = new ClickWriterThread({ mode: 'batches', databaseUrl: `sqlite:${file}` });
      await writer.start();
      try {
        await expect.poll(() => statSync(file).size, { timeout: 3_000 }).toBeGreaterThan(before);
      } finally {
        await writer.close();
      }
    } finally {
      await own.close();
    }
  });

  it("keeps a smaller page cache on its own connection than the request thread's, with no foreign-key lookups", () => {
    const path = join(dir, 'hoplink.db');
    const writers = openClickWriterConnection(path);
    const requests = openSqliteConnection(path);
    try {
      expect(writers.pragma('cache_size', { simple: true })).toBe(-CLICK_WRITER_CACHE_KIB);
      expect(requests.pragma('cache_size', { simple: true })).toBe(-16_000); // better-sqlite3's build
      expect(writers.pragma('foreign_keys', { simple: true })).toBe(0);
    } finally {
      writers.close();
      requests.close();
    }
  });

  it('enriches and writes a batch on its own connection, answering with the counted clicks', async () => {
    const writer = new ClickWriterThread({ mode: 'batches', databaseUrl: url });
    const counted = await writer.write(
      packVisits([visitFacts(linkId), visitFacts(linkId, { userAgent: BOT }), visitFacts(linkId)]),
    );
    await writer.close();

    expect(counted).toHaveLength(2);
    expect(counted[0]).toMatchObject({
      linkId,
      country: 'GB',
      device: 'desktop',
      browser: 'chrome',
      os: 'windows',
      referrerHost: 'news.example',
      bot: false,
    });
    // Seen through the main connection: committed, the bot a raw row flagged as one and in its
    // day's count, but not counted as a click.
    expect((await findLink(handle.db, linkId))!.clickCount).toBe(2);
    expect(
      await handle.db.selectFrom('clicks').select('is_bot').where('link_id', '=', linkId).orderBy('id').execute(),
    ).toEqual([{ is_bot: 0 }, { is_bot: 1 }, { is_bot: 0 }]);
    expect(
      await handle.db.selectFrom('link_daily_bots').select(['day', 'bots']).where('link_id', '=', linkId).execute(),
    ).toEqual([{ day: '2026-05-10', bots: 1 }]);
    expect(await breakdown(handle.db, linkId, 'country')).toEqual([{ value: 'GB', clicks: 2 }]);
  });

  it('answers with no more counted clicks of a link than link.clicked has room for, and writes them all', async () => {
    const before = (await findLink(handle.db, linkId))!.clickCount;
    const writer = new ClickWriterThread({ mode: 'batches', databaseUrl: url });
    const counted = await writer.write(
      packVisits([visitFacts(linkId, { ip: '8.8.8.8' }), visitFacts(linkId), visitFacts(linkId), visitFacts(linkId)]),
      new Map([[linkId, 1]]),
    );
    await writer.close();
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ linkId, country: 'US' });
    expect((await findLink(handle.db, linkId))!.clickCount).toBe(before + 4);
  });

  it('stores no click of a link that no longer exists (its connection skips the foreign-key lookup)', async () => {
    const user = await insertAccount(handle.db, { email: 'gone@example.com', plan: 'business' });
    const gone = (await insertPlainLink(handle.db, user.workspaceId, 'gone')).id;
    await deleteLink(handle.db, gone);
    const writer = new ClickWriterThread({ mode: 'batches', databaseUrl: url });
    await writer.write(packVisits([visitFacts(gone), visitFacts(linkId, { ip: '8.8.8.8' }), visitFacts(gone)]));
    await writer.close();
    expect(await handle.db.selectFrom('clicks').select('id').where('link_id', '=', gone).execute()).toEqual([]);
    expect(
      await handle.db
        .selectFrom('clicks')
        .select('country')
        .where('link_id', '=', linkId)
        .where('country', '=', 'US')
        .execute(),
    ).not.toEqual([]);
  });

  it('rejects a batch that could not be written, and writes the same batch on the next try', async () => {
    const unmigrated = `sqlite:${join(dir, 'empty.db')}`;
    const writer = new ClickWriterThread({ mode: 'batches', databaseUrl: unmigrated });
    // The first link of the database made below gets id 1.
    const batch = packVisits([visitFacts(1)]);
    await expect(writer.write(batch)).rejects.toThrow(/no such table/);
    const fresh = openDatabase(unmigrated);
    await migrateToLatest(fresh.db);
    const user = await insertAccount(fresh.db, { email: 'later@example.com', plan: 'pro' });
    const id = (await insertPlainLink(fresh.db, user.workspaceId, 'later')).id;
    expect(id).toBe(1);
    // The buffer keeps a failed batch and sends it again: it was copied to the thread, not moved.
    await expect(writer.write(batch)).resolves.toHaveLength(1);
    await writer.close();
    expect((await findLink(fresh.db, id))!.clickCount).toBe(1);
    await fresh.close();
  });

  it('fails the batches of a thread that dies, and starts a new thread for the next write', async () => {
    let started = 0;
    const task = { mode: 'batches', databaseUrl: url } as const;
    const writer = new ClickWriterThread(task, {
      startWorker: () => {
        started += 1;
        // The first thread dies on its first batch; the next ones are real.
        if (started === 1)
          return new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(3))", {
            eval: true,
          });
        return startClickWriterWorker(task);
      },
    });
    const before = (await findLink(handle.db, linkId))!.clickCount;
    await expect(writer.write(packVisits([visitFacts(linkId)]))).rejects.toThrow(/exited \(code 3\)/);
    await expect(writer.write(packVisits([visitFacts(linkId)]))).resolves.toHaveLength(1);
    await writer.close();
    expect(started).toBe(2);
    expect((await findLink(handle.db, linkId))!.clickCount).toBe(before + 1);
  });
});

// Needs real PostgreSQL and Redis servers (CI sets both); without them, skipped.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!postgresUrl || !redisUrl)('the click writer thread, stream mode (PostgreSQL + Redis)', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let redis: Redis;
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const streamTask = (stream: string) =>
    ({
      mode: 'stream',
      databaseUrl: database.url,
      preparedStatements: true,
      redisUrl: redisUrl!,
      stream,
      group: `${prefix}click-writers`,
      claimIdleMs: 30_000,
      maxCountedPerLink: 2,
    }) as const;

  beforeAll(async () => {
    database = await freshDatabaseUrl('postgres');
    handle = openDatabase(database.url);
    await migrateToLatest(handle.db);
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await redis.del(`${prefix}clicks`, `${prefix}mixed`);
    redis.disconnect();
    await handle.close();
    await database.drop();
  });

  it('writes what the stream holds, tells the main thread (capped per link), and stops on close', async () => {
    const { workspaceId: userId } = await insertAccount(handle.db, { email: 'thread@example.com', plan: 'business' });
    const link = (shortCode: string) => insertPlainLink(handle.db, userId, shortCode);
    const [busy, quiet] = [await link('busy'), await link('quiet')];
    // Two entries, as two event-loop turns of an instance append them.
    const sink = new RedisStreamClickSink(redis, `${prefix}clicks`);
    for (const id of [busy.id, busy.id, busy.id]) sink.record(visitFacts(id, { at: Date.now() }));
    await sink.flush();
    sink.record(visitFacts(quiet.id, { at: Date.now() }));
    await sink.close();

    const told: ClickEvent[] = [];
    const errors: string[] = [];
    const thread = new ClickWriterThread(streamTask(`${prefix}clicks`), {
      onWritten: (counted) => told.push(...counted),
      onError: (context, message) => errors.push(`${context}: ${message}`),
    });
    await thread.start();
    const counts = async () =>
      (await handle.db.selectFrom('links').select(['short_code', 'click_count']).orderBy('id').execute()).map((row) =>
        Number(row.click_count),
      );
    for (let i = 0; i < 100 && (await counts()).join() !== '3,1'; i++) await new Promise((r) => setTimeout(r, 50));
    await thread.close();

    expect(await counts()).toEqual([3, 1]);
    expect(told.filter((click) => click.linkId === busy.id)).toHaveLength(2);
    expect(told.filter((click) => click.linkId === quiet.id)).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(await redis.xlen(`${prefix}clicks`), 'acknowledged and dropped after the commit').toBe(0);
  });

  it('tells the main thread of an entry it dropped as unreadable, by id, and writes the rest', async () => {
    const { workspaceId: userId } = await insertAccount(handle.db, { email: 'mixed@example.com', plan: 'business' });
    const link = await insertPlainLink(handle.db, userId, 'mixed');
    const stream = `${prefix}mixed`;
    const garbage = await redis.xadd(stream, '*', 'c', 'not a batch');
    const sink = new RedisStreamClickSink(redis, stream);
    for (const id of [link.id, link.id]) sink.record(visitFacts(id, { at: Date.now() }));
    await sink.close();

    const dropped: string[] = [];
    const errors: string[] = [];
    const thread = new ClickWriterThread(streamTask(stream), {
      onUnreadableEntry: (entryId, message) => dropped.push(`${entryId}: ${message}`),
      onError: (context, message) => errors.push(`${context}: ${message}`),
    });
    await thread.start();
    for (let i = 0; i < 100 && dropped.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await thread.close();

    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatch(new RegExp(`^${garbage}: .*JSON`));
    expect(errors).toEqual([]);
    expect((await findLink(handle.db, link.id))!.clickCount).toBe(2);
    expect(await redis.xlen(stream), 'acknowledged and dropped').toBe(0);
  });
});
