import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CHECK_DEFAULTS, LinkChecker } from '../../src/link-health/checker.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { freshDatabaseUrl, postgresUrl } from '../helpers/database.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';

// Two instances on one PostgreSQL database: each a connection pool, a unit of work and a checker
// of its own, as two processes would have. Every link must be fetched by exactly one of them.
describe.skipIf(!postgresUrl)('link checks on two instances sharing PostgreSQL', () => {
  let drop: () => Promise<void>;
  let handles: DatabaseHandle[];
  let site: Destinations;
  beforeAll(async () => {
    const fresh = await freshDatabaseUrl('postgres');
    drop = fresh.drop;
    handles = [openDatabase(fresh.url), openDatabase(fresh.url)];
    await migrateToLatest(handles[0]!.db);
    site = await startDestinations();
  });
  afterAll(async () => {
    await site?.close();
    for (const handle of handles ?? []) await handle.close();
    await drop?.();
  });

  const checkerOn = (handle: DatabaseHandle, checked: number[]) =>
    new LinkChecker(new UnitOfWork(handle.db, new EventBus()), {
      ...LINK_CHECK_DEFAULTS,
      intervalMs: 24 * 3_600_000,
      pollIntervalMs: 3_600_000,
      perHostIntervalMs: 0,
      timeoutMs: 2000,
      batchSize: 10,
      allowPrivate: true,
      resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
      onChecked: (linkId) => checked.push(linkId),
    });

  it('each due link is checked once, by one of the two, and is not due again before the interval', async () => {
    const owner = await insertAccount(handles[0]!.db, { email: 'lease@example.com', plan: 'business' });
    const links = [];
    for (let i = 0; i < 12; i++) {
      site.route(`/lease/${i}`, (_req, res) => setTimeout(() => res.writeHead(200).end(), 20));
      links.push(
        await insertLink(handles[0]!.db, {
          workspaceId: owner.workspaceId,
          shortCode: `lease${i}`,
          redirectUrl: site.url('lease.test', `/lease/${i}`),
          isActive: true,
          categoryId: null,
          domainId: null,
          conditions: [],
        }),
      );
    }
    const checkedBy: number[][] = [[], []];
    const checkers = handles.map((handle, i) => checkerOn(handle, checkedBy[i]!));
    // Both take passes at the same moment, twice: each pass asks for 10 links, 12 are due.
    await Promise.all(checkers.map((checker) => checker.runOnce()));
    await Promise.all(checkers.map((checker) => checker.runOnce()));
    await Promise.all(checkers.map((checker) => checker.close()));

    const all = [...checkedBy[0]!, ...checkedBy[1]!].sort((a, b) => a - b);
    expect(all).toEqual(links.map((link) => link.id).sort((a, b) => a - b));
    const fetched = site.hits.filter((hit) => hit.path.startsWith('/lease/')).map((hit) => hit.path);
    expect(fetched.toSorted()).toEqual(links.map((_, i) => `/lease/${i}`).toSorted());
    // Both instances did some of the work.
    expect(checkedBy[0]!.length).toBeGreaterThan(0);
    expect(checkedBy[1]!.length).toBeGreaterThan(0);
  });
});
