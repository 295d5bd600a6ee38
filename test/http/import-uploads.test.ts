import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportWorker } from '../../src/imports/worker.ts';
import { MAX_IMPORT_BYTES } from '../../src/schemas/import.ts';
import { UPLOAD_CHUNK_BYTES } from '../../src/services/import-uploads.ts';
import { useTestApp, type TestUser } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

// The app's own worker is stopped: uploads stay queued until a test runs them with its own.
beforeAll(async () => {
  await t.ctx.imports.close();
});

const post = (user: TestUser, payload: string | PassThrough) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { ...user.headers, 'content-type': 'text/csv' },
    payload,
  });

async function runAll(): Promise<void> {
  const worker = new ImportWorker(t.ctx.uow, { pollIntervalMs: 60_000, leaseMs: 60_000, onError: () => {} });
  while ((await worker.runOnce()) !== undefined);
}

const chunksOf = (jobId: number) =>
  t.ctx.database.db
    .selectFrom('import_upload_chunks')
    .select(['seq', 'data'])
    .where('import_id', '=', jobId)
    .orderBy('seq')
    .execute();

const jobsOf = (user: TestUser) =>
  t.ctx.database.db
    .selectFrom('imports')
    .select(['id', 'status'])
    .where('workspace_id', '=', user.user.workspaceId)
    .execute();

describe('POST /imports, imports under way', () => {
  it('answers 429 past 2 imports under way for one account, saying how many, with Retry-After', async () => {
    const a = await t.user('business');
    const b = await t.user('business');
    expect((await post(a, 'url\nhttps://example.com/u1\n')).statusCode).toBe(202);
    expect((await post(a, 'url\nhttps://example.com/u2\n')).statusCode).toBe(202);
    const third = await post(a, 'url\nhttps://example.com/u3\n');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      message: expect.stringMatching(/^You have 2 imports under way .*at most 2 at once/),
    });
    expect(third.headers['retry-after']).toBe('60');
    expect(await jobsOf(a)).toHaveLength(2);
    // Another account is not held by it.
    expect((await post(b, 'url\nhttps://example.com/b1\n')).statusCode).toBe(202);
    await runAll();
    expect((await post(a, 'url\nhttps://example.com/u4\n')).statusCode).toBe(202);
    await runAll();
  });
});

describe('POST /imports, the file streamed into storage', () => {
  it('stores a file larger than a chunk in order, imports it, deletes its bytes and keeps its report', async () => {
    const user = await t.user('business');
    const rows = Array.from({ length: 9000 }, (_, i) =>
      i === 4321 ? 'not a url,' : `https://example.com/stream/${i},Zoë ${'#'.repeat(60)} ${i}`,
    );
    const csv = `url,title\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(2 * UPLOAD_CHUNK_BYTES);
    const res = await post(user, csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', total: 9000, processed: 0 });
    const { id } = res.json();
    const chunks = await chunksOf(id);
    expect(chunks.length).toBe(Math.ceil(Buffer.byteLength(csv) / UPLOAD_CHUNK_BYTES));
    expect(chunks.map((c) => Number(c.seq))).toEqual(chunks.map((_, i) => i));
    expect(Buffer.concat(chunks.map((c) => Buffer.from(c.data))).toString('utf8')).toBe(csv);

    await runAll();
    expect(await chunksOf(id)).toEqual([]);
    const job = (await user.api('GET', `/imports/${id}`)).json();
    expect(job).toMatchObject({ status: 'done', total: 9000, processed: 9000, created: 8999, invalid: 1 });
    expect(job.errors).toEqual([{ row: 4322, message: expect.stringMatching(/redirect url/) }]);
  });

  it('answers 413 to a body of no stated length past 50 MB, stored as it came, and keeps none of it', async () => {
    const user = await t.user('business');
    const body = new PassThrough();
    const answer = post(user, body);
    const piece = Buffer.from(`url\n${'https://example.com/a-fairly-long-path/to/somewhere\n'.repeat(20_000)}`);
    for (let i = 0; i < 3; i++) body.write(piece);
    // The upload is being stored while the client is still sending.
    let stored = 0;
    for (let i = 0; i < 500 && stored < 2; i++) {
      const [job] = await jobsOf(user);
      stored = job ? (await chunksOf(job.id)).length : 0;
      if (stored < 2) await sleep(10);
    }
    expect(stored).toBeGreaterThanOrEqual(2);
    for (let sent = 3 * piece.length; sent <= MAX_IMPORT_BYTES; sent += piece.length) {
      if (!body.write(piece)) await new Promise((resolve) => body.once('drain', resolve));
    }
    body.end();
    const res = await answer;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is larger than 50 MB.' });
    expect(await jobsOf(user)).toEqual([]);
    const { n } = await t.ctx.database.db
      .selectFrom('import_upload_chunks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  }, 30_000);
});
