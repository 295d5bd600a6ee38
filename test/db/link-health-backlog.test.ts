import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CHECK_DEFAULTS, LinkChecker } from '../../src/link-health/checker.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import type { Stores } from '../../src/storage/stores.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';
import { startDestinations, type Destinations } from '../helpers/destinations.ts';

/** A unit of work that counts its reads: the checker reads only the due links. */
class CountingUnitOfWork extends UnitOfWork {
  reads = 0;
  override read<T>(useCase: (stores: Stores) => Promise<T>): Promise<T> {
    this.reads++;
    return super.read(useCase);
  }
}

// A backlog (an import of many links into a Business workspace) is worked through a pass each time
// a check finishes. Reading the due links sorts all of them (90 ms at 100,000 on PostgreSQL): a
// reading must serve many passes, not one.
describe.each(engines)('the link checker working through a backlog on %s', (engine) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let site: Destinations;
  beforeAll(async () => {
    const fresh = await freshDatabaseUrl(engine);
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    await migrateToLatest(handle.db);
    site = await startDestinations();
  });
  afterAll(async () => {
    await site?.close();
    await handle?.close();
    await drop?.();
  });

  it('checks 40 due links with a handful of readings of the due links, each link once', async () => {
    const owner = await insertAccount(handle.db, { email: `backlog-${engine}@example.com`, plan: 'business' });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      site.route(`/backlog/${i}`, (_req, res) => res.writeHead(200).end());
      const link = await insertLink(handle.db, {
        workspaceId: owner.workspaceId,
        shortCode: `backlog${i}`,
        redirectUrl: site.url('backlog.test', `/backlog/${i}`),
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      });
      ids.push(link.id);
    }
    const uow = new CountingUnitOfWork(handle.db, new EventBus());
    const checked: number[] = [];
    const checker = new LinkChecker(uow, {
      ...LINK_CHECK_DEFAULTS,
      intervalMs: 24 * 3_600_000,
      pollIntervalMs: 3_600_000,
      perHostIntervalMs: 0,
      timeoutMs: 2000,
      batchSize: 4,
      allowPrivate: true,
      resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
      onChecked: (linkId) => checked.push(linkId),
    });
    checker.start();
    await checker.runOnce();
    for (let i = 0; i < 500 && checked.length < ids.length; i++) await new Promise((r) => setTimeout(r, 20));
    await checker.close();
    expect(checked.toSorted((a, b) => a - b)).toEqual(ids);
    // One reading a pass would be about 40; the first reading holds all 40 due links.
    expect(uow.reads).toBeLessThanOrEqual(3);
  });
});
