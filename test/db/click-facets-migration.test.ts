import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// Migration 025: the facets of filtered statistics, backfilled from the raw clicks kept.
describe.each(engines)('link_daily_facets on %s', (engine) => {
  it('is backfilled from the human raw clicks, grouped by day and every breakdown value', async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    const { db } = handle;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('023-tags')).error).toBeUndefined();
      const account = await insertAccount(db, { email: 'facets@example.com', plan: 'business' });
      const at = new Date().toISOString();
      const { rows } = await sql<{ id: number }>`insert into links
        (workspace_id, short_code, redirect_url, created_at, updated_at)
        values (${account.workspaceId}, 'kept', 'https://example.com/', ${at}, ${at}) returning id`.execute(db);
      const linkId = rows[0]!.id;
      const click = (clickedAt: string, country: string, extra: { bot?: number; referrer?: string; utm?: string }) =>
        sql`insert into clicks (link_id, clicked_at, country, device, browser, os, is_bot, referrer_host,
          utm_source) values (${linkId}, ${clickedAt}, ${country}, 'mobile', 'safari', 'ios', ${extra.bot ?? 0},
          ${extra.referrer ?? null}, ${extra.utm ?? null})`.execute(db);
      await click('2026-11-01T08:00:00.000Z', 'DE', {});
      await click('2026-11-01T09:00:00.000Z', 'DE', {});
      await click('2026-11-01T10:00:00.000Z', 'DE', { referrer: 'google.com', utm: 'news' });
      await click('2026-11-02T10:00:00.000Z', 'US', {});
      await click('2026-11-02T11:00:00.000Z', 'US', { bot: 1 });

      expect((await migrator.migrateTo('025-click-facets')).error).toBeUndefined();
      const { rows: facets } = await sql<{
        day: string;
        country: string;
        referrer: string;
        utm_source: string;
        n: number;
      }>`
        select day, country, referrer, utm_source, clicks as n from link_daily_facets
        order by day, referrer`.execute(db);
      expect(facets.map((f) => [f.day, f.country, f.referrer, f.utm_source, Number(f.n)])).toEqual([
        ['2026-11-01', 'DE', 'direct', '', 2],
        ['2026-11-01', 'DE', 'google.com', 'news', 1],
        ['2026-11-02', 'US', 'direct', '', 1],
      ]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      await expect(sql`select 1 from link_daily_facets`.execute(db)).rejects.toThrow(/link_daily_facets/);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
