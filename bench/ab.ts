// Side by side: the service of checkout A against the service of checkout B on one figure, in
// interleaved slices (A B, B A, A B, ...), so a slow patch of the shared machine hits both alike.
//   npx node bench/ab.ts --a <dir> --b <dir> --figure redirects|create|reads|search|stats|rss|latency
//     [--engine sqlite|postgres] [--rounds 6] [--seconds 5] [--warmup 10] [--requests 200]
// redirects, create, reads, search, stats: a rate under load (autocannon; search: the bench's search
// among 100,000 links; stats: a link's four breakdowns over 100,000 clicks, as bench/run.ts reads
// them); rss: MB resident after a redirect slice. On PostgreSQL the CPU a request adds PostgreSQL's
// and Redis's (only one side is under load at a time).
// latency: one request at a time among 100,000 links, the median and p90 at the client of three
// measures, each its own slice of --requests requests: a link's first visit (a code not yet in the
// redirect cache), an unknown code, and the links list with a search (bench/run.ts's last figures).
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
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/storage/database.ts';
import { migrateToLatest } from '../src/storage/migrate.ts';
import { storesFor } from '../src/storage/stores.ts';
import { benchAccount } from './account.ts';
import { issueToken } from '../src/services/tokens.ts';
import { hasQueuedLinks } from '../src/storage/links.kysely.ts';
import { cpuMicros, runningCpuOf } from './cpu-time.ts';
import { measureCreate } from './create-links.ts';
import { firstVisitCode, LIST_LINKS, SEARCH_QUERY, seedLinks, unknownCode } from './list-links.ts';
import { insertPlainLink } from './plain-link.ts';
import { seedClicks } from './seed-clicks.ts';
import { residentMb } from './scorecard.ts';
import { benchServiceEnv, freePort, requestJson, timeOneAtATime, visit, waitFor } from './serving.ts';

const args = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    figure: { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '10' },
    requests: { type: 'string', default: '200' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
}).values;
const FIGURES = ['redirects', 'create', 'reads', 'search', 'stats', 'rss', 'latency'] as const;
type Figure = (typeof FIGURES)[number];
const figure = args.figure as Figure;
if (!args.a || !args.b || !FIGURES.includes(figure) || !['sqlite', 'postgres'].includes(args.engine)) {
  console.error(
    'usage: bench/ab.ts --a <dir> --b <dir> --figure redirects|create|reads|search|stats|rss|latency' +
      ' [--engine sqlite|postgres]',
  );
  process.exit(2);
}
const postgres = args.engine === 'postgres';
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const WARM_UP_SECONDS = Number(args.warmup);
const REQUESTS = Number(args.requests);
const REDIRECT_CONNECTIONS = 50; // as bench/run.ts
const READ_CONNECTIONS = 10; // as measureCreate
const UA = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};
const stamp = Date.now();
const STATS_CLICKS = 100_000;
/** What the API figures read: a side's path under /api/v1. */
const API_PATHS: Partial<Record<Figure, (side: Side) => string>> = {
  reads: () => 'links?per_page=20&sort=click_count',
  search: () => `links?${SEARCH_QUERY}`,
  stats: (side) => `links/${side.plainId}/stats?with=country,device,browser,os`,
};

interface Side {
  label: 'A' | 'B';
  dir: string;
  child: ChildProcess;
  databaseName: string | undefined;
  databaseUrl: string;
  short: string;
  api: string;
  auth: Record<string, string>;
  plainId: number;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: args.postgres });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/**
 * A user with a token, the plain link (for `stats` with 100,000 clicks over 90 days), and for
 * `reads` 1,000 links to list, for `search` and `latency` 100,000.
 */
