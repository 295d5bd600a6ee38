// The soak: npx node bench/soak.ts [--minutes 10] [--rate 300] [--links 40] [--seed 1]
//
// Starts the service as a user would (`npm start`, SQLite, free loopback ports), makes a Business
// user and a token with the CLI and a few dozen links with the API, then sends a mixed load at a
// FIXED rate from this process for the given minutes: 85% redirects over the links, 10% API reads
// (`GET /links`, `GET /links/{id}/stats`), 5% API writes (creating and deleting links). Every 10 s
// it prints a row: latencies, error counts, the service's event-loop delay (from outside: the p99
// latency of `GET /` on the short host, which does no I/O; from inside: a probe preloaded with
// NODE_OPTIONS, no change to src/), its longest GC pause, RSS (VmRSS of its node process), heap,
// its CPU and the machine's idle share (a busy neighbour shows there).
//
// At the end of warm-up and at the end it asks the probe for a full garbage collection that also
// shrinks the heap, and reads RSS right after: between major collections V8 grows and shrinks
// its committed heap by 100 MB and more, so two raw samples would compare the phase of that
// cycle, not what the process keeps. Then a summary per minute, whether every redirect was
// counted, and a verdict. Exits non-zero on any 5xx or failed request, a visit not counted, an
// unclean stop, or RSS after a full GC growing 10% or more between the end of warm-up and the
// end. Method and figures: docs/reliability.md.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { hoplink, startService, type RunningService } from '../test/helpers/process.ts';

const args = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '300' },
    links: { type: 'string', default: '40' },
    seed: { type: 'string', default: '1' },
  },
}).values;
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const LINKS = Number(args.links);
if (!(MINUTES > 0 && MINUTES <= 24 * 60) || !(RATE > 0 && RATE <= 5000) || !(LINKS >= 1 && LINKS <= 1000)) {
  console.error('usage: npx node bench/soak.ts [--minutes 0 < m <= 1440] [--rate 0 < r <= 5000] [--links 1..1000]');
  process.exit(2);
}
const DURATION_MS = MINUTES * 60_000;
const PLANNED = Math.round((RATE * DURATION_MS) / 1000); // the most this run sends
const SAMPLE_MS = 10_000;
/** Memory is compared from here on: 20% of the run, at most 2 minutes (JIT, caches and pools settled). */
const WARMUP_MS = Math.min(120_000, DURATION_MS * 0.2);
/** The second full-GC measurement, while the load still runs. */
const END_GC_MS = DURATION_MS - Math.min(5_000, DURATION_MS * 0.05);
const FLAT_GROWTH = 0.1;
const MAX_IN_FLIGHT = 512; // past this the service is not keeping up: the send is skipped and counted
const TIMEOUT_MS = 10_000;
const LOOP_RESOLUTION_MS = 10;

// Deterministic choices: the same seed sends the same mix in the same order.
let seed = Number(args.seed) >>> 0 || 1;
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/17.2 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/120.0.0.0 Mobile Safari/537.36',
];
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)'; // recorded, never counted

/**
 * Preloaded into the service's main thread only (NODE_OPTIONS reaches npm and the CLI too, where
 * it does nothing; worker threads do not run it). Every 10 s it appends one JSON line: the
 * event-loop delay histogram of those 10 s, the longest GC pause and the major GCs in them, and
 * process.memoryUsage(). When `<file>.gc` appears it runs a full GC that also shrinks the heap (as
 * on a low-memory notification) and appends the memory after it.
 */
