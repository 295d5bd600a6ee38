import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import type { Database } from '../../src/storage/schema.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

/**
 * A fresh database of `engine` migrated up to `migration` (one before 020), with a user and one
 * link written as that schema has them, for `check` to look at; dropped afterwards.
 */
async function atMigration(
  engine: 'sqlite' | 'postgres',
  migration: string,
  check: (db: Kysely<Database>, migrator: Migrator, ids: { userId: number; linkId: number }) => Promise<void>,
): Promise<void> {
  const fresh = await freshDatabaseUrl(engine);
  const handle = openDatabase(fresh.url);
  const db = handle.db;
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(migration)).error).toBeUndefined();
    const at = new Date().toISOString();
    const { rows: users } = await sql<{ id: number }>`insert into users (email, plan, created_at, updated_at)
      values ('a@example.com', 'business', ${at}, ${at}) returning id`.execute(db);
    const userId = users[0]!.id;
    const { rows: links } = await sql<{ id: number }>`insert into links
      (user_id, short_code, redirect_url, created_at, updated_at)
      values (${userId}, 'kept', 'https://example.com/', ${at}, ${at}) returning id`.execute(db);
    await check(db, migrator, { userId, linkId: links[0]!.id });
  } finally {
    await handle.close();
    await fresh.drop();
  }
}

describe.each(engines)('migrations on %s', (engine) => {
  it('apply every migration in name order on an empty database', async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    try {
      expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort());
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });

  it("recomputes the accounts' daily totals from their links' rollups (012)", async () => {
    await atMigration(engine, '011-link-search-queue', async (db, migrator, { userId, linkId }) => {
      await sql`insert into link_daily_stats (link_id, day, clicks, unique_clicks)
        values (${linkId}, '2026-11-01', 5, 3), (${linkId}, '2026-11-02', 2, 2)`.execute(db);
      // A deleted link's 10 clicks and 4 visitors were left in the account's first day.
      await sql`insert into user_daily_stats (user_id, day, clicks, unique_clicks)
        values (${userId}, '2026-11-01', 15, 7), (${userId}, '2026-11-02', 2, 2)`.execute(db);
      expect((await migrator.migrateTo('012-account-totals')).results?.map((r) => r.migrationName)).toEqual([
        '012-account-totals',
      ]);
      const { rows } = await sql<{ day: string; clicks: number; unique_clicks: number }>`
        select day, clicks, unique_clicks from user_daily_stats where user_id = ${userId} order by day`.execute(db);
      expect(rows.map((row) => [row.day, Number(row.clicks), Number(row.unique_clicks)])).toEqual([
        ['2026-11-01', 5, 3],
        ['2026-11-02', 2, 2],
      ]);
    });
  });
});

describe.runIf(engines.includes('postgres'))('migration 013 on postgres', () => {
  it("drops the raw clicks' and visitors' foreign keys; down restores them, without orphans", async () => {
    await atMigration('postgres', '013-clicks-link-key', async (db, migrator, { linkId }) => {
      const click = (id: number) => sql`insert into clicks (link_id, clicked_at, country, device, browser, os)
        values (${id}, '2026-11-01T00:00:00.000Z', 'FR', 'desktop', 'Chrome', 'Windows')`;
      const visitor = (id: number) => sql`insert into link_daily_visitors (link_id, day, visitor)
        values (${id}, '2026-11-01', 'v')`;
      await click(linkId).execute(db);
      await visitor(linkId).execute(db);
      // No such link: nothing refuses them now.
      await click(linkId + 1000).execute(db);
      await visitor(linkId + 1000).execute(db);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      const clicks = await sql<{ link_id: number }>`select link_id from clicks`.execute(db);
      const visitors = await sql<{ link_id: number }>`select link_id from link_daily_visitors`.execute(db);
      expect([clicks.rows, visitors.rows]).toEqual([[{ link_id: linkId }], [{ link_id: linkId }]]);
      await expect(click(linkId + 1000).execute(db)).rejects.toThrow(/foreign key/);
      await expect(visitor(linkId + 1000).execute(db)).rejects.toThrow(/foreign key/);
    });
  });
});

