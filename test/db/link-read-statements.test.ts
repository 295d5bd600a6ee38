import { describe, expect, it } from 'vitest';
import { getLinkStats } from '../../src/services/stats.ts';
import { findLink, listLinks } from '../../src/storage/links.kysely.ts';
import { storesFor } from '../../src/storage/stores.ts';
import { insertAccount, principalOf } from '../helpers/accounts.ts';
import { engines, insertPlainLink, statementsOf, useMigratedDatabase } from '../helpers/database.ts';

const PREPARED = /^\s*\/\* prepared \*\//;

// A link's statistics are read on every visit to its page, from several rollups: each statement
// is a round trip on PostgreSQL, and the ones on every request run by name there, parsed and
// planned once a connection (storage/postgres-statements.ts).
describe.each(engines)('the statements behind a link, its statistics and a list on %s', (engine) => {
  const database = useMigratedDatabase(engine);

  it('reads a link with its tags in one prepared statement, and its Business statistics in three more', async () => {
    const db = database.db;
    const account = await insertAccount(db, { email: `statements-${engine}@example.com`, plan: 'business' });
    const { id } = await insertPlainLink(db, account.workspaceId, 'counted');
    const link = (await findLink(db, id))!;

    const read = await statementsOf(db, (captured) => findLink(captured, id));
    expect(read).toHaveLength(1);
    for (const statement of read) expect(statement.sql).toMatch(PREPARED);

    const stats = await statementsOf(db, (captured) =>
      getLinkStats(storesFor(captured), principalOf(account), link, ['country', 'device'], new Date()),
    );
    // Unique visitors, this month and bot visits beside the trend's days; the breakdowns; the conversions.
    expect(stats).toHaveLength(3);
    for (const statement of stats) expect(statement.sql).toMatch(PREPARED);
  });

  it("reads a search's page with its count in one statement, its tags in one prepared statement", async () => {
    const db = database.db;
    const account = await insertAccount(db, { email: `list-${engine}@example.com`, plan: 'business' });
    for (const code of ['needle-a', 'needle-b', 'other']) await insertPlainLink(db, account.workspaceId, code);
    const query = {
      workspaceId: account.workspaceId,
      sort: 'click_count',
      direction: 'desc',
      search: 'needle',
      page: 1,
      perPage: 100,
    } as const;

    const statements = await statementsOf(db, (captured) => listLinks(captured, query));
    // The matches, their page and its links: a round trip each on PostgreSQL, before they were one.
    expect(statements.map((statement) => statement.sql)).toEqual([
      expect.stringMatching(/count\(\*\) from matches/),
      expect.stringMatching(/from link_tags/),
    ]);
    // Whatever the number of links on the page, one text: prepared once a connection.
    expect(statements[1]!.sql).toMatch(PREPARED);
    if (engine === 'postgres') expect(statements[1]!.parameters).toHaveLength(1);
    const { links, total } = await listLinks(db, query);
    expect(total).toBe(2);
    expect(links.map((link) => link.shortCode).sort()).toEqual(['needle-a', 'needle-b']);
  });
});