const PROBE = `
import { monitorEventLoopDelay, PerformanceObserver, constants, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
const file = process.env.SOAK_PROBE_FILE;
if (file && isMainThread && /src[\\\\/]main\\.ts$/.test(process.argv[1] ?? '')) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const loop = monitorEventLoopDelay({ resolution: ${LOOP_RESOLUTION_MS} });
  loop.enable();
  let gcMax = 0;
  let majors = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMax = Math.max(gcMax, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  const memory = () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
  };
  const write = (line) => appendFileSync(file, JSON.stringify({ at: Date.now(), ...line }) + '\\n');
  const ms = (ns) => ns / 1e6;
  setInterval(() => {
    write({ kind: 'window', p99: ms(loop.percentile(99)), max: ms(loop.max), gcMax, majors, ...memory() });
    loop.reset();
    gcMax = 0;
    majors = 0;
  }, ${SAMPLE_MS}).unref();
  setInterval(() => {
    if (!existsSync(file + '.gc')) return;
    rmSync(file + '.gc', { force: true });
    const start = performance.now();
    // What a low-memory notification does: collect everything, shrink the heap, give pages back.
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    write({ kind: 'gc', ms: performance.now() - start, ...memory() });
  }, 200).unref();
}`;
interface ProbeWindow {
  kind: 'window';
  p99: number;
  max: number;
  gcMax: number;
  majors: number;
  heapUsed: number;
  heapTotal: number;
}
interface ProbeGc {
  kind: 'gc';
  ms: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
}

type Kind = 'redirect' | 'read' | 'write' | 'probe';
interface Window {
  sent: number;
  skipped: number;
  ok: number;
  status4xx: number;
  status5xx: number;
  failed: number; // network errors and timeouts
  latency: Record<Kind, number[]>;
}
const newWindow = (): Window => ({
  sent: 0,
  skipped: 0,
  ok: 0,
  status4xx: 0,
  status5xx: 0,
  failed: 0,
  latency: { redirect: [], read: [], write: [], probe: [] },
});
interface Sample {
  atMs: number;
  window: Window;
  rssMb: number;
  probe: ProbeWindow | undefined;
  /** Share of the window the service used of one core, and the machine sat idle (other work shows here). */
  serviceCpu: number;
  machineIdle: number;
}
interface AfterGc {
  atMs: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  gcMs: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const median = (values: number[]) => percentile(values, 50);
function maxOf(values: Array<number | undefined>): number {
  const known = values.filter((v): v is number => v !== undefined && !Number.isNaN(v));
  return known.length === 0 ? NaN : Math.max(...known);
}
const fmt = (value: number | undefined, digits = 1) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);
const signed = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${fmt(value, digits)}`;
const mb = (bytes: number) => bytes / 1048576;
const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The node process running src/main.ts under the npm process `npmPid` (`npm start` execs it). */
function servicePid(npmPid: number): number {
  const childrenOf = (pid: number): number[] => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const queue = [npmPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    try {
      if (
        readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .split('\0')
          .some((arg) => arg.endsWith('src/main.ts'))
      )
        return pid;
    } catch {
      /* gone */
    }
    queue.push(...childrenOf(pid));
  }
  throw new Error(`no node process running src/main.ts under pid ${npmPid}`);
}

/** VmRSS of `pid` in MB (NaN once it is gone). */
function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) / 1024;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system, all threads) of `pid` so far, in ms; Linux clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The whole machine's idle and total CPU ticks so far (first line of /proc/stat). */
function machineTicks(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((a, b) => a + b, 0) };
}

function probeLines<T extends ProbeWindow | ProbeGc>(file: string, kind: T['kind']): T[] {
  try {
    return readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as T)
      .filter((line) => line.kind === kind);
  } catch {
    return [];
  }
}

const dir = mkdtempSync(join(tmpdir(), 'hoplink-soak-'));
const probeFile = join(dir, 'probe.jsonl');
let service: RunningService | undefined;
const killService = () => void service?.kill();
process.on('exit', killService);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killService();
    process.exit(130);
  });

console.log(
  `soak: ${MINUTES} min at ${RATE} requests/s (${PLANNED} at most), ${LINKS} links, ` +
    `warm-up ${clock(WARMUP_MS)}, started ${new Date().toISOString()}`,
);
service = await startService({
  // The soak measures memory and latency, not the per-user API limit (600/min for Business).
  RATE_LIMIT_BUSINESS: '1000000',
  NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PROBE)}`,
  SOAK_PROBE_FILE: probeFile,
});
const pid = servicePid(service.child.pid!);
// startService keeps everything the service prints; over a long run (a log line per API request)
// that is tens of MB in this process, whose pauses would show in the latencies it measures. Keep
// the last 64 KB, for the report if the service dies.
let outputTail = '';
for (const stream of [service.child.stdout, service.child.stderr]) {
  stream?.removeAllListeners('data');
  stream?.on('data', (chunk: Buffer) => {
    outputTail = (outputTail + chunk.toString()).slice(-65_536);
  });
}
const cliEnv = { DATABASE_URL: service.env.DATABASE_URL! };
await hoplink(cliEnv, 'user', 'create', '--email', 'soak@example.com', '--plan', 'business');
const { token } = JSON.parse(
  await hoplink(cliEnv, 'token', 'create', '--email', 'soak@example.com', '--name', 'soak', '--json'),
);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
const { apiUrl, shortUrl } = service;