async function seed(databaseUrl: string): Promise<{ token: string; plainId: number }> {
  const { db, close } = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const user = await benchAccount(db, 'ab@example.com', 'business');
    const { plaintext } = await issueToken(
      { stores: storesFor(db) },
      { userId: user.id, workspaceId: user.workspaceId, name: 'ab', abilities: ['read', 'create', 'update', 'delete'] },
    );
    const plain = await insertPlainLink(db, user.workspaceId);
    if (figure === 'stats') {
      await seedClicks(db, plain.id, STATS_CLICKS, 90);
      if (postgres) await sql`vacuum analyze link_daily_stats, link_dimension_stats, link_daily_bots`.execute(db);
    }
    if (figure === 'reads') await seedLinks(db, user.workspaceId, 1_000);
    if (figure === 'search' || figure === 'latency') await seedLinks(db, user.workspaceId, LIST_LINKS);
    return { token: plaintext, plainId: plain.id };
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
  const { token, plainId } = await seed(databaseUrl);
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
    databaseUrl,
    short: `http://127.0.0.1:${shortPort}`,
    api: `http://127.0.0.1:${port}/api/v1`,
    auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    plainId,
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
  const reads = figure !== 'redirects' && figure !== 'rss';
  const result = await autocannon({
    url: reads ? `${side.api}/${API_PATHS[figure]!(side)}` : `${side.short}/plain`,
    connections: reads ? READ_CONNECTIONS : REDIRECT_CONNECTIONS,
    duration: seconds,
    headers: reads ? side.auth : UA,
  });
  const ok = reads ? result['2xx'] : result['3xx'];
  return { done: ok, rate: ok / result.duration, errors: result.errors + result.non2xx - (reads ? 0 : result['3xx']) };
}

const postgresCpu = runningCpuOf('postgres');
const redisCpu = runningCpuOf('redis-server');
/** The service's CPU so far (µs), with PostgreSQL's and Redis's on the scaled engine. */
function servingCpu(side: Side): number | undefined {
  const service = cpuMicros(side.child.pid)?.all;
  if (service === undefined || !postgres) return service;
  return service + postgresCpu() + redisCpu();
}

