// npm run bench:floors -- --postgres URL --redis URL
//
// The most this machine allows a PostgreSQL + Redis deployment, measured with the service's own
// parts and nothing else: a redirect's hand-off to the Redis stream and the click pipeline behind
// it, on a bare `node:http` server instead of the edge; and link creation's statements without
// HTTP, rate limiting or events. What `npm run bench` measures for the whole service cannot exceed
// these (docs/benchmarks.md, "sixteenth day").
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Principal } from '../src/core/model.ts';
import { openDatabase } from '../src/storage/database.ts';
import { insertLink } from '../src/storage/links.kysely.ts';
import { migrateToLatest } from '../src/storage/migrate.ts';
import { storesFor } from '../src/storage/stores.ts';
import { insertUser } from '../src/storage/users.kysely.ts';
import { EventBus } from '../src/services/events.ts';
import { createLink } from '../src/services/links.ts';
import { issueToken, TokenAuthenticator } from '../src/services/tokens.ts';
import { UnitOfWork } from '../src/services/unit-of-work.ts';
import { cpuMicros, machineTicks } from './cpu-time.ts';

const args = parseArgs({ options: { postgres: { type: 'string' }, redis: { type: 'string' } } }).values;
if (!args.postgres || !args.redis) throw new Error('usage: npm run bench:floors -- --postgres URL --redis URL');
const SLICE_SECONDS = 3;
const ROUNDS = 6;
const CREATE_SECONDS = 10;
const CREATE_CONCURRENCY = 10; // as the bench's `POST /links` -c 10

const rows: Array<[string, string, string]> = [];
const admin = new pg.Client({ connectionString: args.postgres });
await admin.connect();
const database = `hoplink_floor_${Date.now()}`;
await admin.query(`create database ${database}`);
const databaseUrl = new URL(args.postgres);
databaseUrl.pathname = `/${database}`;
const { db, close } = openDatabase(databaseUrl.toString());
try {
  await migrateToLatest(db);
  const user = await insertUser(db, { email: 'floor@example.com', plan: 'business' });
  const link = await insertLink(db, {
    userId: user.id,
    shortCode: 'plain',
    redirectUrl: 'https://example.com/landing',
    isActive: true,
    categoryId: null,
    domainId: null,
    conditions: [],
  });
  await measureRedirects(link.id);
  await measureCreation(user);
} finally {
  await close();
  await admin.query(`drop database ${database} with (force)`);
  await admin.end();
}

console.log(`\n### Floors on this machine, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| what | measured | the goal it bounds |\n|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

/** The bare server against itself plus each part of recording, interleaved slices of -c 50. */
async function measureRedirects(linkId: number): Promise<void> {
  const modes = ['bare', 'append', 'consume', 'record'] as const;
  const children: ChildProcess[] = [];
  const ports = await Promise.all(
    modes.map(
      (mode) =>
        new Promise<number>((resolve) => {
          const serverArgs = ['0', mode, args.redis!, databaseUrl.toString(), String(linkId)];
          const child = fork(new URL('./handoff-server.ts', import.meta.url), serverArgs);
          children.push(child);
          child.once('message', (port) => resolve(port as number));
        }),
    ),
  );
  const drive = (port: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/plain`,
      connections: 50,
      duration: SLICE_SECONDS,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
    });
  try {
    const answered = modes.map(() => 0);
    const recorded = async () =>
      Number(
        (await db.selectFrom('links').select('click_count').where('id', '=', linkId).executeTakeFirstOrThrow())
          .click_count,
      );
    // The warm-up's visits count too: the link's click_count must reach every visit answered.
    let recordAnswered = 0;
    for (const [i, port] of ports.entries()) {
      const { total } = (await drive(port)).requests; // warm-up
      if (modes[i] === 'record') recordAnswered += total;
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1, 2, 3] : [3, 2, 1, 0];
      for (const i of order) answered[i]! += (await drive(ports[i]!)).requests.total;
    }
    const figure = (i: number) =>
      `${(answered[i]! / (ROUNDS * SLICE_SECONDS)).toFixed(0)} req/s` +
      (i === 0 ? '' : `, ${((100 * answered[i]!) / answered[0]!).toFixed(1)}% of bare`);
    rows.push(['redirect: the bare `node:http` 302, -c 50', figure(0), '-']);
    rows.push(["+ the service's stream sink (an XADD a turn; answers wait for it)", figure(1), '-']);
    rows.push(['+ a consumer thread that reads, acknowledges and deletes (no database)', figure(2), '-']);
    // Every visit the pipeline answered must be in the database, or the figure would flatter it.
    recordAnswered += answered[3]!;
    for (let wait = 0; wait < 100 && (await recorded()) < recordAnswered; wait++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const written = await recorded();
    // autocannon does not count the answers still in flight when a slice ends: those are written too.
    const all = written >= recordAnswered ? 'every visit written' : `${written} written of ${recordAnswered} answered`;
    const record = `${figure(3)}; ${all}`;
    rows.push(["+ instead, the service's click pipeline writing to PostgreSQL", record, '>= 70% (whole service)']);
  } finally {
    await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))));
  }
}

/** The service's statements for a link from 10 loops: its PostgreSQL work, without HTTP. */
async function measureCreation(user: Principal['user']): Promise<void> {
  const { plaintext } = await issueToken(
    { stores: storesFor(db) },
    { userId: user.id, name: 'floor', abilities: ['create'] },
  );
  const uow = new UnitOfWork(db, new EventBus());
  const tokens = new TokenAuthenticator(uow);
  const known: Principal = { user, abilities: new Set(['create']), via: 'token', tokenId: null, sessionId: null };
  const create = (principal: Principal) =>
    uow.transact((work) => createLink(work, principal, { redirect_url: 'https://example.com/created' }), {
      small: true,
    });
  rows.push([
    'link creation: the token lookup, then begin + insert and commit, 10 at a time (no HTTP, rate limit or events)',
    await measureLinks(async () => create((await tokens.authenticate(plaintext))!)),
    '>= 5,000/s (whole service)',
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
  const { rows: backends } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
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
