import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packVisits } from '../../src/clicks/packed-visits.ts';
import { ThreadClickWriter } from '../../src/clicks/thread-writer.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { deleteLink, findLink, insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import {
  CLICK_WRITER_CACHE_KIB,
  openClickWriterConnection,
  openSqliteConnection,
} from '../../src/storage/sqlite-connection.ts';
import { breakdown } from '../../src/storage/stats.kysely.ts';
import { insertUser } from '../../src/storage/users.kysely.ts';
import { visitFacts } from '../helpers/clicks.ts';

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('the click writer thread (SQLite files)', () => {
  let dir: string;
  let url: string;
  let handle: DatabaseHandle;
  let linkId: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoplink-writer-'));
    url = `sqlite:${join(dir, 'hoplink.db')}`;
    handle = openDatabase(url);
    await migrateToLatest(handle.db);
    const user = await insertUser(handle.db, { email: 'writer@example.com', plan: 'business' });
    linkId = (
      await insertLink(handle.db, {
        userId: user.id,
        shortCode: 'threaded',
        redirectUrl: 'https://example.com',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      })
    ).id;
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
      const writer = new ThreadClickWriter(`sqlite:${file}`);
      writer.start();
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
    const writer = new ThreadClickWriter(url);
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

  it('answers with no more counted clicks of a link than the webhook publisher has room for, and writes them all', async () => {
    const before = (await findLink(handle.db, linkId))!.clickCount;
    const writer = new ThreadClickWriter(url);
    const counted = await writer.write(
      packVisits([visitFacts(linkId, { ip: '8.8.8.8' }), visitFacts(linkId), visitFacts(linkId), visitFacts(linkId)]),
      new Map([[linkId, 1]]),
    );
    await writer.close();
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ linkId, country: 'US' });
    expect((await findLink(handle.db, linkId))!.clickCount).toBe(before + 4);
  });

  it('stores no click of a link that no longer exists (its connection skips the per-row foreign-key lookup)', async () => {
    const user = await insertUser(handle.db, { email: 'gone@example.com', plan: 'business' });
    const gone = (
      await insertLink(handle.db, {
        userId: user.id,
        shortCode: 'gone',
        redirectUrl: 'https://example.com',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      })
    ).id;
    await deleteLink(handle.db, gone);
    const writer = new ThreadClickWriter(url);
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
    const writer = new ThreadClickWriter(unmigrated);
    // The first link of the database made below gets id 1.
    const batch = packVisits([visitFacts(1)]);
    await expect(writer.write(batch)).rejects.toThrow(/no such table/);
    const fresh = openDatabase(unmigrated);
    await migrateToLatest(fresh.db);
    const user = await insertUser(fresh.db, { email: 'later@example.com', plan: 'pro' });
    const id = (
      await insertLink(fresh.db, {
        userId: user.id,
        shortCode: 'later',
        redirectUrl: 'https://example.com',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      })
    ).id;
    expect(id).toBe(1);
    // The buffer keeps a failed batch and sends it again: it was copied to the thread, not moved.
    await expect(writer.write(batch)).resolves.toHaveLength(1);
    await writer.close();
    expect((await findLink(fresh.db, id))!.clickCount).toBe(1);
    await fresh.close();
  });

  it('fails the batches of a thread that dies, and starts a new thread for the next write', async () => {
    let started = 0;
    const writer = new ThreadClickWriter(url, () => {
      started += 1;
      // The first thread dies on its first batch; the next ones are real.
      if (started === 1)
        return new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(3))", {
          eval: true,
        });
      return new Worker(new URL('../../src/clicks/writer-thread.ts', import.meta.url), {
        workerData: { databaseUrl: url },
      });
    });
    const before = (await findLink(handle.db, linkId))!.clickCount;
    await expect(writer.write(packVisits([visitFacts(linkId)]))).rejects.toThrow(/exited \(code 3\)/);
    await expect(writer.write(packVisits([visitFacts(linkId)]))).resolves.toHaveLength(1);
    await writer.close();
    expect(started).toBe(2);
    expect((await findLink(handle.db, linkId))!.clickCount).toBe(before + 1);
  });
});
