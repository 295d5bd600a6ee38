import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createAppContext, type AppContext } from '../../src/context.ts';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { drainSearchQueue } from '../../src/services/search-indexing.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { capturingLogger } from '../helpers/log-lines.ts';

// A visit answered with a 302 is counted, however fast visits come: when the click buffer is full
// the edge holds the answer until the visit has room, and past the wait bound answers 503 rather
// than a redirect it could not record. The SQLite file and its writer thread are the real ones;
// the writer is stalled by another connection holding the database's write lock.

interface Running {
  ctx: AppContext;
  edge: RunningEdge;
  linkId: number;
  code: string;
  dbPath: string;
  logLines: string[];
  close(): Promise<void>;
}

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(env: Record<string, string>): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-overload-'));
  const dbPath = join(dir, 'hoplink.db');
  const { logger, lines: logLines } = capturingLogger('warn');
  const config = loadConfig({
    DATABASE_URL: `sqlite:${dbPath}`,
    HOST: '127.0.0.1',
    SHORT_PORT: '0',
    SHORT_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
    // No background pass may write on the request thread while the test holds the write lock:
    // better-sqlite3 would block the thread (and this test with it) until the lock is let go.
    WEBHOOK_POLL_MS: '3600000',
    IMPORT_POLL_MS: '3600000',
    LINK_CHECK_INTERVAL_HOURS: '0',
    LINK_CHECK_POLL_MS: '3600000',
    ...env,
  });
  const ctx = await createAppContext(config, { logger });
  const edge = await startEdge(ctx);
  const user = await insertAccount(ctx.database.db, { email: 'overload@example.test', plan: 'business' });
  const link = await insertLink(ctx.database.db, {
    workspaceId: user.workspaceId,
    shortCode: 'busy',
    redirectUrl: 'https://example.com/busy',
    isActive: true,
    categoryId: null,
    domainId: null,
    conditions: [],
  });
  await drainSearchQueue(ctx.uow);
  return {
    ctx,
    edge,
    linkId: link.id,
    code: link.shortCode,
    dbPath,
    logLines,
    async close() {
      try {
        await edge.close();
        await ctx.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const visit = (r: Running) =>
  fetch(`${r.edge.url}/${r.code}`, { redirect: 'manual', headers: { 'user-agent': CHROME_USER_AGENT } });

/** What the database holds for the link: click_count, its daily rollups and its raw rows. */
async function recorded(r: Running) {
  const { db } = r.ctx.database;
  const link = await db.selectFrom('links').select('click_count').where('id', '=', r.linkId).executeTakeFirstOrThrow();
  const daily = await db
    .selectFrom('link_daily_stats')
    .select(sql<number>`coalesce(sum(clicks), 0)`.as('clicks'))
    .where('link_id', '=', r.linkId)
    .executeTakeFirstOrThrow();
  const raw = await db
    .selectFrom('clicks')
    .select(sql<number>`count(*)`.as('rows'))
    .where('link_id', '=', r.linkId)
    .executeTakeFirstOrThrow();
  return { clickCount: link.click_count, daily: Number(daily.clicks), raw: Number(raw.rows) };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** What GET /metrics serves. */
const metricsText = (ctx: AppContext) => ctx.metrics.registry.metrics();

/**
 * 400 visits at once while another connection holds the write lock: the buffer (50 visits) fills,
 * and the rest wait. The lock is let go once `releaseWhen` holds, or once 350 visits are answered
 * (which only a buffer that answers without recording them allows).
 */
async function overload(r: Running, releaseWhen: () => boolean) {
  // The link is cached and the writer thread has written once: what follows is the steady state.
  expect((await visit(r)).status).toBe(302);
  await r.ctx.clicks.flush();
  const locker = new Sqlite(r.dbPath);
  locker.exec('BEGIN IMMEDIATE');
  let answers: Response[];
  try {
    let answered = 0;
    const pending = Array.from({ length: 400 }, () =>
      visit(r).then((res) => {
        answered += 1;
        return res;
      }),
    );
    await until(() => releaseWhen() || answered >= 350);
    locker.exec('ROLLBACK');
    answers = await Promise.all(pending);
  } finally {
    if (locker.inTransaction) locker.exec('ROLLBACK');
    locker.close();
  }
  await r.ctx.clicks.flush();
  const statuses = answers.map((res) => res.status);
  return {
    // The first visit's 302 too.
    redirects: 1 + statuses.filter((status) => status === 302).length,
    unavailable: answers.filter((res) => res.status === 503),
    others: statuses.filter((status) => status !== 302 && status !== 503),
  };
}

// Each test starts a service of its own and sends 400 visits: 1 - 2 s alone, more on a busy machine.
describe('a full click buffer on SQLite', () => {
  it('holds the answers until their visits have room: every 302 is counted, none dropped', async () => {
    const r = (running = await start({ CLICK_BUFFER_MAX_VISITS: '50' }));
    const outcome = await overload(r, () => r.ctx.clicks.stats().waiting >= 300);

    expect(outcome.others).toEqual([]);
    expect(outcome.unavailable).toHaveLength(0);
    expect(outcome.redirects).toBe(401);
    expect(await recorded(r)).toEqual({ clickCount: 401, daily: 401, raw: 401 });
    const stats = r.ctx.clicks.stats();
    expect(stats).toMatchObject({ dropped: 0, refused: 0, buffered: 0, waiting: 0 });
    expect(stats.waited).toBeGreaterThanOrEqual(300);
    const metrics = await metricsText(r.ctx);
    expect(metrics).toMatch(/^hoplink_clicks_total\{state="dropped"\} 0$/m);
    expect(metrics).toMatch(/^hoplink_clicks_total\{state="refused"\} 0$/m);
    expect(metrics).toMatch(new RegExp(`^hoplink_click_buffer_waits_total ${stats.waited}$`, 'm'));
  }, 30_000);

  it('past the wait bound answers 503 with Retry-After, counts and logs it, and counts exactly the 302s', async () => {
    const r = (running = await start({ CLICK_BUFFER_MAX_VISITS: '50', CLICK_BUFFER_MAX_WAIT_MS: '100' }));
    const outcome = await overload(r, () => r.ctx.clicks.stats().refused >= 100);

    expect(outcome.others).toEqual([]);
    expect(outcome.unavailable.length).toBeGreaterThanOrEqual(100);
    for (const res of outcome.unavailable) expect(res.headers.get('retry-after')).toBe('1');
    expect(outcome.redirects + outcome.unavailable.length).toBe(401);
    // Only the visits that got their 302 reached click_count, the rollups and the raw rows.
    expect(await recorded(r)).toEqual({
      clickCount: outcome.redirects,
      daily: outcome.redirects,
      raw: outcome.redirects,
    });
    expect(r.ctx.clicks.stats()).toMatchObject({ dropped: 0, refused: outcome.unavailable.length });
    const metrics = await metricsText(r.ctx);
    expect(metrics).toMatch(
      new RegExp(`^hoplink_clicks_total\\{state="refused"\\} ${outcome.unavailable.length}$`, 'm'),
    );
    expect(metrics).toMatch(/^hoplink_clicks_total\{state="dropped"\} 0$/m);

    // A warning a second at most, with the counts; the last one comes out at shutdown.
    await r.close();
    running = undefined;
    const warnings = r.logLines.map((line) => JSON.parse(line)).filter((line) => /click buffer full/.test(line.msg));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.every((line) => line.level === 40)).toBe(true);
    expect(warnings.reduce((sum, line) => sum + line.refused, 0)).toBe(outcome.unavailable.length);
    expect(warnings[0]).toHaveProperty('depth');
    expect(warnings[0]).toHaveProperty('waited');
  }, 30_000);
});
