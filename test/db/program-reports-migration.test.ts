import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// Migration 030: clicks and conversions per affiliate program and tracking id, filled from the
// links' daily clicks and the conversions already recorded.
describe.each(engines)('program reports on %s', (engine) => {
  it("fills each program link's clicks and each attributed conversion's program", async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    const { db } = handle;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('029-link-counts')).error).toBeUndefined();
      const mine = await insertAccount(db, { email: 'mine@example.com', plan: 'business' });
      const at = new Date().toISOString();
      const link = async (code: string, url: string, trackingId: string | null = null) => {
        const { rows } = await sql<{ id: number }>`insert into links
          (workspace_id, short_code, redirect_url, tracking_id, created_at, updated_at)
          values (${mine.workspaceId}, ${code}, ${url}, ${trackingId}, ${at}, ${at}) returning id`.execute(db);
        return Number(rows[0]!.id);
      };
      const clicked = (linkId: number, day: string, clicks: number) =>
        sql`insert into link_daily_stats (link_id, day, clicks, unique_clicks)
          values (${linkId}, ${day}, ${clicks}, 0)`.execute(db);
      const sale = (linkId: number | null, order: string, status: string) =>
        sql`insert into conversions (workspace_id, link_id, order_id, amount_minor, commission_minor, currency,
            status, source, occurred_at, created_at, updated_at)
          values (${mine.workspaceId}, ${linkId}, ${order}, 2000, 80, 'USD', ${status}, 'api',
            '2026-11-02T10:00:00.000Z', ${at}, ${at})`.execute(db);
      const plain = await link('a', 'https://www.amazon.com/dp/B1');
      const youtube = await link('b', 'https://smile.amazon.com/dp/B2', 'mysite-yt-20');
      const elsewhere = await link('c', 'https://shop.example/');
      await clicked(plain, '2026-11-01', 3);
      await clicked(plain, '2026-11-02', 1);
      await clicked(youtube, '2026-11-02', 2);
      await clicked(elsewhere, '2026-11-02', 9);
      await sale(plain, 'o-1', 'approved');
      await sale(youtube, 'o-2', 'pending');
      await sale(youtube, 'o-3', 'reversed');
      await sale(elsewhere, 'o-4', 'approved');
      await sale(null, 'o-5', 'approved');

      expect((await migrator.migrateTo('030-program-reports')).error).toBeUndefined();
      const { rows: clicks } = await sql<{ day: string; value: string; clicks: number }>`
        select day, value, clicks from workspace_daily_dimension_stats
        where dimension = 'program' order by day, value`.execute(db);
      expect(clicks.map((r) => [r.day, r.value, Number(r.clicks)])).toEqual([
        ['2026-11-01', '1', 3],
        ['2026-11-02', '1', 1],
        ['2026-11-02', '1 mysite-yt-20', 2],
      ]);
      const { rows: money } = await sql<{
        program_id: number;
        tracking_id: string;
        conversions: number;
        revenue_minor: number | string;
        earnings_minor: number | string;
      }>`
        select program_id, tracking_id, conversions, revenue_minor, earnings_minor from workspace_daily_conversions
        order by program_id, tracking_id`.execute(db);
      expect(
        money.map((r) => ({ ...r, revenue_minor: Number(r.revenue_minor), earnings_minor: Number(r.earnings_minor) })),
      ).toEqual([
        { program_id: 0, tracking_id: '', conversions: 1, revenue_minor: 2000, earnings_minor: 80 },
        { program_id: 1, tracking_id: '', conversions: 1, revenue_minor: 2000, earnings_minor: 80 },
        { program_id: 1, tracking_id: 'mysite-yt-20', conversions: 1, revenue_minor: 2000, earnings_minor: 80 },
      ]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      await expect(sql`select 1 from workspace_daily_conversions`.execute(db)).rejects.toThrow(/workspace_daily/);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
