import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import type { Principal } from '../../src/core/model.ts';
import { ImportWorker } from '../../src/imports/worker.ts';
import { EventBus } from '../../src/services/events.ts';
import {
  MAX_IMPORTS_UNDER_WAY,
  storeUpload,
  sweepUploads,
  type UploadOptions,
} from '../../src/services/import-uploads.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';
import { insertAccount, principalOf } from '../helpers/accounts.ts';

/** A fresh migrated database of `engine` for the calling describe, with its unit of work and users. */
function useImportDatabase(engine: 'sqlite' | 'postgres', url?: () => string) {
  const state = {} as { handle: DatabaseHandle; uow: UnitOfWork; drop: () => Promise<void> };
  let users = 0;
  beforeAll(async () => {
    const fresh = url ? { url: url(), drop: async () => {} } : await freshDatabaseUrl(engine);
    state.drop = fresh.drop;
    state.handle = openDatabase(fresh.url);
    await migrateToLatest(state.handle.db);
    state.uow = new UnitOfWork(state.handle.db, new EventBus());
  });
  afterAll(async () => {
    await state.handle.close();
    await state.drop();
  });
  return {
    get db() {
      return state.handle.db;
    },
    get uow() {
      return state.uow;
    },
    async account(): Promise<Principal> {
      users += 1;
      const email = `uploads-${engine}-${users}-${Date.now()}@example.com`;
      return principalOf(await insertAccount(state.handle.db, { email, plan: 'business' }), ['read', 'create']);
    },
    /** The stored chunks of a job, in order. */
    async chunks(jobId: number): Promise<Array<{ seq: number; data: Buffer }>> {
      const rows = await state.handle.db
        .selectFrom('import_upload_chunks')
        .select(['seq', 'data'])
        .where('import_id', '=', jobId)
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({ seq: Number(row.seq), data: Buffer.from(row.data) }));
    },
    worker(options: { sliceMs?: number; chunkRows?: number } = {}) {
      return new ImportWorker(state.uow, { pollIntervalMs: 60_000, leaseMs: 60_000, onError: () => {}, ...options });
    },
  };
}

const csvOf = (rows: number, tag: string) =>
  `url,title\n${Array.from({ length: rows }, (_, i) => `https://example.com/${tag}/${i},Row ${i}`).join('\n')}\n`;