async function createLink(path: string): Promise<{ id: number; short_code: string }> {
  const res = await fetch(`${apiUrl}/api/v1/links`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ redirect_url: `https://example.com/${path}?utm_source=soak` }),
  });
  if (res.status !== 201) throw new Error(`creating a link: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: number; short_code: string }>;
}
const links: Array<{ id: number; short_code: string }> = [];
for (let i = 0; i < LINKS; i++) links.push(await createLink(`landing/${i}`));
const created: number[] = []; // links the write mix made, deleted oldest first
console.log(`service pid ${pid} (npm ${service.child.pid}), api ${apiUrl}, short host ${shortUrl}`);

let window = newWindow();
let inFlight = 0;
let counted = 0; // 302s of browser user agents on the fixed links: what click_count must add up to
const pending = new Set<Promise<void>>();

/** One request; its answer is counted in the window it arrives in. The GET / probe is not load: no `sent`, no `ok`. */
async function send(kind: Kind, url: string, init: RequestInit, after?: (res: Response) => Promise<void>) {
  const start = performance.now();
  if (kind !== 'probe') window.sent += 1;
  inFlight += 1;
  try {
    const res = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await (after ? after(res) : res.arrayBuffer());
    window.latency[kind].push(performance.now() - start);
    if (res.status >= 500) window.status5xx += 1;
    else if (res.status >= 400) window.status4xx += 1;
    else if (kind !== 'probe') window.ok += 1;
  } catch {
    window.failed += 1;
  } finally {
    inFlight -= 1;
  }
}

function oneRequest(): Promise<void> {
  const r = random();
  if (r < 0.85) {
    const link = pick(links);
    const bot = random() < 0.02;
    const init = { headers: { 'user-agent': bot ? BOT : pick(BROWSERS) } };
    return send('redirect', `${shortUrl}/${link.short_code}`, init, async (res) => {
      await res.arrayBuffer();
      if (res.status === 302 && !bot) counted += 1;
    });
  }
  if (r < 0.95) {
    if (random() < 0.5) {
      const query = `per_page=20&page=${1 + Math.floor(random() * 3)}&sort=created_at&direction=desc`;
      return send('read', `${apiUrl}/api/v1/links?${query}`, { headers });
    }
    return send('read', `${apiUrl}/api/v1/links/${pick(links).id}/stats?with=country,browser,device`, { headers });
  }
  if (created.length >= 10 && random() < 0.5) {
    const id = created.shift()!;
    return send('write', `${apiUrl}/api/v1/links/${id}`, { method: 'DELETE', headers });
  }
  const body = JSON.stringify({ redirect_url: `https://example.com/soak/${Math.floor(random() * 1e9)}` });
  return send('write', `${apiUrl}/api/v1/links`, { method: 'POST', headers, body }, async (res) => {
    const link = (await res.json()) as { id?: number };
    if (res.status === 201 && link.id) created.push(link.id);
  });
}

function track(request: Promise<void>): void {
  pending.add(request);
  void request.finally(() => pending.delete(request));
}

/** Asks the probe for a full GC and reads RSS once it is done. */
async function afterFullGc(atMs: number): Promise<AfterGc | undefined> {
  const before = probeLines<ProbeGc>(probeFile, 'gc').length;
  writeFileSync(`${probeFile}.gc`, '');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const line = probeLines<ProbeGc>(probeFile, 'gc')[before];
    if (line)
      return {
        atMs,
        rssMb: rssMb(pid),
        heapUsedMb: mb(line.heapUsed),
        heapTotalMb: mb(line.heapTotal),
        gcMs: line.ms,
      };
  }
  console.log(existsSync(`${probeFile}.gc`) ? 'the probe did not run: no full-GC figure' : 'no full-GC figure');
  return undefined;
}