async function slice(side: Side): Promise<Slice> {
  if (figure === 'search') await searchIndexed(side);
  const before = servingCpu(side);
  const { done, rate, errors } = await drive(side, SECONDS);
  const after = servingCpu(side);
  const cpu = before !== undefined && after !== undefined && done > 0 ? (after - before) / done : Number.NaN;
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
const ms = (value: number) => value.toFixed(2);
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
const unit = {
  redirects: 'redirects/s',
  create: 'links/s',
  reads: 'lists/s',
  search: 'searches/s',
  stats: 'stats/s',
  rss: 'MB RSS',
  latency: 'ms',
}[figure];

async function compareRates(a: Side, b: Side): Promise<void> {
  for (const side of [a, b]) await drive(side, WARM_UP_SECONDS); // JIT, caches, the database's pages
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
  console.log(`B/A ${postgres ? 'serving' : 'service'} CPU a request: ${summary(cpuRatios)}`);
}

interface Measure {
  name: string;
  /** The side's `i`th request of this measure: the `i`th code, so that none is in the redirect cache. */
  request: (side: Side, i: number) => Promise<unknown>;
}
const MEASURES: Measure[] = [
  { name: 'first visit', request: (side, i) => visit(`${side.short}/${firstVisitCode(i)}`) },
  { name: 'unknown code', request: (side, i) => visit(`${side.short}/${unknownCode(i)}`) },
  { name: 'search list', request: (side) => requestJson(`${side.api}/links?${SEARCH_QUERY}`, { headers: side.auth }) },
];
const requestsMade = new Map<string, number>();
interface Timed {
  times: number[];
  cpu: number;
}

/** `count` requests of `measure`, one at a time: their times (ms, sorted) and the service's CPU µs a request. */
async function timeMeasure(side: Side, measure: Measure, count: number): Promise<Timed> {
  const key = `${side.label} ${measure.name}`;
  const first = requestsMade.get(key) ?? 0;
  // Past LIST_LINKS, first visits would find their links in the redirect cache.
  if (first + count > LIST_LINKS) throw new Error(`${key}: more than ${LIST_LINKS} requests`);
  requestsMade.set(key, first + count);
  const before = cpuMicros(side.child.pid);
  const times = await timeOneAtATime(count, (i) => measure.request(side, first + i));
  const after = cpuMicros(side.child.pid);
  return { times, cpu: before && after ? (after.all - before.all) / count : Number.NaN };
}

/** On SQLite the service indexes the seeded links for search in the background; searches scan the rest. */
async function searchIndexed(side: Side): Promise<void> {
  const { db, close } = openDatabase(side.databaseUrl);
  try {
    while (await hasQueuedLinks(db)) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await close();
  }
}

/** A latency measure's requests on each side, and B/A of its p50, p90 and CPU a request, pair by pair. */
interface LatencyRecord {
  times: { a: number[]; b: number[] };
  p50: number[];
  p90: number[];
  cpu: number[];
}

function recordPair(record: LatencyRecord, pair: string, a: Timed, b: Timed): void {
  record.times.a.push(...a.times);
  record.times.b.push(...b.times);
  const [a50, a90] = [quantile(a.times, 0.5), quantile(a.times, 0.9)];
  const [b50, b90] = [quantile(b.times, 0.5), quantile(b.times, 0.9)];
  record.p50.push(b50 / a50);
  record.p90.push(b90 / a90);
  record.cpu.push(b.cpu / a.cpu);
  console.log(
    `  ${pair}: p50 A ${ms(a50)}, B ${ms(b50)} ms, B/A ${pct(b50 / a50)}   ` +
      `p90 A ${ms(a90)}, B ${ms(b90)} ms, B/A ${pct(b90 / a90)}   ` +
      `CPU a request A ${a.cpu.toFixed(0)} µs, B ${b.cpu.toFixed(0)} µs`,
  );
}

async function compareLatency(a: Side, b: Side): Promise<void> {
  for (const side of [a, b]) {
    await searchIndexed(side);
    const until = performance.now() + WARM_UP_SECONDS * 1000; // JIT, caches, the database's pages
    while (performance.now() < until) for (const measure of MEASURES) await timeMeasure(side, measure, 50);
  }
  const records = new Map<Measure, LatencyRecord>(
    MEASURES.map((m) => [m, { times: { a: [], b: [] }, p50: [], p90: [], cpu: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [a, b] : [b, a];
    for (const measure of MEASURES) {
      const results = new Map<Side, Timed>();
      for (const side of order) results.set(side, await timeMeasure(side, measure, REQUESTS));
      const pair = `pair ${round + 1} (${order.map((s) => s.label).join(' ')}) ${measure.name.padEnd(12)}`;
      recordPair(records.get(measure)!, pair, results.get(a)!, results.get(b)!);
    }
  }
  for (const [measure, record] of records) {
    const quantiles = [['p50', 0.5, record.p50] as const, ['p90', 0.9, record.p90] as const];
    for (const [label, q, ratios] of quantiles) {
      const [qa, qb] = [quantile(record.times.a, q), quantile(record.times.b, q)];
      console.log(
        `${measure.name}, ${label} of all ${record.times.a.length} requests a side: A ${ms(qa)} ms, B ${ms(qb)} ms, ` +
          `B/A ${pct(qb / qa)}; ${summary(ratios)}`,
      );
    }
    console.log(`${measure.name}, B/A service CPU a request: ${summary(record.cpu)}`);
  }
}

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
  const slices = figure === 'latency' ? `${REQUESTS} requests a measure` : `${SECONDS} s`;
  console.log(`A ${a.dir}\nB ${b.dir}\n${figure} on ${args.engine}: ${ROUNDS} rounds of ${slices} slices`);
  await (figure === 'latency' ? compareLatency(a, b) : compareRates(a, b));
} finally {
  await Promise.all(sides.map(stop));
  rmSync(scratch, { recursive: true, force: true });
}
