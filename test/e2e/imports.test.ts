import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { cliUserWithToken } from '../helpers/cli.ts';
import { hoplink, startService, type RunningService } from '../helpers/process.ts';

const running: RunningService[] = [];
afterAll(async () => {
  for (const service of running) await service.kill();
});

async function start(env: Record<string, string>): Promise<RunningService> {
  const service = await startService({ RATE_LIMIT_BUSINESS: '1000000', ...env });
  running.push(service);
  return service;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('an import across a crash', () => {
  it('is resumed after a SIGKILL from its last committed chunk: every row once, none lost, none twice', async () => {
    // Small chunks and a short lease, so the job is mid-way when killed and is taken over quickly.
    const settings = { IMPORT_CHUNK_ROWS: '200', IMPORT_LEASE_MS: '2000', IMPORT_POLL_MS: '200' };
    const first = await start(settings);
    const { headers } = await cliUserWithToken({ env: first.env, email: 'crash@example.com', plan: 'business' });
    const ROWS = 20_000;
    const INVALID = ROWS / 1000; // every thousandth row
    const lines = Array.from({ length: ROWS }, (_, i) =>
      i % 1000 === 999 ? 'not a url,' : `https://example.com/crash/${i},${i % 10 === 0 ? `crash-${i}` : ''}`,
    );
    const upload = await fetch(`${first.apiUrl}/api/v1/imports`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: `url,alias\n${lines.join('\n')}\n`,
    });
    expect(upload.status).toBe(202);
    const { id } = (await upload.json()) as { id: number };
    const read = async (service: RunningService) =>
      (await (await fetch(`${service.apiUrl}/api/v1/imports/${id}`, { headers })).json()) as Record<string, unknown>;

    let before: Record<string, unknown> = {};
    for (let i = 0; i < 400; i++) {
      before = await read(first);
      if (Number(before.processed) >= 2000) break;
      await sleep(20);
    }
    expect(before.status).toBe('running');
    expect(Number(before.processed)).toBeLessThan(ROWS);
    await first.kill(); // SIGKILL, mid-import

    const second = await start({ ...settings, DATABASE_URL: first.env.DATABASE_URL! });
    let after: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++) {
      after = await read(second);
      if (after.status === 'done' || after.status === 'failed') break;
      await sleep(100);
    }
    expect(after).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, invalid: INVALID, skipped: 0 });
    expect(after.created).toBe(ROWS - INVALID);
    expect(Number(after.processed)).toBeGreaterThan(Number(before.processed));
    // The errors name the right rows (data row n is line i = n - 1 above), each once.
    expect((after.errors as Array<{ row: number }>).map((e) => e.row)).toEqual(
      Array.from({ length: INVALID }, (_, k) => (k + 1) * 1000),
    );
    await second.stop();
    const db = new SQLite(first.env.DATABASE_URL!.slice('sqlite:'.length), { readonly: true });
    try {
      const { links, urls } = db
        .prepare('select count(*) as links, count(distinct redirect_url) as urls from links where redirect_url like ?')
        .get('https://example.com/crash/%') as { links: number; urls: number };
      expect(links).toBe(ROWS - INVALID);
      expect(urls).toBe(ROWS - INVALID);
      const job = db.prepare('select attempts from imports where id = ?').get(id) as { attempts: number };
      expect(job.attempts).toBe(2);
    } finally {
      db.close();
    }
  });
});

describe('hoplink import and export', () => {
  it('imports a file and prints one JSON summary shaped like GET /imports/{id}; exports it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-import-cli-'));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'cli.db')}` };
    await hoplink(env, 'user', 'create', '--email', 'cli@example.com', '--plan', 'business');
    const file = resolve(import.meta.dirname, '../fixtures/imports/yourls.csv');
    const out = await hoplink(env, 'import', '--email', 'cli@example.com', '--file', file, '--json');
    expect(out.trim().split('\n')).toHaveLength(1);
    const summary = JSON.parse(out);
    expect(Object.keys(summary).sort()).toEqual(
      [
        'created',
        'created_at',
        'errors',
        'failure_reason',
        'format',
        'finished_at',
        'id',
        'invalid',
        'processed',
        'skipped',
        'status',
        'total',
        'updated_at',
      ].sort(),
    );
    expect(summary).toMatchObject({ status: 'done', total: 3, processed: 3, created: 2, invalid: 1, skipped: 0 });
    expect(summary.errors).toEqual([{ row: 3, message: expect.stringMatching(/redirect url/) }]);

    // Without --json and without a terminal: plain lines, then the summary in words.
    const again = join(dir, 'again.csv');
    writeFileSync(again, 'url,keyword\nhttps://example.com/yourls/home,yr-home\n');
    const text = await hoplink(env, 'import', '--email', 'cli@example.com', '--file', again).catch(
      (error: { stdout: string }) => error.stdout,
    );
    expect(text).toMatch(/imported 1\/1 rows: 0 created, 1 skipped, 0 invalid/);
    expect(text).toMatch(/row 1: The short code "yr-home" has already been taken/);

    const csv = await hoplink(env, 'export', '--email', 'cli@example.com');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toBe(
      'id,short_code,short_url,redirect_url,title,category,domain,is_active,click_count,expires_at,created_at',
    );
    expect(rows.map((row) => row.split(',')[1])).toEqual(['yr-home', 'yr-docs']);
  });
});
