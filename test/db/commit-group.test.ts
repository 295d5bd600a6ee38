import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommitGroup } from '../../src/storage/commit-group.ts';
import { EventBus, type AppEvent } from '../../src/services/events.ts';
import { createLink } from '../../src/services/links.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import type { Principal } from '../../src/core/model.ts';
import { insertAccount, principalOf } from '../helpers/accounts.ts';

// Group commit on SQLite: the units of one event-loop turn share a transaction, each in its own
// savepoint, and each still succeeds or fails on its own.
describe('the SQLite commit group', () => {
  let handle: DatabaseHandle;
  let uow: UnitOfWork;
  let group: CommitGroup;
  let groups: number[];
  let published: AppEvent[];
  let principal: Principal;

  beforeEach(async () => {
    handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle.db);
    groups = [];
    published = [];
    const events = new EventBus();
    events.subscribe((event) => published.push(event));
    // No time cap here: on a loaded machine a group's first units outlasted the default 10 ms and
    // the rest of the turn went into a second group (CI, 2026-11-27). The cap has its own test.
    group = new CommitGroup(handle.db, { maxGroupMs: 60_000, onCommitted: (units) => groups.push(units) });
    uow = new UnitOfWork(handle.db, events, { groupCommit: group });
    principal = principalOf(await insertAccount(handle.db, { email: 'group@example.com', plan: 'pro' }), [
      'read',
      'create',
    ]);
    groups.length = 0;
  });
  afterEach(() => handle.close());

  const emails = async () =>
    (await handle.db.selectFrom('users').select('email').orderBy('id').execute()).map((row) => row.email);
  const addUser = (email: string) => uow.transact(({ stores }) => stores.users.insert({ email }));

  it('commits the units of one turn together, and units of later turns in groups of their own', async () => {
    await Promise.all([addUser('a@example.com'), addUser('b@example.com'), addUser('c@example.com')]);
    await addUser('d@example.com');
    expect(groups).toEqual([3, 1]);
    expect(await emails()).toEqual([
      'group@example.com',
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
  });

  it('rolls a failing unit back alone: its neighbours commit and publish, it publishes nothing', async () => {
    const first = uow.transact((work) => createLink(work, principal, { redirect_url: 'https://example.com/first' }));
    const failing = uow.transact(async (work) => {
      await createLink(work, principal, { redirect_url: 'https://example.com/failing', short_code: 'failing' });
      await work.stores.users.insert({ email: 'written-by-the-failing-unit@example.com' });
      throw new Error('the use case failed after writing');
    });
    // A statement that fails inside SQLite (a taken code) leaves the transaction usable.
    const taken = uow.transact((work) =>
      createLink(work, principal, { redirect_url: 'https://example.com/taken', short_code: 'group-code' }),
    );
    const clash = uow.transact((work) =>
      createLink(work, principal, { redirect_url: 'https://example.com/clash', short_code: 'group-code' }),
    );
    const last = uow.transact((work) => createLink(work, principal, { redirect_url: 'https://example.com/last' }));

    await expect(failing).rejects.toThrow('the use case failed after writing');
    await expect(clash).rejects.toMatchObject({ code: 'short-code-taken' });
    const committed = await Promise.all([first, taken, last]);
    expect(groups).toEqual([3]);
    expect(published.map((event) => event.kind === 'created' && event.link.redirectUrl)).toEqual([
      'https://example.com/first',
      'https://example.com/taken',
      'https://example.com/last',
    ]);
    const stored = await handle.db.selectFrom('links').select(['id', 'redirect_url']).orderBy('id').execute();
    expect(stored).toEqual(committed.map((link) => ({ id: link.id, redirect_url: link.redirectUrl })));
    expect(await emails()).toEqual(['group@example.com']);
  });

  it('answers no unit before the commit', async () => {
    let settledEarly = false;
    const unit = addUser('late@example.com').then(() => (settledEarly = groups.length === 0));
    await unit;
    expect(settledEarly).toBe(false);
    expect(groups).toEqual([1]);
  });

  it('fails every unit of a group whose transaction ends under it, and stores none of them', async () => {
    const before = addUser('before@example.com');
    const breaking = group.run(async (trx) => {
      await trx
        .insertInto('users')
        .values({ email: 'breaking@example.com', created_at: '', updated_at: '', personal_workspace_id: null })
        .execute();
      // What SQLite does by itself after some errors (an I/O error, a full disk): the whole
      // transaction is rolled back, so the savepoint is gone too.
      await sql`rollback`.execute(trx);
      throw new Error('the disk is full');
    });
    await expect(breaking).rejects.toThrow('the disk is full');
    await expect(before).rejects.toThrow(/no such savepoint|no transaction is active/);
    expect(groups).toEqual([]);
    expect(await emails()).toEqual(['group@example.com']);
    // The connection is free again for the next group.
    await addUser('after@example.com');
    expect(await emails()).toEqual(['group@example.com', 'after@example.com']);
  });

  it('fails the waiting units when the transaction cannot begin, instead of trying again forever', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const locked = new CommitGroup({ transaction: () => ({ execute: () => Promise.reject(busy) }) } as never);
    const units = [locked.run(async () => 'a'), locked.run(async () => 'b')];
    for (const unit of units) await expect(unit).rejects.toBe(busy);
  });

  it('closes a group after maxGroupMs: a slow unit delays the units of its group, not a later one', async () => {
    const timed = new CommitGroup(handle.db, { maxGroupMs: 5, onCommitted: (units) => groups.push(units) });
    const slow = (email: string) =>
      timed.run(async (trx) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return trx
          .insertInto('users')
          .values({ email, created_at: '', updated_at: '', personal_workspace_id: null })
          .execute();
      });
    await Promise.all([slow('slow-1@example.com'), slow('slow-2@example.com'), slow('slow-3@example.com')]);
    expect(groups).toEqual([1, 1, 1]);
  });

  it('still refuses a unit of work opened inside one', async () => {
    const nested = uow.transact(() => uow.transact(async () => undefined));
    await expect(nested).rejects.toThrow('A unit of work is already open here');
    await addUser('fine@example.com');
  });
});
