import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { listLinks } from '../../src/storage/links.kysely.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import type { Database } from '../../src/storage/schema.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// Migration 029: each workspace's link count, kept by triggers, is the unfiltered list's total.
describe.each(engines)('workspace_link_counts on %s', (engine) => {
  it('is counted when added, then kept through multi-row inserts, deletes and the list', async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    const db = handle.db as Kysely<Database>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('028-account-breakdowns')).error).toBeUndefined();
      const mine = await insertAccount(db, { email: 'mine@example.com', plan: 'business' });
      const theirs = await insertAccount(db, { email: 'theirs@example.com', plan: 'business' });
      const at = new Date().toISOString();
      // One statement for all of them, whichever workspaces they belong to.
      const add = (links: Array<[workspaceId: number, code: string]>) =>
        db
          .insertInto('links')
          .values(
            links.map(([workspaceId, code]) => ({
              workspace_id: workspaceId,
              short_code: code,
              redirect_url: `https://example.com/${code}`,
              type: 'simple',
              is_active: 1,
              click_count: 0,
              conditions: '[]',
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      await add([
        [mine.workspaceId, 'a'],
        [mine.workspaceId, 'b'],
        [mine.workspaceId, 'c'],
        [theirs.workspaceId, 'd'],
      ]);

      expect((await migrator.migrateTo('029-link-counts')).error).toBeUndefined();
      const counts = async () => {
        const { rows } = await sql<{ links: number }>`
          select coalesce(sum(links), 0) as links from workspaces
          left join workspace_link_counts on workspace_link_counts.workspace_id = workspaces.id
          group by workspaces.id order by workspaces.id`.execute(db);
        return rows.map((row) => Number(row.links));
      };
      expect(await counts()).toEqual([3, 1]);

      // One statement adding links to two workspaces, then deletes: one and several at once.
      await add([
        [theirs.workspaceId, 'e'],
        [mine.workspaceId, 'f'],
        [mine.workspaceId, 'g'],
      ]);
      expect(await counts()).toEqual([5, 2]);
      await db.deleteFrom('links').where('short_code', 'in', ['a', 'b', 'd']).execute();
      expect(await counts()).toEqual([3, 1]);

      const list = await listLinks(db, {
        workspaceId: mine.workspaceId,
        sort: 'created_at',
        direction: 'desc',
        page: 1,
        perPage: 2,
      });
      expect(list.total).toBe(3);
      expect(list.links).toHaveLength(2);
      const searched = await listLinks(db, {
        workspaceId: mine.workspaceId,
        sort: 'created_at',
        direction: 'desc',
        search: 'com/c',
        page: 1,
        perPage: 2,
      });
      expect(searched.total).toBe(1);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      await add([[mine.workspaceId, 'h']]);
      await expect(sql`select 1 from workspace_link_counts`.execute(db)).rejects.toThrow(/workspace_link_counts/);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