const samples: Sample[] = [];
let lastCpu = { at: performance.now(), service: cpuMs(pid), machine: machineTicks() };
const fullGcs: AfterGc[] = [];
console.log(
  ' time  req/s    ok 4xx 5xx fail skip | redirect p50   p99 | API p99 | GET / p99 | loop p99   max | ' +
    'gc max | RSS MB heap MB | cpu idle',
);
function takeSample(atMs: number): void {
  const w = window;
  window = newWindow();
  const probe = probeLines<ProbeWindow>(probeFile, 'window').at(-1);
  const now = { at: performance.now(), service: cpuMs(pid), machine: machineTicks() };
  const sample: Sample = {
    atMs,
    window: w,
    rssMb: rssMb(pid),
    probe,
    serviceCpu: (now.service - lastCpu.service) / (now.at - lastCpu.at),
    machineIdle: (now.machine.idle - lastCpu.machine.idle) / (now.machine.total - lastCpu.machine.total),
  };
  lastCpu = now;
  samples.push(sample);
  const api = [...w.latency.read, ...w.latency.write];
  const loop = (value: number | undefined) =>
    value === undefined ? undefined : Math.max(0, value - LOOP_RESOLUTION_MS);
  console.log(
    [
      clock(atMs).padStart(5),
      fmt(w.sent / (SAMPLE_MS / 1000), 0).padStart(6),
      String(w.ok).padStart(5),
      String(w.status4xx).padStart(3),
      String(w.status5xx).padStart(3),
      String(w.failed).padStart(4),
      String(w.skipped).padStart(4),
      '|',
      fmt(percentile(w.latency.redirect, 50), 2).padStart(12),
      fmt(percentile(w.latency.redirect, 99)).padStart(5),
      '|',
      fmt(percentile(api, 99)).padStart(7),
      '|',
      fmt(percentile(w.latency.probe, 99), 2).padStart(9),
      '|',
      fmt(loop(probe?.p99)).padStart(8),
      fmt(loop(probe?.max)).padStart(5),
      '|',
      fmt(probe?.gcMax).padStart(6),
      '|',
      fmt(sample.rssMb).padStart(6),
      fmt(probe ? mb(probe.heapUsed) : undefined).padStart(7),
      '|',
      `${fmt(sample.serviceCpu * 100, 0)}%`.padStart(4),
      `${fmt(sample.machineIdle * 100, 0)}%`.padStart(4),
    ].join(' '),
  );
}

// The load: at each tick, send whatever the fixed rate says is due by now, never more than PLANNED.
const machineBefore = machineTicks();
const serviceCpuBefore = cpuMs(pid);
const ownCpuBefore = process.cpuUsage();
const start = performance.now();
let sent = 0;
let nextSample = SAMPLE_MS;
let nextProbe = 0;
const gcPoints = [WARMUP_MS, END_GC_MS];
const gcRuns: Array<Promise<void>> = [];
let serviceDied = false; // on its own, before this script stops it
service.child.once('exit', () => {
  serviceDied = true;
});
await new Promise<void>((resolve) => {
  const tick = () => {
    const elapsed = performance.now() - start;
    if (serviceDied || elapsed >= DURATION_MS || sent >= PLANNED) return resolve();
    const due = Math.min(PLANNED, Math.floor((elapsed * RATE) / 1000));
    while (sent < due) {
      sent += 1;
      if (inFlight >= MAX_IN_FLIGHT) window.skipped += 1;
      else track(oneRequest());
    }
    if (elapsed >= nextProbe) {
      nextProbe += 100; // GET / ten times a second: a trivial answer, so its latency is the service's queueing
      track(send('probe', `${shortUrl}/`, {}));
    }
    if (elapsed >= nextSample) {
      takeSample(nextSample);
      nextSample += SAMPLE_MS;
    }
    if (gcPoints.length > 0 && elapsed >= gcPoints[0]!) {
      const at = gcPoints.shift()!;
      gcRuns.push(
        afterFullGc(at).then((measured) => {
          if (measured) {
            fullGcs.push(measured);
            console.log(
              `       full GC at ${clock(at)} (${fmt(measured.gcMs)} ms): RSS ${fmt(measured.rssMb)} MB, ` +
                `heap ${fmt(measured.heapUsedMb)} MB used of ${fmt(measured.heapTotalMb)} MB`,
            );
          }
        }),
      );
    }
    setTimeout(tick, 5);
  };
  tick();
});
await Promise.all(gcRuns);
await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, TIMEOUT_MS + 1000))]);
const loadMs = performance.now() - start;
const machineAfter = machineTicks();
const serviceCpu = cpuMs(pid) - serviceCpuBefore;
const ownCpu = process.cpuUsage(ownCpuBefore);
if (!serviceDied) takeSample(loadMs);

