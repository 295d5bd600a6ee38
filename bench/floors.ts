// npm run bench:floors [-- --postgres URL --redis URL]
//
// The most this machine allows, measured with the service's own parts and nothing else: a
// redirect's hand-off to the click pipeline and the pipeline behind it, on a bare `node:http`
// server instead of the edge (SQLite; with --postgres and --redis, the Redis stream too); and, on
// PostgreSQL, link creation's statements without HTTP, rate limiting or events. What `npm run
// bench` measures for the whole service cannot exceed these (docs/benchmarks.md, "Floors").
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Principal } from '../src/core/model.ts';
import { openDatabase, type DatabaseHandle } from '../src/storage/database.ts';
import { migrateToLatest } from '../src/storage/migrate.ts';
import type { Database } from '../src/storage/schema.ts';
import { storesFor } from '../src/storage/stores.ts';
import { benchAccount, benchPrincipal } from './account.ts';
import { EventBus } from '../src/services/events.ts';
import { createLink } from '../src/services/links.ts';
import { issueToken, TokenAuthenticator } from '../src/services/tokens.ts';
import { UnitOfWork } from '../src/services/unit-of-work.ts';
import { cpuMicros, machineTicks } from './cpu-time.ts';
import { insertPlainLink } from './plain-link.ts';

const args = parseArgs({ options: { postgres: { type: 'string' }, redis: { type: 'string' } } }).values;
if (Boolean(args.postgres) !== Boolean(args.redis)) throw new Error('--postgres and --redis go together');
const SLICE_SECONDS = 3;
const ROUNDS = 6;
const CREATE_SECONDS = 10;
const CREATE_CONCURRENCY = 10; // as the bench's `POST /links` -c 10

/** A database with a user and one link, as each measurement starts from. */
interface Fixture {
  url: string;
  handle: DatabaseHandle;
  user: Awaited<ReturnType<typeof benchAccount>>;
  linkId: number;
}

/** One server of the redirect measurement: handoff-server.ts in `mode`. */
interface Target {
  label: string;
  mode: 'bare' | 'append' | 'consume' | 'record';
  goal: string;
  /** For `record`: where the visits go, to check that every answered one was written. */
  fixture?: Fixture;
}

const rows: Array<[string, string, string]> = [];
const dir = mkdtempSync(join(tmpdir(), 'hoplink-floors-'));
const admin = args.postgres ? new pg.Client({ connectionString: args.postgres }) : undefined;
await admin?.connect();
const pgDatabase = `hoplink_floor_${Date.now()}`;
const handles: DatabaseHandle[] = []; // closed at the end, whatever happens
try {
  const sqlite = await fixture(`sqlite:${join(dir, 'floors.db')}`);
  const targets: Target[] = [
    { label: 'redirect: the bare `node:http` 302, -c 50', mode: 'bare', goal: '-' },
    {
      label: "+ the service's click pipeline writing to SQLite (buffer, writer thread)",
      mode: 'record',
      goal: '>= 85% (whole service, SQLite)',
      fixture: sqlite,
    },
  ];
  let postgres: Fixture | undefined;
  if (admin) {
    await admin.query(`create database ${pgDatabase}`);
    const url = new URL(args.postgres!);
    url.pathname = `/${pgDatabase}`;
    postgres = await fixture(url.toString());
    targets.push(
      { label: "+ the service's Redis stream sink (an XADD a turn; answers wait for it)", mode: 'append', goal: '-' },
      { label: '+ the sink and a consumer thread that reads, acknowledges, deletes', mode: 'consume', goal: '-' },
      {
        label: "+ the service's click pipeline writing to PostgreSQL (sink, consumer thread)",
        mode: 'record',
        goal: '>= 70% (whole service, PostgreSQL + Redis)',
        fixture: postgres,
      },
    );
  }
  await measureRedirects(targets);
  if (postgres) await measureCreation(postgres);
} finally {
  for (const handle of handles) await handle.close();
  if (admin) {
    await admin.query(`drop database if exists ${pgDatabase} with (force)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n### Floors on this machine, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| what | measured | the goal it bounds |\n|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

async function fixture(url: string): Promise<Fixture> {
  const handle = openDatabase(url);
  handles.push(handle);
  await migrateToLatest(handle.db);
  const user = await benchAccount(handle.db, 'floor@example.com', 'business');
  const link = await insertPlainLink(handle.db, user.workspaceId);
  return { url, handle, user, linkId: link.id };
}

async function clickCount(db: Kysely<Database>, linkId: number): Promise<number> {
  const row = await db.selectFrom('links').select('click_count').where('id', '=', linkId).executeTakeFirstOrThrow();
  return Number(row.click_count);
}

/** The bare server against itself plus each part of recording, interleaved slices of -c 50. */
async function measureRedirects(targets: Target[]): Promise<void> {
  const children: ChildProcess[] = [];
  const ports = await Promise.all(
    targets.map(
      ({ mode, fixture }) =>
        new Promise<number>((resolve) => {
          const serverArgs = ['0', mode, args.redis ?? '', fixture?.url ?? '', String(fixture?.linkId ?? 0)];
          const child = fork(new URL('./handoff-server.ts', import.meta.url), serverArgs);
          children.push(child);
          child.once('message', (port) => resolve(port as number));
        }),
    ),
  );
  const drive = async (port: number) =>
    (
      await autocannon({
        url: `http://127.0.0.1:${port}/plain`,
        connections: 50,
        duration: SLICE_SECONDS,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
      })
    ).requests.total;
  try {
    // Every visit a pipeline answered must be in its database, the warm-up's too, or the figure
    // would flatter it.
    const everAnswered = targets.map(() => 0);
    for (const [i, port] of ports.entries()) everAnswered[i]! += await drive(port); // warm-up
    const answered = targets.map(() => 0);
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...ports.keys()];
      if (round % 2 === 1) order.reverse();
      for (const i of order) answered[i]! += await drive(ports[i]!);
    }
    for (const [i, target] of targets.entries()) {
      let figure = `${(answered[i]! / (ROUNDS * SLICE_SECONDS)).toFixed(0)} req/s`;
      if (i > 0) figure += `, ${((100 * answered[i]!) / answered[0]!).toFixed(1)}% of bare`;
      if (target.fixture) figure += `; ${await allWritten(target.fixture, everAnswered[i]! + answered[i]!)}`;
      rows.push([target.label, figure, target.goal]);
    }
  } finally {
    await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))));
  }
}