describe('a SQLite database file', () => {
  it('is created with its folder on first open', async () => {
    const { mkdtempSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-'));
    const path = join(dir, 'nested', 'hoplink.db');
    const handle = openDatabase(`sqlite:${path}`);
    await migrateToLatest(handle.db);
    await handle.close();
    expect(existsSync(path)).toBe(true);
  });
});

// Migration 014: SQLite's visitors lose the key whose cascade read every visitor for each link
// deleted; deleteLink deletes them itself (test/db/clicks.test.ts).
describe('migration 014 on sqlite', () => {
  it('keeps visitors in a table without rowids or a key to the link; down restores the key, no orphans', async () => {
    await atMigration('sqlite', '013-clicks-link-key', async (db, migrator, { linkId }) => {
      const visitor = (id: number, name: string) => sql`insert into link_daily_visitors (link_id, day, visitor)
        values (${id}, '2026-11-01', ${name})`;
      await visitor(linkId, 'before').execute(db);
      expect((await migrator.migrateTo('014-visitors-by-day')).error).toBeUndefined();
      const { rows: table } = await sql<{ sql: string }>`
        select sql from sqlite_master where type = 'table' and name = 'link_daily_visitors'`.execute(db);
      expect(table[0]!.sql).toMatch(/without rowid$/i);
      expect(table[0]!.sql).not.toMatch(/references/i);
      // No such link: nothing refuses it now.
      await visitor(linkId + 1000, 'orphan').execute(db);
      await visitor(linkId, 'after').execute(db);
      await expect(visitor(linkId, 'after').execute(db)).rejects.toThrow(/UNIQUE/);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const { rows } = await sql<{ link_id: number; visitor: string }>`
        select link_id, visitor from link_daily_visitors order by visitor`.execute(db);
      expect(rows).toEqual([
        { link_id: linkId, visitor: 'after' },
        { link_id: linkId, visitor: 'before' },
      ]);
      await expect(visitor(linkId + 1000, 'orphan').execute(db)).rejects.toThrow(/FOREIGN KEY/);
    });
  });
});

// Migration 018: raw clicks get an index in the order they are read, and bots a daily count.
describe.each(engines)('migration 018 on %s', (engine) => {
  it("counts the bot visits already stored per link and day, swaps the clicks' index, and goes back down", async () => {
    await atMigration(engine, '017-sessions-by-expiry', async (db, migrator, { linkId }) => {
      const click = (
        at: string,
        bot: number,
      ) => sql`insert into clicks (link_id, clicked_at, country, device, browser, os, is_bot)
        values (${linkId}, ${at}, 'FR', 'desktop', 'chrome', 'windows', ${bot})`;
      for (const [at, bot] of [
        ['2026-11-01T08:00:00.000Z', 1],
        ['2026-11-01T23:59:59.999Z', 1],
        ['2026-11-01T12:00:00.000Z', 0],
        ['2026-11-02T00:00:00.000Z', 1],
      ] as const)
        await click(at, bot).execute(db);
      expect((await migrator.migrateTo('018-raw-clicks-order')).error).toBeUndefined();
      const { rows } = await sql<{ link_id: number; day: string; bots: number }>`
        select link_id, day, bots from link_daily_bots order by day`.execute(db);
      expect(rows.map((row) => [row.link_id, row.day, Number(row.bots)])).toEqual([
        [linkId, '2026-11-01', 2],
        [linkId, '2026-11-02', 1],
      ]);
      // The raw rows stay until the retention takes them.
      expect(Number((await sql<{ n: number }>`select count(*) as n from clicks`.execute(db)).rows[0]!.n)).toBe(4);
      const indexes = async () =>
        (engine === 'sqlite'
          ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'clicks'
              and name not like 'sqlite_%' order by name`.execute(db)
          : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'clicks'
              and indexname <> 'clicks_pkey' order by indexname`.execute(db)
        ).rows.map((row) => row.name);
      expect(await indexes()).toEqual(['clicks_link_order']);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await indexes()).toEqual(['clicks_link_time']);
      await expect(sql`select 1 from link_daily_bots`.execute(db)).rejects.toThrow(/link_daily_bots/);
    });
  });
});
