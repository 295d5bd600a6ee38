import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, openSqliteConnection } from '../storage/database.ts';
import { migrateToLatest } from '../storage/migrate.ts';
import { migrations } from '../storage/migrations/index.ts';
import { assertNotInUse, inspectBackup, processesHolding } from './backup.ts';
import { runCli } from './program.ts';

const LATEST = Object.keys(migrations).sort().at(-1)!;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function run(env: Record<string, string>, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    env,
  });
  return { code, out, err };
}

/** A migrated Hoplink database with one user, in a directory of its own. */
async function hoplinkDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-backup-'));
  const path = join(dir, 'hoplink.db');
  const env = { DATABASE_URL: `sqlite:${path}` };
  expect((await run(env, 'user', 'create', '--email', 'ann@example.com', '--plan', 'pro')).code).toBe(0);
  return { dir, path, env };
}

function countUsers(path: string): number {
  const db = new SQLite(path, { readonly: true });
  try {
    return db.prepare('select count(*) from users').pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('hoplink backup', () => {
  it('writes a self-contained copy and prints one JSON object with its size and schema', async () => {
    const { dir, path, env } = await hoplinkDatabase();
    const out = join(dir, 'backups', 'copy.db');
    const res = await run(env, 'backup', '--out', out, '--json');
    expect(res.code).toBe(0);
    expect(res.out.trim().split('\n')).toHaveLength(1);
    const printed = JSON.parse(res.out);
    expect(printed).toEqual({ backup: out, database: path, bytes: expect.any(Number), schema: LATEST });
    expect(printed.bytes).toBeGreaterThan(0);
    expect(countUsers(out)).toBe(1);
    // A rollback-journal file: no -wal or -shm beside it, no temporary file left over.
    expect(readdirSync(join(dir, 'backups'))).toEqual(['copy.db']);
  });

  it('keeps an existing file unless --force, and never writes over the database itself', async () => {
    const { dir, path, env } = await hoplinkDatabase();
    const out = join(dir, 'copy.db');
    writeFileSync(out, 'precious');
    const refused = await run(env, 'backup', '--out', out);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/already exists; give --force/);
    expect(inspectBackup.bind(null, out)).toThrow(/not a SQLite database/);

    const forced = await run(env, 'backup', '--out', out, '--force');
    expect(forced.code).toBe(0);
    expect(forced.out).toContain(`bytes, schema ${LATEST}`);
    expect(countUsers(out)).toBe(1);

    const itself = await run(env, 'backup', '--out', path, '--force');
    expect(itself.code).toBe(1);
    expect(itself.err).toMatch(/is the database itself/);
    expect(countUsers(path)).toBe(1);
  });

  it('refuses a database that does not exist instead of creating one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-backup-'));
    const res = await run({ DATABASE_URL: `sqlite:${join(dir, 'none.db')}` }, 'backup', '--out', join(dir, 'x.db'));
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/There is no database at/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('shows the pg_dump and pg_restore commands for a PostgreSQL URL, without its password', async () => {
    const env = { DATABASE_URL: 'postgres://hop:s3cret@db.internal:5432/hoplink' };
    const backup = await run(env, 'backup', '--out', '/backups/hop.dump', '--json');
    expect(backup.code).toBe(1);
    expect(backup.out).toBe('');
    expect(backup.err).toContain(
      'pg_dump --format=custom --file=/backups/hop.dump postgres://hop@db.internal:5432/hoplink',
    );
    expect(backup.err).toContain('pg_restore --clean --if-exists --no-owner --single-transaction');
    expect(backup.err).toContain('PGPASSWORD');
    expect(backup.err).not.toContain('s3cret');

    const restore = await run(env, 'restore', '--from', '/backups/hop.dump');
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('pg_restore --clean --if-exists --no-owner --single-transaction');
    expect(restore.err).toContain('psql --single-transaction');
  });
});

