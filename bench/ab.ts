// Side by side: the service of checkout A against the service of checkout B on one figure, in
// interleaved slices (A B, B A, A B, ...), so a slow patch of the shared machine hits both alike.
//   npx node bench/ab.ts --a <dir> --b <dir> --figure redirects|create|reads|rss
//     [--engine sqlite|postgres] [--rounds 6] [--seconds 5] [--warmup 10]
// Each service is built and started as `npm start` and bench/run.ts do (its checkout's
// SERVICE_NODE_FLAGS and SERVICE_ENV), on a database of its own: a SQLite file, or a fresh
// PostgreSQL database beside `--postgres`'s with Redis under a key prefix of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../src/storage/database.ts';
import { migrateToLatest } from '../src/storage/migrate.ts';
import { storesFor } from '../src/storage/stores.ts';
import { benchAccount } from './account.ts';
import { issueToken } from '../src/services/tokens.ts';
import { cpuMicros } from './cpu-time.ts';
import { measureCreate } from './create-links.ts';
import { seedLinks } from './list-links.ts';
import { insertPlainLink } from './plain-link.ts';
import { residentMb } from './scorecard.ts';
import { benchServiceEnv, freePort, waitFor } from './serving.ts';

const args = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    figure: { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '10' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
}).values;
const FIGURES = ['redirects', 'create', 'reads', 'rss'] as const;
type Figure = (typeof FIGURES)[number];
const figure = args.figure as Figure;
if (!args.a || !args.b || !FIGURES.includes(figure) || !['sqlite', 'postgres'].includes(args.engine)) {
  console.error(
    'usage: bench/ab.ts --a <dir> --b <dir> --figure redirects|create|reads|rss [--engine sqlite|postgres]',
  );
  process.exit(2);
}
const postgres = args.engine === 'postgres';
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const WARM_UP_SECONDS = Number(args.warmup);
const REDIRECT_CONNECTIONS = 50; // as bench/run.ts
const READ_CONNECTIONS = 10; // as measureCreate
const UA = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};
const stamp = Date.now();

interface Side {
  label: 'A' | 'B';
  dir: string;
  child: ChildProcess;
  databaseName: string | undefined;
  short: string;
  api: string;
  auth: Record<string, string>;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: args.postgres });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A user with a token, the plain link, and for `reads` 1,000 links to list. */
async function seed(databaseUrl: string): Promise<string> {
  const { db, close } = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const user = await benchAccount(db, 'ab@example.com', 'business');
    const { plaintext } = await issueToken(
      { stores: storesFor(db) },
      { userId: user.id, workspaceId: user.workspaceId, name: 'ab', abilities: ['read', 'create', 'update', 'delete'] },
    );
    await insertPlainLink(db, user.workspaceId);
    if (figure === 'reads') await seedLinks(db, user.workspaceId, 1_000);
    return plaintext;
  } finally {
    await close();
  }
}