// Every redirect of a browser answered with a 302 is in click_count (written every 250 ms).
let clickCount = 0;
if (!serviceDied) {
  const deadline = Date.now() + 5000;
  do {
    await new Promise((r) => setTimeout(r, 500));
    clickCount = 0;
    for (const link of links) {
      const res = await fetch(`${apiUrl}/api/v1/links/${link.id}`, { headers });
      clickCount += ((await res.json()) as { click_count: number }).click_count;
    }
  } while (clickCount < counted && Date.now() < deadline);
}
const diedDuringRun = serviceDied;
const exitCode = diedDuringRun ? service.child.exitCode : await service.stop('SIGTERM');
service = undefined;

// Summary per minute, then the verdict.
console.log('\nper minute:');
console.log(' minute  requests errors | redirect p99 | API p99 | GET / p99 | loop p99 | gc max | RSS MB heap MB');
for (let minute = 0; minute * 60_000 < DURATION_MS; minute++) {
  const inMinute = samples.filter((s) => s.atMs > minute * 60_000 && s.atMs <= (minute + 1) * 60_000 + 1000);
  if (inMinute.length === 0) continue;
  const all = (kind: Kind) => inMinute.flatMap((s) => s.window.latency[kind]);
  const last = inMinute[inMinute.length - 1]!;
  const errors = inMinute.reduce((n, s) => n + s.window.status4xx + s.window.status5xx + s.window.failed, 0);
  console.log(
    [
      String(minute + 1).padStart(7),
      String(inMinute.reduce((n, s) => n + s.window.sent, 0)).padStart(9),
      String(errors).padStart(6),
      '|',
      fmt(percentile(all('redirect'), 99)).padStart(12),
      '|',
      fmt(percentile([...all('read'), ...all('write')], 99)).padStart(7),
      '|',
      fmt(percentile(all('probe'), 99), 2).padStart(9),
      '|',
      fmt(Math.max(0, maxOf(inMinute.map((s) => s.probe?.p99)) - LOOP_RESOLUTION_MS)).padStart(8),
      '|',
      fmt(maxOf(inMinute.map((s) => s.probe?.gcMax))).padStart(6),
      '|',
      fmt(last.rssMb).padStart(6),
      fmt(last.probe ? mb(last.probe.heapUsed) : undefined).padStart(7),
    ].join(' '),
  );
}

const total = (field: keyof Omit<Window, 'latency'>) => samples.reduce((n, s) => n + s.window[field], 0);
// Raw samples, for comparison: the median of the last three at or before the end of warm-up and at the end.
const rawWarmup = median(
  samples
    .filter((s) => s.atMs <= WARMUP_MS + 1000)
    .slice(-3)
    .map((s) => s.rssMb),
);
const rawEnd = median(samples.slice(-3).map((s) => s.rssMb));
const rssRange = (from: number) => {
  const values = samples.filter((s) => s.atMs >= from).map((s) => s.rssMb);
  return `${fmt(Math.min(...values))} - ${fmt(Math.max(...values))} MB`;
};
const [gcWarmup, gcEnd] = fullGcs;
const growth = gcWarmup && gcEnd ? (gcEnd.rssMb - gcWarmup.rssMb) / gcWarmup.rssMb : NaN;
const failures: string[] = [];
if (diedDuringRun) {
  failures.push(`the service exited during the run (code ${exitCode})`);
  console.log(`\nthe service's last output:\n${outputTail}`);
} else if (exitCode !== 0) failures.push(`the service exited with ${exitCode} on SIGTERM`);
if (total('status5xx') > 0) failures.push(`${total('status5xx')} answers were 5xx`);
if (total('failed') > 0)
  failures.push(`${total('failed')} requests failed (network error or ${TIMEOUT_MS} ms timeout)`);
