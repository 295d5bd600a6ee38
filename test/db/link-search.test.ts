import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/services/events.ts';
import { drainSearchQueue } from '../../src/services/search-indexing.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import {
  deleteLink,
  hasQueuedLinks,
  indexQueuedLinks,
  insertLink,
  listLinks,
  updateLink,
} from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// On SQLite, changes to links queue them for the trigram index (migration 011) and a
// pass indexes the queue; a search must give the same answer before and after that pass.
describe.each(engines)('link search on %s', (engine) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let uow: UnitOfWork;
  let userId: number;
  beforeAll(async () => {
    const fresh = await freshDatabaseUrl(engine);
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    await migrateToLatest(handle.db);
    uow = new UnitOfWork(handle.db, new EventBus());
    userId = (await insertAccount(handle.db, { email: `search-${engine}@example.com`, plan: 'pro' })).workspaceId;
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const newLink = (shortCode: string, redirectUrl: string, title: string | null = null) =>
    insertLink(handle.db, {
      workspaceId: userId,
      shortCode,
      redirectUrl,
      title,
      isActive: true,
      categoryId: null,
      domainId: null,
      conditions: [],
    });
  const count = async (search: string) =>
    (await listLinks(handle.db, { workspaceId: userId, search, sort: 'id', direction: 'asc', page: 1, perPage: 10 }))
      .total;
  /** The rows of SQLite's trigram index (its content table); PostgreSQL has none. */
  const indexedRows = async () =>
    engine === 'sqlite'
      ? Number((await sql<{ n: number }>`select count(*) as n from links_search`.execute(handle.db)).rows[0]!.n)
      : 0;

  it('answers the same before and after the queue is indexed, through edits and deletes', async () => {
    const a = await newLink('first-link', 'https://one.example/alpha', 'Quoted "deal" *now*');
    const b = await newLink('second-link', 'https://two.example/beta-50%_off');
    const firstAnswers = async () => [
      await count('alpha'),
      await count('ALPHA'),
      await count('al'),
      await count('"deal"'),
      await count('*now*'),
      await count('50%_off'),
      await count('deal AND beta'),
    ];
    expect(await hasQueuedLinks(handle.db)).toBe(engine === 'sqlite');
    expect(await firstAnswers()).toEqual([1, 1, 1, 1, 1, 1, 0]);
    expect(await drainSearchQueue(uow)).toBe(engine === 'sqlite' ? 2 : 0);
    expect(await hasQueuedLinks(handle.db)).toBe(false);
    expect(await indexedRows()).toBe(engine === 'sqlite' ? 2 : 0);
    expect(await firstAnswers()).toEqual([1, 1, 1, 1, 1, 1, 0]);

    // The index still holds a's old text and b's row until the next pass: neither may show.
    await updateLink(handle.db, a.id, { redirectUrl: 'https://one.example/gamma', title: null });
    await deleteLink(handle.db, b.id);
    const laterAnswers = async () => [
      await count('alpha'),
      await count('deal'),
      await count('gamma'),
      await count('beta'),
    ];
    expect(await laterAnswers()).toEqual([0, 0, 1, 0]);
    expect(await drainSearchQueue(uow)).toBe(engine === 'sqlite' ? 2 : 0);
    expect(await laterAnswers()).toEqual([0, 0, 1, 0]);
    expect(await indexedRows()).toBe(engine === 'sqlite' ? 1 : 0);
  });

  it('indexes at most the given number of queued links a call, the oldest first', async () => {
    for (let i = 0; i < 5; i++) await newLink(`chunk-${i}`, `https://chunk.example/${i}`);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await uow.transact(({ stores }) => stores.links.indexQueued(2)));
    expect(taken).toEqual(engine === 'sqlite' ? [2, 2, 1, 0] : [0, 0, 0, 0]);
    expect(await count('chunk.example')).toBe(5);
  });

  it('does not queue a link for a click count', async () => {
    const link = await newLink('clicked', 'https://clicked.example/');
    await indexQueuedLinks(handle.db, 100);
    await handle.db.updateTable('links').set({ click_count: 5 }).where('id', '=', link.id).execute();
    expect(await hasQueuedLinks(handle.db)).toBe(false);
  });
});