describe.each(engines)('import uploads on %s', (engine) => {
  const t = useImportDatabase(engine);
  const upload = (
    principal: Principal,
    body: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
    options: Partial<UploadOptions> = {},
  ) => storeUpload(t.uow, principal, body, { maxBytes: 10 * 1024 * 1024, ...options });

  it(`holds an account to ${MAX_IMPORTS_UNDER_WAY} imports under way, saying how many, until one ends`, async () => {
    const a = await t.account();
    const b = await t.account();
    const first = await upload(a, [csvOf(3, 'limit-1')]);
    await upload(a, [csvOf(3, 'limit-2')]);
    const refused = await upload(a, [csvOf(3, 'limit-3')]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'rate-limited',
      message: expect.stringMatching(/You have 2 imports under way.*at most 2/),
    });
    // Nothing of the refused file was stored, and another account is not held by this one's limit.
    const { n } = await t.db
      .selectFrom('imports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', a.workspace.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2);
    expect((await upload(b, [csvOf(1, 'limit-b')])).status).toBe('queued');

    const worker = t.worker();
    while ((await worker.runOnce()) !== undefined);
    expect(await t.uow.read(({ imports }) => imports.find(first.id))).toMatchObject({ status: 'done', created: 3 });
    expect((await upload(a, [csvOf(1, 'limit-4')])).status).toBe('queued');
    while ((await worker.runOnce()) !== undefined);
  });

  it('lets only the limit through when uploads of one account begin at the same moment', async () => {
    const a = await t.account();
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => upload(a, [csvOf(2, `race-${i}`)])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_IMPORTS_UNDER_WAY);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'rate-limited' });
    const worker = t.worker();
    while ((await worker.runOnce()) !== undefined);
  });

  it('stores a file over a chunk as it arrives, in order, byte for byte, split UTF-8 characters too', async () => {
    const a = await t.account();
    // Titles with 2- and 4-byte characters, so that chunk boundaries fall inside some of them.
    const rows = Array.from({ length: 6000 }, (_, i) => `https://example.com/utf8/${i},Café 🎉 número ${i}`);
    const file = Buffer.from(`url,title\n${rows.join('\n')}\n`);
    expect(file.length).toBeGreaterThan(3 * 64 * 1024);
    // Three chunks' worth, then the sender waits until some of it is stored before sending the rest:
    // an upload held whole until its end would never be.
    let storedWhileSending = 0;
    const pieces = async function* () {
      let at = 0;
      for (; at < 3 * 64 * 1024; at += 7_001) yield file.subarray(at, at + 7_001);
      for (let i = 0; i < 300 && storedWhileSending === 0; i++) {
        const rows = await t.db
          .selectFrom('import_upload_chunks')
          .innerJoin('imports', 'imports.id', 'import_upload_chunks.import_id')
          .select('seq')
          .where('imports.workspace_id', '=', a.workspace.id)
          .execute();
        storedWhileSending = rows.length;
        if (storedWhileSending === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (; at < file.length; at += 7_001) yield file.subarray(at, at + 7_001);
    };
    const job = await upload(a, pieces(), { chunkBytes: 64 * 1024 });
    expect(job).toMatchObject({ status: 'queued', total: 6000 });
    expect(storedWhileSending).toBeGreaterThanOrEqual(1);
    const chunks = await t.chunks(job.id);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    expect(chunks.slice(0, -1).every((c) => c.data.length === 64 * 1024)).toBe(true);
    expect(Buffer.concat(chunks.map((c) => c.data)).equals(file)).toBe(true);

    expect(await t.worker().runOnce()).toBe('done');
    const titles = await t.db.selectFrom('links').select('title').where('workspace_id', '=', a.workspace.id).execute();
    expect(titles).toHaveLength(6000);
    expect(new Set(titles.map((r) => r.title))).toEqual(new Set(rows.map((_, i) => `Café 🎉 número ${i}`)));
  });

  it("deletes a job's stored file when it ends, done or failed, and keeps its report", async () => {
    const a = await t.account();
    const rows = Array.from({ length: 4000 }, (_, i) =>
      i % 500 === 7 ? 'not a url,x' : `https://example.com/end/${i},t`,
    );
    const done = await upload(a, [`url,title\n${rows.join('\n')}\n`], { chunkBytes: 64 * 1024 });
    const broken = await upload(a, [
      'url,title\nhttps://example.com/end-ok,ok\nhttps://example.com/end-bad,"never closed\n',
    ]);
    expect((await t.chunks(done.id)).length).toBeGreaterThan(1);
    const worker = t.worker();
    while ((await worker.runOnce()) !== undefined);

    expect(await t.chunks(done.id)).toEqual([]);
    expect(await t.chunks(broken.id)).toEqual([]);
    const report = await t.uow.read(({ imports }) => imports.find(done.id));
    expect(report).toMatchObject({ status: 'done', total: 4000, processed: 4000, created: 3992, invalid: 8 });
    expect(report?.errors.map((e) => e.row)).toEqual([8, 508, 1008, 1508, 2008, 2508, 3008, 3508]);
    expect(await t.uow.read(({ imports }) => imports.find(broken.id))).toMatchObject({
      status: 'failed',
      created: 1,
      failureReason: expect.stringMatching(/could not be read after data row 1/),
    });
  });

  it('leaves nothing stored of an upload refused half-way: too large, or not text', async () => {
    const a = await t.account();
    const big = Buffer.from(csvOf(20_000, 'too-large'));
    const tooLarge = await upload(a, [big.subarray(0, 200_000), big.subarray(200_000)], {
      maxBytes: 300_000,
      chunkBytes: 64 * 1024,
    }).catch((error: unknown) => error);
    expect(tooLarge).toMatchObject({ code: 'too-large' });
    const binary = await upload(a, [big.subarray(0, 150_000), Buffer.from([0, 1, 2])], { chunkBytes: 64 * 1024 }).catch(
      (error: unknown) => error,
    );
    expect(binary).toMatchObject({ code: 'validation-failed', message: 'The file is not a text CSV file.' });
    const noHeader = await upload(a, ['code,title\nabc,def\n']).catch((error: unknown) => error);
    expect(noHeader).toMatchObject({ code: 'validation-failed' });
    const jobs = await t.db.selectFrom('imports').select('id').where('workspace_id', '=', a.workspace.id).execute();
    expect(jobs).toEqual([]);
    const { n } = await t.db
      .selectFrom('import_upload_chunks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('sweeps an upload abandoned half-way, and a file an ended job left behind', async () => {
    const a = await t.account();
    // Held for a minute from now: the worker's own sweep below leaves it, the one a little later does not.
    const hold = new Date(Date.now() + 60_000);
    const abandoned = await t.uow.transact(({ stores }) => stores.imports.beginUpload(a.workspace.id, hold));
    await t.uow.transact(({ stores }) =>
      stores.imports.appendChunk(abandoned.id, 0, Buffer.from('url\nhttps://example.com/x\n'), hold),
    );
    const ended = await upload(a, [csvOf(2, 'left')]);
    expect(await t.worker().runOnce()).toBe('done');
    await t.db
      .insertInto('import_upload_chunks')
      .values({ import_id: ended.id, seq: 0, data: Buffer.from('left') })
      .execute();

    expect(await sweepUploads(t.uow, new Date(Date.now() + 61_000))).toEqual({ abandoned: 1, ended: 1 });
    expect(await t.db.selectFrom('imports').select('id').where('id', '=', abandoned.id).execute()).toEqual([]);
    expect(await t.chunks(abandoned.id)).toEqual([]);
    expect(await t.chunks(ended.id)).toEqual([]);
    expect(await t.uow.read(({ imports }) => imports.find(ended.id))).toMatchObject({ status: 'done', created: 2 });
  });
});

describe.each(engines)('the import worker serves accounts in turn on %s', (engine) => {
  const t = useImportDatabase(engine);

  it("claims the job of the account that has waited longest, not the oldest job: B's comes second", async () => {
    const a = await t.account();
    const b = await t.account();
    const queued = async (userId: number) => {
      const at = new Date().toISOString();
      const row = await t.db
        .insertInto('imports')
        .values({ workspace_id: userId, status: 'queued', total: 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const a1 = await queued(a.workspace.id);
    const a2 = await queued(a.workspace.id);
    const a3 = await queued(a.workspace.id);
    const b1 = await queued(b.workspace.id);
    // Instances claiming a second apart, each while the others still hold their jobs.
    const start = Date.now();
    let second = 0;
    const claim = (lease: string) =>
      t.uow.transact(({ stores }) => stores.imports.claim(new Date(start + ++second * 1000), 60_000, lease));
    expect((await claim('one'))?.id).toBe(a1);
    expect((await claim('two'))?.id).toBe(b1);
    expect((await claim('three'))?.id).toBe(a2);
    // A has just been served, B before it: once B's next job is queued, it goes ahead of A's third.
    const b2 = await queued(b.workspace.id);
    expect((await claim('four'))?.id).toBe(b2);
    expect((await claim('five'))?.id).toBe(a3);
    for (const [id, lease] of [
      [a1, 'one'],
      [b1, 'two'],
      [a2, 'three'],
      [b2, 'four'],
      [a3, 'five'],
    ] as const) {
      await t.uow.transact(({ stores }) => stores.imports.finish(id, lease, 'done', null));
    }
  });

  it("gives the worker to another account's job past a turn, then resumes the first without a row twice", async () => {
    const a = await t.account();
    const b = await t.account();
    const big = await storeUpload(t.uow, a, [csvOf(60, 'turns')], { maxBytes: 1024 * 1024 });
    const small = await storeUpload(t.uow, b, [csvOf(1, 'turns-b')], { maxBytes: 1024 * 1024 });
    // Turns of no time: every chunk of A's, another account waiting is served first.
    const worker = t.worker({ sliceMs: 0, chunkRows: 10 });
    expect(await worker.runOnce()).toBe('done');
    const [bigAfter, smallAfter] = await Promise.all(
      [big.id, small.id].map((id) => t.uow.read(({ imports }) => imports.find(id))),
    );
    expect(smallAfter).toMatchObject({ status: 'done', created: 1 });
    expect(bigAfter).toMatchObject({ status: 'running', processed: 10, attempts: 0 });
    expect(await worker.runOnce()).toBe('done');
    expect(await t.uow.read(({ imports }) => imports.find(big.id))).toMatchObject({
      status: 'done',
      processed: 60,
      created: 60,
    });
    const { n } = await t.db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', a.workspace.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(60);
  });
});

describe('SQLite: the pages of deleted uploads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-uploads-'));
  const t = useImportDatabase('sqlite', () => `sqlite:${join(dir, 'uploads.db')}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are reused by the next upload: the file does not shrink, and does not grow again', async () => {
    const a = await t.account();
    const pages = async () => {
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
      return Number(rows[0]!.page_count);
    };
    const freePages = async () => {
      const { rows } = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(t.db);
      return Number(rows[0]!.freelist_count);
    };
    // Rows that are all refused: the import adds no links, only its file comes and goes.
    const file = `url\n${Array.from({ length: 8_000 }, (_, i) => `not a url ${'x'.repeat(100)} ${i}`).join('\n')}\n`;
    const run = async () => {
      await storeUpload(t.uow, a, [file], { maxBytes: 10 * 1024 * 1024 });
      expect(await t.worker().runOnce()).toBe('done');
    };
    await run();
    const after = await pages();
    const filePages = Math.ceil(file.length / 4096);
    expect(await freePages()).toBeGreaterThan(filePages * 0.9);
    await run();
    await run();
    expect(await pages()).toBeLessThan(after + filePages * 0.1);
  });
});

describe.each(engines)('imports queued before uploads were chunked, on %s', (engine) => {
  it('migration 019 deletes ended jobs’ files and keeps queued ones, which the worker runs, then deletes', async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    try {
      const names = Object.keys(migrations).sort();
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(names[names.indexOf('019-import-uploads') - 1]!)).error).toBeUndefined();
      const at0 = new Date().toISOString();
      const user = await sql<{ id: number }>`insert into users (email, plan, created_at, updated_at)
        values ('legacy@example.com', 'business', ${at0}, ${at0}) returning id`
        .execute(handle.db)
        .then((r) => r.rows[0]!);
      const job = async (status: string, source: string) => {
        const at = new Date().toISOString();
        const { id } = await sql<{ id: number }>`insert into imports (user_id, status, created_at, updated_at)
          values (${user.id}, ${status}, ${at}, ${at}) returning id`
          .execute(handle.db)
          .then((r) => r.rows[0]!);
        await sql`insert into import_sources (import_id, source) values (${id}, ${source})`.execute(handle.db);
        return Number(id);
      };
      const finished = await job('done', 'url\nhttps://example.com/old-done\n');
      const waiting = await job('queued', 'url,title\nhttps://example.com/old-1,One\nhttps://example.com/old-2,Two\n');
      expect((await migrator.migrateTo('019-import-uploads')).error).toBeUndefined();
      await migrateToLatest(handle.db);
      const sources = () => handle.db.selectFrom('import_sources').select('import_id').orderBy('import_id').execute();
      expect((await sources()).map((r) => Number(r.import_id))).toEqual([waiting]);

      const uow = new UnitOfWork(handle.db, new EventBus());
      const worker = new ImportWorker(uow, { pollIntervalMs: 60_000, leaseMs: 60_000, onError: () => {} });
      expect(await worker.runOnce()).toBe('done');
      expect(await uow.read(({ imports }) => imports.find(waiting))).toMatchObject({
        status: 'done',
        total: 2,
        created: 2,
      });
      expect(await uow.read(({ imports }) => imports.find(finished))).toMatchObject({ status: 'done' });
      expect(await sources()).toEqual([]);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
