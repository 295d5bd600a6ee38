import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/model.ts';
import { runImport } from '../../src/imports/runner.ts';
import { ImportWorker } from '../../src/imports/worker.ts';
import { EventBus, type AppEvent } from '../../src/services/events.ts';
import { storeUpload } from '../../src/services/import-uploads.ts';
import { importChunk, LeaseLostError } from '../../src/services/imports.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';
import { insertAccount, principalOf } from '../helpers/accounts.ts';

describe.each(engines)('import jobs on %s', (engine) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let uow: UnitOfWork;
  let principal: Principal;
  const published: AppEvent[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl(engine);
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    await migrateToLatest(handle.db);
    const events = new EventBus();
    events.subscribe((event) => published.push(event));
    uow = new UnitOfWork(handle.db, events);
    principal = principalOf(
      await insertAccount(handle.db, { email: `imports-${engine}@example.com`, plan: 'business' }),
    );
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const queue = (csv: string) => storeUpload(uow, principal, [csv], { maxBytes: 1024 * 1024, limitUnderWay: false });
  const claim = (lease: string, leaseMs = 60_000, at = new Date()) =>
    uow.transact(({ stores }) => stores.imports.claim(at, leaseMs, lease));

  it('gives a queued job to exactly one of several claimants at once', async () => {
    const job = await queue('url\nhttps://example.com/once\n');
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((lease) => claim(lease)));
    expect(claims.filter((c) => c?.id === job.id)).toHaveLength(1);
    // Nobody else gets it while the lease holds; once it has expired, another instance does.
    expect(await claim('e')).toBeUndefined();
    const later = await claim('f', 60_000, new Date(Date.now() + 61_000));
    expect(later).toMatchObject({ id: job.id, status: 'running', attempts: 2 });
    await uow.transact(({ stores }) => stores.imports.finish(job.id, 'f', 'done', null));
  });

  it("rolls a chunk back when the lease has been taken over: the old holder's links are not written", async () => {
    const job = await queue('url\nhttps://example.com/lost-1\nhttps://example.com/lost-2\n');
    expect((await claim('old'))?.id).toBe(job.id);
    // The old holder stalled past its lease; a new instance took the job.
    expect((await claim('new', 60_000, new Date(Date.now() + 61_000)))?.id).toBe(job.id);
    const context = {
      jobId: job.id,
      workspaceId: principal.workspace.id,
      lease: 'old',
      leaseMs: 60_000,
      columns: { url: 0 },
    };
    const before = { total: 2, processed: 0, created: 0, skipped: 0, invalid: 0, errors: [] };
    const eventsBefore = published.length;
    await expect(
      uow.transact((work) => importChunk(work, context, [{ row: 1, record: ['https://example.com/lost-1'] }], before)),
    ).rejects.toBeInstanceOf(LeaseLostError);
    const written = await handle.db
      .selectFrom('links')
      .select('id')
      .where('redirect_url', '=', 'https://example.com/lost-1')
      .execute();
    expect(written).toEqual([]);
    expect(published.length).toBe(eventsBefore); // nothing published for a rolled-back chunk
    await uow.transact(({ stores }) => stores.imports.finish(job.id, 'new', 'done', null));
  });

  it('resumes a job from its committed position, never writing a row twice', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `https://example.com/resume/${i}`);
    const job = await queue(`url\n${rows.join('\n')}\n`);
    const first = await claim('first');
    // The first run stops after two chunks of 5 (as a shutdown would), the next one finishes it.
    let chunks = 0;
    const outcome = await runImport(uow, first!, 'first', {
      leaseMs: 60_000,
      chunkSize: 5,
      onProgress: () => (chunks += 1),
      stopping: () => chunks >= 2,
    });
    expect(outcome).toBe('released');
    expect(await uow.read(({ imports }) => imports.find(job.id))).toMatchObject({ processed: 10, attempts: 0 });
    const worker = new ImportWorker(uow, { pollIntervalMs: 60_000, leaseMs: 60_000, onError: () => {}, chunkRows: 5 });
    expect(await worker.runOnce()).toBe('done');
    const done = await uow.read(({ imports }) => imports.find(job.id));
    expect(done).toMatchObject({ status: 'done', total: 25, processed: 25, created: 25 });
    const { n } = await handle.db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('redirect_url', 'like', 'https://example.com/resume/%')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(25);
    // One links-imported event per chunk, naming the codes created (the cache clears negative entries).
    const imported = published.filter((e) => e.kind === 'links-imported');
    expect(imported.flatMap((e) => (e.kind === 'links-imported' ? e.codes : []))).toHaveLength(25);
  });

  it('fails a job started too many times without finishing, with the reason, instead of retrying forever', async () => {
    const job = await queue('url\nhttps://example.com/poison\n');
    let claimed: Awaited<ReturnType<typeof claim>>;
    for (let i = 0; i < 3; i++) claimed = await claim(`crash-${i}`, 1, new Date(Date.now() + i * 10));
    expect(claimed?.attempts).toBe(3);
    expect(await runImport(uow, claimed!, 'crash-2', { leaseMs: 60_000, maxAttempts: 2 })).toBe('failed');
    const failed = await uow.read(({ imports }) => imports.find(job.id));
    expect(failed?.status).toBe('failed');
    expect(failed?.failureReason).toMatch(/started 2 times without finishing/);
  });
});
