import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { hoplink, hoplinkResult, startService, type RunningService } from '../helpers/process.ts';

const running: RunningService[] = [];
afterAll(async () => {
  for (const service of running) await service.kill();
});

async function start(env: Record<string, string> = {}): Promise<RunningService> {
  const service = await startService({ RATE_LIMIT_BUSINESS: '1000000', ...env });
  running.push(service);
  return service;
}

describe('hoplink backup and restore around a running service', () => {
  it('backs up under writes and visits, refuses to restore under the service, restores once it stops', async () => {
    const service = await start();
    const env = service.env;
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-backup-e2e-'));
    await hoplink(env, 'user', 'create', '--email', 'backup@example.com', '--plan', 'business');
    const { token } = JSON.parse(
      await hoplink(env, 'token', 'create', '--email', 'backup@example.com', '--name', 'backup', '--json'),
    );
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    const createLink = async (n: number): Promise<string> => {
      const res = await fetch(`${service.apiUrl}/api/v1/links`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ redirect_url: `https://example.com/backup/${n}` }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { short_code: string }).short_code;
    };

    const before: string[] = [];
    for (let n = 0; n < 20; n += 1) before.push(await createLink(n));

    // Keep writing through both ports (links through the API, visits through the short host,
    // which the click writer commits every 250 ms) for as long as the backup runs.
    let writing = true;
    let created = 0;
    let visits = 0;
    const writer = (async () => {
      while (writing) {
        const code = await createLink(1000 + created);
        created += 1;
        const visit = await fetch(`${service.shortUrl}/${code}`, { redirect: 'manual' });
        expect(visit.status).toBe(302);
        const again = await fetch(`${service.shortUrl}/${before[visits % before.length]}`, { redirect: 'manual' });
        expect(again.status).toBe(302);
        visits += 2;
      }
    })();
    const out = join(dir, 'hoplink-backup.db');
    let printed: { backup: string; bytes: number; schema: string };
    try {
      printed = JSON.parse(await hoplink(env, 'backup', '--out', out, '--json'));
    } finally {
      writing = false;
      await writer;
    }
    expect(created).toBeGreaterThan(0);
    expect(printed).toMatchObject({ backup: out, schema: expect.stringMatching(/^\d{3}-/) });
    expect(printed.bytes).toBeGreaterThan(0);

    const copy = new SQLite(out, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      const codes = new Set(copy.prepare('select short_code from links').pluck().all() as string[]);
      for (const code of before) expect(codes.has(code), code).toBe(true);
      expect(codes.size).toBeLessThanOrEqual(before.length + created);
    } finally {
      copy.close();
    }
    // Made after the backup finished, so the restored database must not know it.
    const after = await createLink(9999);

    // Refusals while the service runs: the database is in use, and files that are no Hoplink backup.
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'this is not a database\n'.repeat(20));
    const empty = join(dir, 'empty.db');
    new SQLite(empty).close();
    const future = join(dir, 'future.db');
    await hoplink(env, 'backup', '--out', future);
    const db = new SQLite(future);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999-from-the-future', 'x');
    db.close();
    const [inUse, notDatabase, notHoplink, newer, postgres] = await Promise.all([
      hoplinkResult(env, 'restore', '--from', out),
      hoplinkResult(env, 'restore', '--from', text),
      hoplinkResult(env, 'restore', '--from', empty),
      hoplinkResult(env, 'restore', '--from', future),
      hoplinkResult({ DATABASE_URL: 'postgres://hop@127.0.0.1:1/hoplink' }, 'backup', '--out', 'hop.dump', '--json'),
    ]);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/is in use by process \d+/);
    expect(notDatabase).toMatchObject({ code: 1, stderr: expect.stringMatching(/is not a SQLite database/) });
    expect(notHoplink).toMatchObject({ code: 1, stderr: expect.stringMatching(/is not a Hoplink database/) });
    expect(newer).toMatchObject({ code: 1, stderr: expect.stringMatching(/999-from-the-future/) });
    expect(postgres.code).toBe(1);
    expect(postgres.stdout).toBe('');
    expect(postgres.stderr).toContain('pg_dump --format=custom --file=hop.dump postgres://hop@127.0.0.1:1/hoplink');
    expect(postgres.stderr).toContain('pg_restore');

    expect(await service.stop()).toBe(0);
    const restored = JSON.parse(await hoplink(env, 'restore', '--from', out, '--json'));
    expect(restored).toMatchObject({ restored: env.DATABASE_URL!.slice('sqlite:'.length), schema: printed.schema });
    expect(JSON.parse(await hoplink(env, 'migrate', '--json'))).toMatchObject({ migrated: true });

    const again = await start({ DATABASE_URL: env.DATABASE_URL! });
    const visit = await fetch(`${again.shortUrl}/${before[3]}`, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/backup/3');
    expect((await fetch(`${again.shortUrl}/${after}`, { redirect: 'manual' })).status).toBe(404);
    expect(await again.stop()).toBe(0);
  });
});