async function allWritten({ handle, linkId }: Fixture, answered: number): Promise<string> {
  for (let wait = 0; wait < 100 && (await clickCount(handle.db, linkId)) < answered; wait++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const written = await clickCount(handle.db, linkId);
  // autocannon does not count the answers still in flight when a slice ends: those are written too.
  return written >= answered ? 'every visit written' : `${written} written of ${answered} answered`;
}

/** The service's statements for a link from 10 loops: its PostgreSQL work, without HTTP. */
async function measureCreation({ handle, user }: Fixture): Promise<void> {
  const { db } = handle;
  const { plaintext } = await issueToken(
    { stores: storesFor(db) },
    { userId: user.id, workspaceId: user.workspaceId, name: 'floor', abilities: ['create'] },
  );
  const uow = new UnitOfWork(db, new EventBus());
  const tokens = new TokenAuthenticator(uow);
  const known = benchPrincipal(user, ['create']);
  const create = (principal: Principal) =>
    uow.transact((work) => createLink(work, principal, { redirect_url: 'https://example.com/created' }));
  rows.push([
    'link creation: the token lookup, then begin + insert and commit, 10 at a time (no HTTP, rate limit or events)',
    await measureLinks(async () => create((await tokens.authenticate(plaintext))!)),
    '>= 5,000/s (whole service, PostgreSQL)',
  ]);
  rows.push([
    'link creation: begin + insert and commit alone, 10 at a time',
    await measureLinks(() => create(known)),
    '-',
  ]);
  await tokens.close();
}

async function measureLinks(oneLink: () => Promise<unknown>): Promise<string> {
  let stop = false;
  let made = 0;
  const loop = async () => {
    for (; !stop; made++) await oneLink();
  };
  const loops = Array.from({ length: CREATE_CONCURRENCY }, loop);
  await new Promise((r) => setTimeout(r, 3000)); // warm-up
  const { rows: backends } = await admin!.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [pgDatabase],
  );
  const postgresCpu = () => backends.reduce((sum, { pid }) => sum + (cpuMicros(pid)?.all ?? 0), 0);
  const [pg0, own0, ticks0, made0] = [postgresCpu(), cpuMicros(process.pid)!.all, machineTicks()!, made];
  await new Promise((r) => setTimeout(r, CREATE_SECONDS * 1000));
  const [pg1, own1, ticks1, links] = [postgresCpu(), cpuMicros(process.pid)!.all, machineTicks()!, made - made0];
  stop = true;
  await Promise.all(loops);
  const idle = (100 * (ticks1.idle - ticks0.idle)) / (ticks1.total - ticks0.total);
  return (
    `${(links / CREATE_SECONDS).toFixed(0)}/s; PostgreSQL ${((pg1 - pg0) / links).toFixed(0)} µs a link, ` +
    `the caller ${((own1 - own0) / links).toFixed(0)} µs; machine idle ${idle.toFixed(0)}%`
  );
}
