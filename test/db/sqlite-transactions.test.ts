import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openSqliteConnection, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertAccount } from '../helpers/accounts.ts';

// The service's SQLite file has two writers: the main thread (API, through Kysely) and the
// click writer thread on its own connection.
describe('transactions on a SQLite file shared with the click writer thread', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoplink-tx-'));
    handle = openDatabase(`sqlite:${join(dir, 'hoplink.db')}`);
    await migrateToLatest(handle.db);
    other = openSqliteConnection(join(dir, 'hoplink.db'));
    other.pragma('busy_timeout = 20');
  });
  afterAll(async () => {
    other.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hold the write lock from BEGIN, so a commit elsewhere cannot fail a transaction that read first', async () => {
    const userId = (await insertAccount(handle.db, { email: 'tx@example.com', plan: 'pro' })).workspaceId;
    let otherWrite: unknown;
    await handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('workspaces').select('id').where('id', '=', userId).executeTakeFirstOrThrow();
      // The writer thread's batch arrives now: it must wait for this transaction, not overtake it
      // (a deferred BEGIN let it commit, and the update below then failed: "database is locked").
      try {
        other.prepare("update workspaces set plan = 'business' where id = ?").run(userId);
      } catch (error) {
        otherWrite = error;
      }
      await trx.updateTable('workspaces').set({ plan: 'free' }).where('id', '=', userId).execute();
    });
    expect(String(otherWrite)).toMatch(/database is locked/);
    // Once committed, the other connection writes as usual.
    other.prepare("update workspaces set plan = 'business' where id = ?").run(userId);
    expect(
      (await handle.db.selectFrom('workspaces').select('plan').where('id', '=', userId).executeTakeFirstOrThrow()).plan,
    ).toBe('business');
  });
});