if (total('skipped') > 0) failures.push(`${total('skipped')} sends skipped: ${MAX_IN_FLIGHT} requests already waiting`);
if (!diedDuringRun && clickCount !== counted)
  failures.push(`click_count adds up to ${clickCount}, but ${counted} browser visits were answered 302`);
if (Number.isNaN(growth)) failures.push('no RSS figure after a full GC at the end of warm-up and at the end');
else if (!(growth < FLAT_GROWTH))
  failures.push(`RSS after a full GC grew ${fmt(growth * 100)}% (flat is under ${FLAT_GROWTH * 100}%)`);

const lines = [
  '',
  `requests: ${total('sent')} sent (${fmt(total('sent') / (samples.at(-1)!.atMs / 1000), 0)}/s), ` +
    `${total('ok')} 2xx/3xx, ` +
    `${total('status4xx')} 4xx, ${total('status5xx')} 5xx, ${total('failed')} failed, ${total('skipped')} skipped ` +
    `(errors include the GET / probe)`,
  `visits counted: ${clickCount} of ${counted} browser redirects answered 302`,
];
if (gcWarmup && gcEnd)
  lines.push(
    `RSS after a full GC: ${fmt(gcWarmup.rssMb)} MB at the end of warm-up (${clock(gcWarmup.atMs)}), ` +
      `${fmt(gcEnd.rssMb)} MB at the end (${clock(gcEnd.atMs)}): ${signed(gcEnd.rssMb - gcWarmup.rssMb)} MB ` +
      `(${signed(growth * 100)}%); ${growth < FLAT_GROWTH ? 'flat' : 'GROWING'}`,
    `heap used after a full GC: ${fmt(gcWarmup.heapUsedMb)} MB -> ${fmt(gcEnd.heapUsedMb)} MB ` +
      `(${signed(gcEnd.heapUsedMb - gcWarmup.heapUsedMb)} MB)`,
  );
lines.push(
  `RSS raw samples: ${fmt(rawWarmup)} MB at the end of warm-up, ${fmt(rawEnd)} MB at the end (medians of three); ` +
    `${rssRange(WARMUP_MS)} after warm-up (V8 grows and shrinks its heap between major GCs)`,
  `GET / p99 over the run: ${fmt(
    percentile(
      samples.flatMap((s) => s.window.latency.probe),
      99,
    ),
    2,
  )} ms; ` +
    `redirect p99 ${fmt(
      percentile(
        samples.flatMap((s) => s.window.latency.redirect),
        99,
      ),
      2,
    )} ms; ` +
    `event-loop delay p99, worst 10 s: ` +
    `${fmt(Math.max(0, maxOf(samples.map((s) => s.probe?.p99)) - LOOP_RESOLUTION_MS))} ms; ` +
    `longest GC pause ${fmt(maxOf(samples.map((s) => s.probe?.gcMax)))} ms`,
  `CPU: the service ${fmt((serviceCpu / loadMs) * 100, 0)}% of one core, this load generator ` +
    `${fmt(((ownCpu.user + ownCpu.system) / 1000 / loadMs) * 100, 0)}%; the machine (${cpus().length} cores) idle ` +
    `${fmt(((machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total)) * 100, 0)}% ` +
    `of the run, load average at the end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  `stop: SIGTERM, exit ${exitCode}`,
  failures.length === 0 ? 'verdict: PASS' : `verdict: FAIL\n  - ${failures.join('\n  - ')}`,
);
console.log(lines.join('\n'));
process.exitCode = failures.length === 0 ? 0 : 1;
