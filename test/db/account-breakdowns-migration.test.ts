import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// Migration 028: the account's breakdowns per day, filled from its links' own daily breakdowns.
describe.each(engines)('workspace_daily_dimension_stats on %s', (engine) => {
  it("is filled with the sum of each workspace's links, per day and value", async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    const { db } = handle;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('027-conversions')).error).toBeUndefined();
      const mine = await insertAccount(db, { email: 'mine@example.com', plan: 'business' });
      const theirs = await insertAccount(db, { email: 'theirs@example.com', plan: 'business' });
      const at = new Date().toISOString();
      const link = async (workspaceId: number, code: string) => {
        const { rows } = await sql<{ id: number }>`insert into links
          (workspace_id, short_code, redirect_url, created_at, updated_at)
          values (${workspaceId}, ${code}, 'https://example.com/', ${at}, ${at}) returning id`.execute(db);
        return rows[0]!.id;
      };
      const counted = async (linkId: number, day: string, value: string, clicks: number) =>
        sql`insert into link_daily_dimension_stats (link_id, day, dimension, value, clicks)
          values (${linkId}, ${day}, 'country', ${value}, ${clicks})`.execute(db);
      const [a, b, c] = [
        await link(mine.workspaceId, 'a'),
        await link(mine.workspaceId, 'b'),
        await link(theirs.workspaceId, 'c'),
      ];
      await counted(a, '2026-11-01', 'DE', 2);
      await counted(b, '2026-11-01', 'DE', 3);
      await counted(b, '2026-11-02', 'US', 1);
      await counted(c, '2026-11-01', 'DE', 7);

      expect((await migrator.migrateTo('028-account-breakdowns')).error).toBeUndefined();
      const { rows } = await sql<{ workspace_id: number; day: string; value: string; clicks: number }>`
        select workspace_id, day, value, clicks from workspace_daily_dimension_stats
        order by workspace_id, day`.execute(db);
      expect(rows.map((r) => [Number(r.workspace_id), r.day, r.value, Number(r.clicks)])).toEqual([
        [mine.workspaceId, '2026-11-01', 'DE', 5],
        [mine.workspaceId, '2026-11-02', 'US', 1],
        [theirs.workspaceId, '2026-11-01', 'DE', 7],
      ]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      await expect(sql`select 1 from workspace_daily_dimension_stats`.execute(db)).rejects.toThrow(/workspace_daily/);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
