import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommitGroup } from '../../src/storage/commit-group.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { ReadGroup } from '../../src/storage/read-group.ts';
import { openSqliteConnection } from '../../src/storage/sqlite-connection.ts';

// Read grouping on SQLite: the reads of one event-loop turn share one read transaction, and each
// still succeeds or fails on its own.
describe('the SQLite read group', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;
  let uow: UnitOfWork;
  let groups: number[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoplink-read-group-'));
    file = join(dir, 'hoplink.db');
    handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db);
    groups = [];
    uow = new UnitOfWork(handle.db, new EventBus(), {
      groupCommit: new CommitGroup(handle.db),
      groupReads: new ReadGroup(handle.db, { onGrouped: (reads) => groups.push(reads) }),
    });
    await uow.transact(({ stores }) => stores.users.insert({ email: 'reader@example.com' }));
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const findUser = (email: string) => uow.read((stores) => stores.users.findByEmail(email));

  it('runs the reads of one turn in one transaction, and reads of later turns in their own', async () => {
    const found = await Promise.all([
      findUser('reader@example.com'),
      findUser('nobody@example.com'),
      findUser('reader@example.com'),
    ]);
    expect(found.map((user) => user?.email)).toEqual(['reader@example.com', undefined, 'reader@example.com']);
    await findUser('reader@example.com');
    expect(groups).toEqual([3, 1]);
  });

  it('fails a read that throws alone: the others of its group are answered', async () => {
    const results = await Promise.allSettled([
      findUser('reader@example.com'),
      uow.read(async () => {
        throw new Error('this read failed');
      }),
      findUser('reader@example.com'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([3]);
  });

  it('fails a read whose use case throws before returning a promise, alone, instead of never answering', async () => {
    const throwsAtOnce = (): Promise<never> => {
      throw new Error('refused before any query');
    };
    const results = await Promise.allSettled([
      findUser('reader@example.com'),
      uow.read(throwsAtOnce),
      findUser('reader@example.com'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused before any query');
  });

  it('sees what a unit of work committed before it', async () => {
    await uow.transact(({ stores }) => stores.users.insert({ email: 'written@example.com' }));
    expect((await findUser('written@example.com'))?.email).toBe('written@example.com');
  });

  it('takes no write lock: another connection commits while a read transaction is open', async () => {
    const other = openSqliteConnection(file);
    other.pragma('busy_timeout = 0'); // fail at once if the read group held the write lock
    try {
      const committed = await uow.read(async (stores) => {
        await stores.users.findByEmail('reader@example.com'); // the read transaction is open now
        other.prepare("insert into users (email, created_at, updated_at) values ('other@example.com', '', '')").run();
        return (await stores.users.findByEmail('other@example.com'))?.email;
      });
      // The group's snapshot was taken at its first read: the other connection's commit is not in it.
      expect(committed).toBeUndefined();
      expect((await findUser('other@example.com'))?.email).toBe('other@example.com');
    } finally {
      other.close();
    }
  });

  it('closes a group after maxGroupMs: a slow read delays the reads of its group, not a later one', async () => {
    const timed = new ReadGroup(handle.db, { maxGroupMs: 5, onGrouped: (reads) => groups.push(reads) });
    const slow = () => timed.run(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await Promise.all([slow(), slow(), slow()]);
    expect(groups).toEqual([1, 1, 1]);
  });

  it('fails the waiting reads when the connection cannot be had, instead of waiting forever', async () => {
    const unavailable = new Error('the database is closed');
    const broken = new ReadGroup({ connection: () => ({ execute: () => Promise.reject(unavailable) }) } as never);
    const reads = [broken.run(async () => 'a'), broken.run(async () => 'b')];
    for (const read of reads) await expect(read).rejects.toBe(unavailable);
  });

  it('still refuses a unit of work opened inside a read', async () => {
    const nested = uow.read(() => uow.read(async () => undefined));
    await expect(nested).rejects.toThrow('A unit of work is already open here');
    expect((await findUser('reader@example.com'))?.email).toBe('reader@example.com');
  });
});
