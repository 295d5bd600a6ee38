import { CompiledQuery, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { analyzeLinksAfterGrowth, listLinks, type LinkListQuery } from '../../src/storage/links.kysely.ts';
import type { Database } from '../../src/storage/schema.ts';
import { insertAccount } from '../helpers/accounts.ts';
import {
  explainPlan,
  freshMigratedDatabaseUrl,
  postgresUrl,
  statementsOf,
  useMigratedDatabase,
} from '../helpers/database.ts';

const LINKS = 20_000;
const CHUNK = 1_000;

/** The statements listLinks runs for `query`. */
const statementsOfList = (db: Kysely<Database>, query: LinkListQuery) =>
  statementsOf(db, (captured) => listLinks(captured, query));

/** The plans PostgreSQL picks for each statement listLinks runs. */
async function plansOf(db: Kysely<Database>, query: LinkListQuery): Promise<string[]> {
  const plans: string[] = [];
  for (const statement of await statementsOfList(db, query)) {
    const explained = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
    );
    plans.push(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return plans;
}

/**
 * `count` links in chunks of 1,000, each followed by what an import does after a chunk; one in
 * twenty has "needle" in its destination.
 */
async function importLinks(db: Kysely<Database>, workspaceId: number, prefix: string, count: number) {
  const at = new Date().toISOString();
  for (let start = 0; start < count; start += CHUNK) {
    await db
      .insertInto('links')
      .values(
        Array.from({ length: CHUNK }, (_, j) => ({
          workspace_id: workspaceId,
          short_code: `${prefix}${start + j}`,
          redirect_url: `https://example.com/${(start + j) % 20 === 0 ? 'needle/' : ''}${start + j}`,
          click_count: ((start + j) * 7919) % 10_007,
          type: 'simple',
          is_active: 1,
          conditions: '[]',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await analyzeLinksAfterGrowth(db, CHUNK);
  }
}

/**
 * A test on a fresh, migrated PostgreSQL database, dropped after it. Each imports thousands of
 * links: 20 s, for a machine under other load.
 */
function itOnFreshPostgres(name: string, run: (db: Kysely<Database>) => Promise<void>): void {
  it(
    name,
    async () => {
      const fresh = await freshMigratedDatabaseUrl('postgres');
      const handle = openDatabase(fresh.url);
      try {
        await run(handle.db);
      } finally {
        await handle.close();
        await fresh.drop();
      }
    },
    20_000,
  );
}

// Right after an import, before autovacuum has looked at the table: the list's plans must already
// use the indexes (storage: analyzeLinksAfterGrowth, run after every bulk creation and import chunk).
describe.skipIf(!postgresUrl)('the link list on PostgreSQL right after 20,000 inserts', () => {
  itOnFreshPostgres('counts from the workspace row and pages by the sort index, with no manual ANALYZE', async (db) => {
    const account = await insertAccount(db, { email: 'plans@example.com', plan: 'business' });
    await importLinks(db, account.workspaceId, 'plan', LINKS);
    const page = { workspaceId: account.workspaceId, direction: 'desc', page: 1, perPage: 100 } as const;

    // The page with its rows, their tags, then the count.
    const [all, , total] = await plansOf(db, { ...page, sort: 'click_count' });
    expect(total).toMatch(/on workspace_link_counts/);
    expect(all).toMatch(/Scan Backward using links_user_click_count/);
    expect(all).not.toMatch(/Sort/);

    // A search counts every match, so it finds them first and sorts only them: down the sort's
    // index (the planner's choice when it costed the count as stopping at the page's end), it
    // filtered every link of the workspace.
    const search = await plansOf(db, { ...page, sort: 'click_count', search: 'needle' });
    expect(search.join('\n')).toMatch(/CTE matches/);
    expect(search.join('\n')).not.toMatch(/links_user_click_count/);
    const found = await listLinks(db, { ...page, sort: 'click_count', search: 'needle' });
    expect(found.total).toBe(LINKS / 20);
    expect(found.links).toHaveLength(100);
    const clicks = found.links.map((link) => link.clickCount);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
  });

  itOnFreshPostgres(
    "keeps the search index's pending list, which every search reads whole, under 32 pages",
    async (db) => {
      await sql`create extension if not exists pgstattuple`.execute(db);
      const account = await insertAccount(db, { email: 'pending@example.com', plan: 'business' });
      await importLinks(db, account.workspaceId, 'pending', LINKS / 4);
      const { rows } = await sql<{ pending_pages: number }>`
    select pending_pages from pgstatginindex('links_search')`.execute(db);
      // With the default 4 MB the 5,000 links' trigrams (415 pages) all waited in it.
      expect(Number(rows[0]!.pending_pages)).toBeLessThanOrEqual(32);
    },
  );

  itOnFreshPostgres(
    'keeps the plan right for an import into a table that already held links, chunk by chunk',
    async (db) => {
      // An established table, its statistics fresh: no chunk of the import below is a tenth of it,
      // but together they grow it by half again.
      const other = await insertAccount(db, { email: 'others@example.com', plan: 'business' });
      await importLinks(db, other.workspaceId, 'other', LINKS);
      await sql`analyze links`.execute(db);
      const account = await insertAccount(db, { email: 'plans@example.com', plan: 'business' });
      await importLinks(db, account.workspaceId, 'plan', LINKS / 2);
      // The statistics followed the growth: the planner counts within a tenth of the rows there are.
      const { rows } = await sql<{ counted: number }>`
    select reltuples as counted from pg_class where oid = 'links'::regclass`.execute(db);
      expect(Number(rows[0]!.counted)).toBeGreaterThanOrEqual(LINKS * 1.5 * 0.9);
      const page = { workspaceId: account.workspaceId, direction: 'desc', page: 1, perPage: 100 } as const;
      const [all] = await plansOf(db, { ...page, sort: 'click_count' });
      expect(all).toMatch(/Scan Backward using links_user_click_count/);
      expect(all).not.toMatch(/Sort/);
    },
  );
});

describe('the link list on SQLite', () => {
  const database = useMigratedDatabase('sqlite');

  it('finds a search through the trigram index, then sorts and counts its matches in one statement', async () => {
    const db = database.db;
    const account = await insertAccount(db, { email: 'plans@example.com', plan: 'business' });
    const other = await insertAccount(db, { email: 'others@example.com', plan: 'business' });
    await importLinks(db, account.workspaceId, 'plan', LINKS / 4);
    await importLinks(db, other.workspaceId, 'other', LINKS / 4);
    const page = { workspaceId: account.workspaceId, direction: 'desc', page: 1, perPage: 100 } as const;
    const query = { ...page, sort: 'click_count', search: 'needle' } as const;

    // Given the matches as a set to test, SQLite walked every link of the workspace down the
    // sort's index instead, and counted them in a second statement that did the same.
    const statements = await statementsOfList(db, query);
    const counting = statements.filter((statement) => /count\(\*\)/.test(statement.sql));
    expect(counting).toHaveLength(1);
    expect(counting[0]!.sql).toMatch(/^with "matches"/);
    const plan = await explainPlan(db, 'sqlite', counting[0]!);
    expect(plan).toMatch(/SCAN links_search VIRTUAL TABLE/);
    expect(plan).toMatch(/SEARCH links USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/links_user_click_count/);

    const found = await listLinks(db, query);
    expect(found.total).toBe(LINKS / 4 / 20);
    expect(found.links).toHaveLength(100);
    expect(new Set(found.links.map((link) => link.workspaceId))).toEqual(new Set([account.workspaceId]));
    const clicks = found.links.map((link) => link.clickCount);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
  });

  it('takes the count of a filtered list from a page that is not full, and counts a full page', async () => {
    const db = database.db;
    const account = await insertAccount(db, { email: 'short@example.com', plan: 'business' });
    await importLinks(db, account.workspaceId, 'short', CHUNK);
    const workspace = account.workspaceId;
    await sql`update links set health_status = 'broken' where workspace_id = ${workspace} and id % 4 = 0`.execute(db);
    const query = {
      workspaceId: account.workspaceId,
      sort: 'id',
      direction: 'asc',
      health: 'broken',
      perPage: 100,
    } as const;
    const counts = async (page: number) =>
      (await statementsOfList(db, { ...query, page })).filter((statement) => /count\(\*\)/.test(statement.sql)).length;
    expect(await counts(1)).toBe(1);
    const last = await listLinks(db, { ...query, page: 3 });
    expect(last.links).toHaveLength(CHUNK / 4 - 200);
    expect(last.total).toBe(CHUNK / 4);
    expect(await counts(3)).toBe(0);
    // Past the end no row says how many there are.
    expect((await listLinks(db, { ...query, page: 4 })).total).toBe(CHUNK / 4);
    expect(await counts(4)).toBe(1);
  });
});
