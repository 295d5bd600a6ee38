import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/model.ts';
import { createLinksInBulk } from '../../src/services/bulk-links.ts';
import { EventBus, type AppEvent } from '../../src/services/events.ts';
import { createLink } from '../../src/services/links.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';
import { insertAccount, principalOf } from '../helpers/accounts.ts';

describe.each(engines)('the unit of work on %s', (engine) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let uow: UnitOfWork;
  const published: AppEvent[] = [];
  let principal: Principal;

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl(engine);
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    await migrateToLatest(handle.db);
    const events = new EventBus();
    events.subscribe((event) => published.push(event));
    uow = new UnitOfWork(handle.db, events);
    principal = principalOf(await insertAccount(handle.db, { email: `uow-${engine}@example.com`, plan: 'business' }));
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('lets a bulk item reference a category and a domain written earlier in the same transaction', async () => {
    const result = await uow.transact(async (work) => {
      const category = await work.stores.categories.insert(principal.workspace.id, 'Written just now');
      const pending = await work.stores.domains.insert({
        workspaceId: principal.workspace.id,
        hostname: `fresh-${engine}.example`,
        verificationToken: 't',
        requiresTxt: false,
      });
      const domain = await work.stores.domains.recordCheck(
        pending.id,
        { status: 'active', ownership: 'ok', routing: 'unchecked' },
        new Date().toISOString(),
      );
      // On PostgreSQL a check made outside the transaction (another pooled connection) would not
      // see these rows yet, and both items would be refused as invalid references.
      const input = { redirect_url: 'https://example.com/bulk', category_id: category.id, domain_id: domain.id };
      return createLinksInBulk(work, principal, [{ input }]);
    });
    expect(result.errors).toEqual([]);
    expect(result.created[0]).toMatchObject({
      category: { name: 'Written just now' },
      domain: { hostname: `fresh-${engine}.example` },
    });
  });

  it('publishes events only after the commit, and none when the work rolls back', async () => {
    published.length = 0;
    let seenInside = -1;
    const link = await uow.transact(async (work) => {
      const created = await createLink(work, principal, { redirect_url: 'https://example.com/events' });
      seenInside = published.length;
      return created;
    });
    expect(seenInside).toBe(0);
    expect(published).toEqual([{ kind: 'created', link }]);

    published.length = 0;
    const failure = uow.transact(async (work) => {
      await createLink(work, principal, {
        redirect_url: 'https://example.com/rolled-back',
        short_code: `gone-${engine}`,
      });
      throw new Error('something after the insert failed');
    });
    await expect(failure).rejects.toThrow('something after the insert failed');
    expect(published).toEqual([]);
    expect(
      await uow.read((stores) =>
        stores.links.list({
          workspaceId: principal.workspace.id,
          sort: 'id',
          direction: 'asc',
          page: 1,
          perPage: 100,
          search: 'gone-',
        }),
      ),
    ).toMatchObject({ total: 0 });
  });

  it('refuses at once to open a second unit of work inside one, instead of waiting on it', async () => {
    const nested = uow.transact(() => uow.read((stores) => stores.links.find(1)));
    await expect(nested).rejects.toThrow('A unit of work is already open here');
    const nestedWrite = uow.read(() => uow.transact(async () => undefined));
    await expect(nestedWrite).rejects.toThrow('A unit of work is already open here');
    // Nothing is left holding the connection.
    expect(await uow.read((stores) => stores.users.find(principal.user.id))).toMatchObject({ id: principal.user.id });
  });

  it('keeps store functions that write several rows out of autocommit', async () => {
    const write = uow.read((stores) => stores.landingOptions.replace(1, ['https://a.example', 'https://b.example']));
    await expect(write).rejects.toThrow('call it inside transact()');
  });
});
