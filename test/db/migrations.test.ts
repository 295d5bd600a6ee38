import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { insertUser } from '../../src/storage/users.kysely.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

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
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    const db = handle.db;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('011-link-search-queue')).error).toBeUndefined();
      // 012 changes no table, so today's stores write the schema as 011 left it.
      const user = await insertUser(db, { email: 'a@example.com', plan: 'business' });
      const link = await insertLink(db, {
        userId: user.id,
        shortCode: 'kept',
        redirectUrl: 'https://example.com/',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      });
      await sql`insert into link_daily_stats (link_id, day, clicks, unique_clicks)
        values (${link.id}, '2026-11-01', 5, 3), (${link.id}, '2026-11-02', 2, 2)`.execute(db);
      // A deleted link's 10 clicks and 4 visitors were left in the account's first day.
      await sql`insert into user_daily_stats (user_id, day, clicks, unique_clicks)
        values (${user.id}, '2026-11-01', 15, 7), (${user.id}, '2026-11-02', 2, 2)`.execute(db);
      expect((await migrator.migrateTo('012-account-totals')).results?.map((r) => r.migrationName)).toEqual([
        '012-account-totals',
      ]);
      const { rows } = await sql<{ day: string; clicks: number; unique_clicks: number }>`
        select day, clicks, unique_clicks from user_daily_stats where user_id = ${user.id} order by day`.execute(db);
      expect(rows.map((row) => [row.day, Number(row.clicks), Number(row.unique_clicks)])).toEqual([
        ['2026-11-01', 5, 3],
        ['2026-11-02', 2, 2],
      ]);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});

describe.runIf(engines.includes('postgres'))('migration 013 on postgres', () => {
  it("drops the raw clicks' and visitors' foreign keys; down restores them without the orphans they would refuse", async () => {
    const fresh = await freshDatabaseUrl('postgres');
    const handle = openDatabase(fresh.url);
    const db = handle.db;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('013-clicks-link-key')).error).toBeUndefined();
      const user = await insertUser(db, { email: 'a@example.com', plan: 'business' });
      const link = await insertLink(db, {
        userId: user.id,
        shortCode: 'kept',
        redirectUrl: 'https://example.com/',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      });
      const click = (linkId: number) => sql`insert into clicks (link_id, clicked_at, country, device, browser, os)
        values (${linkId}, '2026-11-01T00:00:00.000Z', 'FR', 'desktop', 'Chrome', 'Windows')`;
      const visitor = (linkId: number) => sql`insert into link_daily_visitors (link_id, day, visitor)
        values (${linkId}, '2026-11-01', 'v')`;
      await click(link.id).execute(db);
      await visitor(link.id).execute(db);
      // No such link: nothing refuses them now.
      await click(link.id + 1000).execute(db);
      await visitor(link.id + 1000).execute(db);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      const clicks = await sql<{ link_id: number }>`select link_id from clicks`.execute(db);
      const visitors = await sql<{ link_id: number }>`select link_id from link_daily_visitors`.execute(db);
      expect([clicks.rows, visitors.rows]).toEqual([[{ link_id: link.id }], [{ link_id: link.id }]]);
      await expect(click(link.id + 1000).execute(db)).rejects.toThrow(/foreign key/);
      await expect(visitor(link.id + 1000).execute(db)).rejects.toThrow(/foreign key/);
    } finally {
      await handle.close();
      await fresh.drop();
    }
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