describe('hoplink restore', () => {
  it('puts a backup in place, keeps the database it replaces, and the result migrates', async () => {
    const { dir, path, env } = await hoplinkDatabase();
    const out = join(dir, 'copy.db');
    expect((await run(env, 'backup', '--out', out)).code).toBe(0);
    await run(env, 'user', 'create', '--email', 'bob@example.com');
    expect(countUsers(path)).toBe(2);
    // Stale files of an earlier crash: a -wal left beside the new file would be replayed into it.
    writeFileSync(`${path}-shm`, 'stale');
    chmodSync(path, 0o640);

    const res = await run(env, 'restore', '--from', out, '--json');
    expect(res.code).toBe(0);
    const printed = JSON.parse(res.out);
    expect(printed).toMatchObject({ restored: path, from: out, schema: LATEST });
    expect(printed.previous).toMatch(/hoplink\.db\.before-restore-/);
    expect(countUsers(path)).toBe(1);
    expect(countUsers(printed.previous)).toBe(2);
    expect(existsSync(`${path}-shm`)).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o640);

    const handle = openDatabase(env.DATABASE_URL);
    try {
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('restores into a place where there is no database yet', async () => {
    const { dir, env } = await hoplinkDatabase();
    const out = join(dir, 'copy.db');
    await run(env, 'backup', '--out', out);
    const target = join(dir, 'fresh', 'hoplink.db');
    const res = await run({ DATABASE_URL: `sqlite:${target}` }, 'restore', '--from', out, '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out).previous).toBeNull();
    expect(countUsers(target)).toBe(1);
  });
});

describe('hoplink restore refuses', () => {
  it('refuses a file that is not a Hoplink database', async () => {
    const { dir, path, env } = await hoplinkDatabase();
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header\n'.repeat(10));
    const empty = join(dir, 'empty.db');
    writeFileSync(empty, '');
    const other = join(dir, 'other.db');
    const db = new SQLite(other);
    db.exec('create table things (id integer primary key)');
    db.close();

    for (const [file, message] of [
      [text, /is not a SQLite database/],
      [empty, /is not a Hoplink database/],
      [other, /is not a Hoplink database/],
      [join(dir, 'missing.db'), /There is no file/],
    ] as const) {
      const res = await run(env, 'restore', '--from', file);
      expect(res.code, file).toBe(1);
      expect(res.err).toMatch(message);
    }
    expect(countUsers(path)).toBe(1);
  });

  it('refuses a backup made by a newer version (a migration this one does not know)', async () => {
    const { dir, env } = await hoplinkDatabase();
    const out = join(dir, 'copy.db');
    await run(env, 'backup', '--out', out);
    const db = new SQLite(out);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999-from-the-future', 'now');
    db.close();
    const res = await run(env, 'restore', '--from', out);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/newer version of Hoplink.*999-from-the-future/);
  });

  it('refuses while another connection has the database open, even an idle one in WAL mode', async () => {
    const { dir, path, env } = await hoplinkDatabase();
    const out = join(dir, 'copy.db');
    await run(env, 'backup', '--out', out);
    // A connection as the service opens it, idle after one read (this process, so /proc skips it).
    const service = openSqliteConnection(path);
    service.prepare('select count(*) from users').get();
    try {
      const res = await run(env, 'restore', '--from', out);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/is in use: another connection holds a lock/);
    } finally {
      service.close();
    }
    expect((await run(env, 'restore', '--from', out)).code).toBe(0);
  });

  it('refuses while another process has the database open, naming it', async () => {
    const { path } = await hoplinkDatabase();
    const holder = spawn('sh', ['-c', 'exec sleep 30 3<"$0"', path], { stdio: 'ignore' });
    cleanups.push(() => holder.kill('SIGKILL'));
    const deadline = Date.now() + 5_000;
    // Until the shell has exec'd sleep with the file open as descriptor 3.
    while (processesHolding([path])?.[0]?.command !== 'sleep 30' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(processesHolding([path])).toEqual([{ pid: holder.pid, command: 'sleep 30' }]);
    expect(() => assertNotInUse(path)).toThrow(new RegExp(`in use by process ${holder.pid} \\(sleep 30\\)`));
  });

  it('has no answer where there is no /proc', () => {
    expect(processesHolding(['/x'], '/no/such/proc')).toBeUndefined();
  });
});
