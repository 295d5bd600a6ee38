// npm run bench:import [-- --rows 1000000] [-- --postgres postgres://postgres@127.0.0.1:5432/test]
// 1,000,000 CSV rows through the real `hoplink import` (a child process, as an operator runs it),
// then `hoplink export` of the same links: wall time and peak RSS of each (VmHWM from /proc).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const args = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, postgres: { type: 'string' } },
}).values;
const ROWS = Number(args.rows);
const dir = mkdtempSync(join(tmpdir(), 'hoplink-bench-import-'));

/** A fresh database: a SQLite file, or a new PostgreSQL database beside the one named. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!args.postgres) return { url: `sqlite:${join(dir, 'bench.db')}`, drop: async () => {} };
  const name = `hoplink_bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: args.postgres });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Realistic rows: most with a random code, a fifth with their own, titles, 20 categories, a few bad ones. */
async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('long_url,short_code,title,tags\n');
  for (let i = 1; i <= ROWS; i++) {
    const url = i % 1000 === 0 ? 'not a url' : `https://example.com/articles/${i}?utm_source=bench`;
    const code = i % 5 === 0 ? `bench-${i}` : '';
    const title = i % 2 === 0 ? `Article ${i}, "imported"` : '';
    const quoted = title.includes(',') ? `"${title.replaceAll('"', '""')}"` : title;
    const line = `${url},${code},${quoted},topic-${i % 20}|x\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs `hoplink ...args` on Node 24 (this process's), and samples its peak RSS until it exits. */
async function hoplink(env: Record<string, string>, ...argv: string[]) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'bin/hoplink.js'), ...argv], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  let peakKb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // exited
    }
  };
  const timer = setInterval(sample, 50);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`hoplink ${argv.join(' ')} exited ${code}:\n${stdout}`);
  return { seconds, peakMb: peakKb / 1024, stdout };
}

const database = await freshDatabase();
try {
  const csvPath = join(dir, 'links.csv');
  await writeCsv(csvPath);
  const csvMb = statSync(csvPath).size / 1024 / 1024;
  const env = { DATABASE_URL: database.url };
  await hoplink(env, 'user', 'create', '--email', 'bench@example.com', '--plan', 'business', '--json');
  const engine = args.postgres ? 'PostgreSQL' : 'SQLite';
  console.log(`${engine}: importing ${ROWS.toLocaleString('en')} rows (${csvMb.toFixed(1)} MB of CSV) ...`);
  const imported = await hoplink(env, 'import', '--email', 'bench@example.com', '--file', csvPath, '--json');
  const summary = JSON.parse(imported.stdout) as Record<string, unknown>;
  console.log(
    `import: ${imported.seconds.toFixed(1)} s (${Math.round(ROWS / imported.seconds).toLocaleString('en')} rows/s), ` +
      `peak RSS ${imported.peakMb.toFixed(0)} MB; ${summary.status}: created ${summary.created}, ` +
      `skipped ${summary.skipped}, invalid ${summary.invalid}`,
  );
  const outPath = join(dir, 'export.csv');
  const exported = await hoplink(env, 'export', '--email', 'bench@example.com', '--out', outPath);
  const lines = readFileSync(outPath, 'utf8').split('\n').length - 2;
  console.log(
    `export: ${exported.seconds.toFixed(1)} s for ${lines.toLocaleString('en')} links ` +
      `(${(statSync(outPath).size / 1024 / 1024).toFixed(1)} MB), peak RSS ${exported.peakMb.toFixed(0)} MB`,
  );
} finally {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