async function start(label: 'A' | 'B', checkout: string, scratch: string): Promise<Side> {
  const dir = resolve(checkout);
  const built = spawnSync(process.execPath, ['scripts/build-server.ts'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building ${dir} failed`);
  // Otherwise the service builds it at start, and keeps vite in its heap (a figure of its own).
  if (!existsSync(join(dir, 'dist/web/index.html'))) throw new Error(`${dir}: no dashboard built (npm run build)`);
  // The checkout's own flags and environment: a checkout may have changed or dropped them.
  const serve = (await import(pathToFileURL(join(dir, 'src/cli/serve.ts')).href)) as {
    SERVICE_NODE_FLAGS?: string[];
    SERVICE_ENV?: Record<string, string>;
  };
  let databaseUrl = `sqlite:${join(scratch, `${label}.db`)}`;
  let databaseName: string | undefined;
  if (postgres) {
    databaseName = `hoplink_ab_${stamp}_${label.toLowerCase()}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(args.postgres!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const token = await seed(databaseUrl);
  const [port, shortPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [...(serve.SERVICE_NODE_FLAGS ?? []), 'bin/hoplink.js', 'serve'], {
    cwd: dir,
    env: benchServiceEnv({
      serviceEnv: serve.SERVICE_ENV,
      databaseUrl,
      port,
      shortPort,
      extra: postgres ? { REDIS_URL: args.redis!, REDIS_PREFIX: `ab-${stamp}-${label}:` } : {},
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const side: Side = {
    label,
    dir,
    child,
    databaseName,
    short: `http://127.0.0.1:${shortPort}`,
    api: `http://127.0.0.1:${port}/api/v1`,
    auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
  await waitFor(`${side.short}/`);
  await waitFor(`${side.api}/links`);
  return side;
}

/** The figure (a rate, or MB of RSS after the slice), the load's rate, the service's CPU µs a request. */
interface Slice {
  value: number;
  rate: number;
  cpu: number;
  errors: number;
}

async function drive(side: Side, seconds: number): Promise<{ done: number; rate: number; errors: number }> {
  if (figure === 'create') {
    const created = await measureCreate(side.api, side.auth, seconds);
    return { done: created.perSecond * seconds, rate: created.perSecond, errors: created.errors };
  }
  const reads = figure === 'reads';
  const result = await autocannon({
    url: reads ? `${side.api}/links?per_page=20&sort=click_count` : `${side.short}/plain`,
    connections: reads ? READ_CONNECTIONS : REDIRECT_CONNECTIONS,
    duration: seconds,
    headers: reads ? side.auth : UA,
  });
  const ok = reads ? result['2xx'] : result['3xx'];
  return { done: ok, rate: ok / result.duration, errors: result.errors + result.non2xx - (reads ? 0 : result['3xx']) };
}

async function slice(side: Side): Promise<Slice> {
  const before = cpuMicros(side.child.pid);
  const { done, rate, errors } = await drive(side, SECONDS);
  const after = cpuMicros(side.child.pid);
  const cpu = before && after && done > 0 ? (after.all - before.all) / done : Number.NaN;
  const value = figure === 'rss' ? (residentMb(side.child.pid) ?? Number.NaN) : rate;
  return { value, rate, cpu, errors };
}

async function stop(side: Side): Promise<void> {
  // The service flushes its buffers on SIGTERM: its database goes only after it has exited.
  if (side.child.exitCode === null && side.child.signalCode === null) {
    const exited = new Promise((done) => side.child.once('exit', done));
    side.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  if (side.databaseName) await adminQuery(`drop database if exists ${side.databaseName} with (force)`).catch(() => {});
  if (postgres) {
    const redis = new Redis(args.redis!);
    const keys = await redis.keys(`ab-${stamp}-${side.label}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
/** The value at fraction `q` of the sorted values, between two neighbours (q = 0.5: the median). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)]!;
  return low + (sorted[Math.ceil(at)]! - low) * (at - Math.floor(at));
}
const summary = (ratios: number[]) =>
  `median of pairs ${pct(quantile(ratios, 0.5))} (middle half ${pct(quantile(ratios, 0.25))} - ` +
  `${pct(quantile(ratios, 0.75))}, all ${pct(Math.min(...ratios))} - ${pct(Math.max(...ratios))})`;
const unit = { redirects: 'redirects/s', create: 'links/s', reads: 'lists/s', rss: 'MB RSS' }[figure];

const scratch = mkdtempSync(join(tmpdir(), 'hoplink-ab-'));
const sides: Side[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void Promise.all(sides.map(stop)).finally(() => {
        rmSync(scratch, { recursive: true, force: true });
        process.exit(1);
      }),
  );
}
try {
  sides.push(await start('A', args.a, scratch));
  sides.push(await start('B', args.b, scratch));
  const [a, b] = sides as [Side, Side];
  console.log(`A ${a.dir}\nB ${b.dir}\n${figure} on ${args.engine}: ${ROUNDS} rounds of ${SECONDS} s slices`);
  for (const side of sides) await drive(side, WARM_UP_SECONDS); // JIT, caches, the database's pages
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const rateRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [a, b] : [b, a];
    const results = new Map<Side, Slice>();
    for (const side of order) results.set(side, await slice(side));
    const [ra, rb] = [results.get(a)!, results.get(b)!];
    ratios.push(rb.value / ra.value);
    cpuRatios.push(rb.cpu / ra.cpu);
    rateRatios.push(rb.rate / ra.rate);
    const load = figure === 'rss' ? `, redirects B/A ${pct(rb.rate / ra.rate)}` : '';
    const cpu = `CPU a request A ${ra.cpu.toFixed(0)} µs, B ${rb.cpu.toFixed(0)} µs`;
    const errors = ra.errors + rb.errors > 0 ? `   errors A ${ra.errors}, B ${rb.errors}` : '';
    const pair = `pair ${round + 1} (${order.map((s) => s.label).join(' ')})`;
    console.log(
      `  ${pair}: A ${ra.value.toFixed(0)}, B ${rb.value.toFixed(0)} ${unit}   B/A ${pct(rb.value / ra.value)}${load}` +
        `   ${cpu}${errors}`,
    );
  }
  console.log(`B/A ${figure}: ${summary(ratios)}`);
  if (figure === 'rss') console.log(`B/A redirects during it: ${summary(rateRatios)}`);
  console.log(`B/A service CPU a request: ${summary(cpuRatios)}`);
} finally {
  await Promise.all(sides.map(stop));
  rmSync(scratch, { recursive: true, force: true });
}
