import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { ClickEvent } from '../core/clicks.ts';
import { countsAsVisitorDay, dayBefore, saltedVisitor } from '../core/visitors.ts';
import { clickRuns, RUN_MIN, type ClickRun } from './click-runs.ts';
import { linkDay, ownerDays, rawClickEvents, tallyClicks } from './click-tally.ts';
import { isPostgres } from './engine.ts';
import { requireTransaction } from './errors.ts';
import type { ClicksTable, Database } from './schema.ts';

// SQLite allows 32,766 bound parameters per statement; 14 columns x 1,000 rows stays well inside.
const INSERT_CHUNK = 1000;

/**
 * Writes a batch: the raw rows, links.click_count and every rollup. Inside the caller's
 * transaction, so the counters never disagree with each other (the stream consumer adds its entry
 * ids to the same one). Clicks of links deleted meanwhile are skipped. A bot's visit adds to its
 * link's daily bot count (link_daily_bots), and only the first RAW_BOTS_PER_DAY of the day are
 * raw rows too: anyone can script visits, and a raw row each would let them grow a link's
 * history without bound.
 */
export async function writeClickBatch(trx: Kysely<Database>, events: readonly ClickEvent[]): Promise<void> {
  requireTransaction(trx, 'writeClickBatch');
  if (events.length === 0) return;
  {
    let t = tallyClicks(events);
    // Each link's click_count first: the update finds the links that still exist and locks their
    // rows to the commit, so a link cannot be deleted between here and the insert of its raw
    // clicks and visitors (on PostgreSQL no foreign key catches that, migration 013). A link deleted
    // before the batch updates no row, and its clicks are skipped. In id order: two instances'
    // consumers lock the links they share in the same order, so neither waits on the other in a cycle.
    const ids = [...new Set(events.map((e) => e.linkId))].sort((a, b) => a - b);
    const owners = new Map<number, number>();
    for (const linkId of ids) {
      // Prepared on PostgreSQL (postgres-statements.ts): an update by primary key.
      const { rows } = await sql<{ user_id: number }>`/* prepared */
        update links set click_count = click_count + ${t.links.get(linkId) ?? 0} where id = ${linkId}
        returning user_id`.execute(trx);
      if (rows[0]) owners.set(linkId, rows[0].user_id);
    }
    const live = owners.size === ids.length ? events : events.filter((e) => owners.has(e.linkId));
    if (live.length === 0) return;
    if (live !== events) t = tallyClicks(live);
    // The bot counts first: their totals tell which of the batch's bots are among the day's first.
    const botTotals = new Map<string, number>();
    for (const chunk of chunks(t.bots, INSERT_CHUNK)) {
      const totals = await trx
        .insertInto('link_daily_bots')
        .values(chunk.map((b) => ({ link_id: b.linkId, day: b.day, bots: b.bots })))
        .onConflict((oc) =>
          oc.columns(['link_id', 'day']).doUpdateSet({ bots: sql`link_daily_bots.bots + excluded.bots` }),
        )
        .returning(['link_id', 'day', 'bots'])
        .execute();
      for (const row of totals) botTotals.set(linkDay(row.link_id, row.day), Number(row.bots));
    }
    const raw = rawClickEvents(live, t.bots, botTotals);
    if (raw.length > 0) await insertRawClicks(trx, raw);
    if (t.daily.length > 0) {
      await trx
        .insertInto('link_daily_stats')
        .values(t.daily.map((d) => ({ link_id: d.linkId, day: d.day, clicks: d.clicks })))
        .onConflict((oc) =>
          oc.columns(['link_id', 'day']).doUpdateSet({ clicks: sql`link_daily_stats.clicks + excluded.clicks` }),
        )
        .execute();
    }
    for (const chunk of chunks(t.dailyDimension, INSERT_CHUNK)) {
      await trx
        .insertInto('link_daily_dimension_stats')
        .values(
          chunk.map((d) => ({
            link_id: d.linkId,
            day: d.day,
            dimension: d.dimension,
            value: d.value,
            clicks: d.clicks,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['link_id', 'dimension', 'day', 'value'])
            .doUpdateSet({ clicks: sql`link_daily_dimension_stats.clicks + excluded.clicks` }),
        )
        .execute();
    }
    for (const chunk of chunks(t.dimension, INSERT_CHUNK)) {
      await trx
        .insertInto('link_dimension_stats')
        .values(chunk.map((d) => ({ link_id: d.linkId, dimension: d.dimension, value: d.value, clicks: d.clicks })))
        .onConflict((oc) =>
          oc
            .columns(['link_id', 'dimension', 'value'])
            .doUpdateSet({ clicks: sql`link_dimension_stats.clicks + excluded.clicks` }),
        )
        .execute();
    }
    for (const pick of t.picks) {
      await trx
        .updateTable('landing_options')
        .set({ picks: sql`picks + ${pick.picks}` })
        .where('link_id', '=', pick.linkId)
        .where('position', '=', pick.position)
        .execute();
    }
    const now = Date.now();
    const fresh = await countNewVisitors(
      trx,
      t.visitors.filter((v) => countsAsVisitorDay(v.day, now)),
    );
    for (const o of ownerDays(t.daily, fresh, (linkId) => owners.get(linkId))) {
      await trx
        .insertInto('user_daily_stats')
        .values({ user_id: o.userId, day: o.day, clicks: o.clicks, unique_clicks: o.unique })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet({
            clicks: sql`user_daily_stats.clicks + excluded.clicks`,
            unique_clicks: sql`user_daily_stats.unique_clicks + excluded.unique_clicks`,
          }),
        )
        .execute();
    }
  }
}

/**
 * Unique visitors: each visitor salted with their day's salt is inserted once per link and day;
 * only the rows actually inserted (visitors not seen that day yet) add to unique_clicks. Answers
 * those new visitors' counts per link and day.
 */
async function countNewVisitors(
  trx: Kysely<Database>,
  visitors: ReadonlyArray<{ linkId: number; day: string; visitor: string }>,
): Promise<Array<{ linkId: number; day: string; count: number }>> {
  const salts = new Map<string, string>();
  for (const { day } of visitors) if (!salts.has(day)) salts.set(day, await daySalt(trx, day));
  const fresh = new Map<string, { linkId: number; day: string; count: number }>();
  const rows = visitors.map((v) => ({
    link_id: v.linkId,
    day: v.day,
    visitor: saltedVisitor(salts.get(v.day)!, v.visitor),
  }));
  const postgres = isPostgres(trx);
  // PostgreSQL takes the batch whole, one array a column (see insertRawClicks).
  for (const chunk of chunks(rows, postgres ? rows.length : INSERT_CHUNK)) {
    const inserted = await trx
      .insertInto('link_daily_visitors')
      .$call((insert) =>
        postgres
          ? insert.columns(['link_id', 'day', 'visitor']).expression(
              unnested([
                [chunk.map((r) => r.link_id), 'integer'],
                [chunk.map((r) => r.day), 'text'],
                [chunk.map((r) => r.visitor), 'text'],
              ]),
            )
          : insert.values(chunk),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['link_id', 'day'])
      .execute();
    for (const row of inserted) {
      const key = `${row.link_id}\n${row.day}`;
      const entry = fresh.get(key);
      if (entry) entry.count += 1;
      else fresh.set(key, { linkId: row.link_id, day: row.day, count: 1 });
    }
  }
  for (const { linkId, day, count } of fresh.values()) {
    await trx
      .updateTable('link_daily_stats')
      .set({ unique_clicks: sql`unique_clicks + ${count}` })
      .where('link_id', '=', linkId)
      .where('day', '=', day)
      .execute();
  }
  return [...fresh.values()];
}

/**
 * The raw rows of a batch. On PostgreSQL one `INSERT ... SELECT FROM unnest(...)` with an array
 * a column, whatever the number of rows: a VALUES list of 1,000 rows is 14,000 parameters for
 * Kysely to compile, pg to send and PostgreSQL to parse, on the cores the redirects share.
 * SQLite (in memory; a database file has the writer thread's own statements) takes VALUES chunks.
 */
async function insertRawClicks(trx: Kysely<Database>, live: readonly ClickEvent[]): Promise<void> {
  if (!isPostgres(trx)) {
    const rows = live.map((event) => {
      const row: Record<string, unknown> = {};
      for (const [name, , value] of RAW_CLICK_COLUMNS) row[name] = value(event);
      return row as Insertable<ClicksTable>;
    });
    for (const chunk of chunks(rows, INSERT_CHUNK)) await trx.insertInto('clicks').values(chunk).execute();
    return;
  }
  // Each column's array straight from the clicks, without a row object a click in between (the
  // consumer thread spends a third of its time collecting garbage). Prepared on PostgreSQL
  // (postgres-statements.ts): the plan of an insert from unnest is the same for any batch.
  // A link with a long run of clicks (see clickRuns) has all of its clicks written as runs, so
  // each link's clicks come from one statement, in their order, which the rows' ids follow.
  const runs = clickRuns(live);
  const runLinks = new Set(runs.filter((run) => run.times.length >= RUN_MIN).map((run) => run.click.linkId));
  const single = runLinks.size === 0 ? live : live.filter((event) => !runLinks.has(event.linkId));
  if (single.length > 0) {
    const columns = RAW_CLICK_COLUMNS.map(([, type, value]): [unknown[], string] => [single.map(value), type]);
    await sql`/* prepared */ insert into clicks (${RAW_CLICK_NAMES}) ${unnested(columns)}`.execute(trx);
  }
  if (runLinks.size > 0)
    await insertClickRuns(
      trx,
      runs.filter((run) => runLinks.has(run.click.linkId)),
    );
}

/**
 * Raw rows on PostgreSQL, one array element a run with its times as a JSON array: fewer values
 * for pg to escape and PostgreSQL to parse (docs/benchmarks.md). `json_array_elements_text`
 * yields the times in order.
 */
async function insertClickRuns(trx: Kysely<Database>, runs: readonly ClickRun[]): Promise<void> {
  const columns = RAW_CLICK_COLUMNS.map(([name, type, value]): [unknown[], string] => [
    runs.map((run) => (name === 'clicked_at' ? JSON.stringify(run.times) : value(run.click))),
    type,
  ]);
  const values = sql.join(
    RAW_CLICK_COLUMNS.map(([name]) => (name === 'clicked_at' ? sql`at` : sql`run.${sql.id(name)}`)),
  );
  await sql`/* prepared */ insert into clicks (${RAW_CLICK_NAMES})
    select ${values} from ${unnest(columns)} as run (${RAW_CLICK_NAMES})
    cross join lateral json_array_elements_text(run.clicked_at::json) as time (at)`.execute(trx);
}

/** The raw row's columns: each one's value from a click, and its type as PostgreSQL receives it from `unnest` (cast on insert). */
const RAW_CLICK_COLUMNS: ReadonlyArray<
  [name: keyof ClicksTable, type: 'integer' | 'text', value: (event: ClickEvent) => string | number | null]
> = [
  ['link_id', 'integer', (e) => e.linkId],
  ['clicked_at', 'text', (e) => e.at],
  ['country', 'text', (e) => e.country],
  ['device', 'text', (e) => e.device],
  ['browser', 'text', (e) => e.browser],
  ['os', 'text', (e) => e.os],
  ['referrer_host', 'text', (e) => e.referrerHost],
  ['is_bot', 'integer', (e) => (e.bot ? 1 : 0)],
  ['option_index', 'integer', (e) => e.optionIndex],
  ['variant_index', 'integer', (e) => e.variantIndex],
  ['language', 'text', (e) => e.language],
  ['utm_source', 'text', (e) => e.utmSource],
  ['utm_medium', 'text', (e) => e.utmMedium],
  ['utm_campaign', 'text', (e) => e.utmCampaign],
];
const RAW_CLICK_NAMES = sql.join(RAW_CLICK_COLUMNS.map(([name]) => sql.id(name)));

/** `unnest($1::type[], ...)`: rows given as one array a column (PostgreSQL). */
function unnest(columns: ReadonlyArray<[values: unknown[], type: string]>) {
  return sql<never>`unnest(${sql.join(columns.map(([values, type]) => sql`${values}::${sql.raw(type)}[]`))})`;
}

/** `select * from unnest(...)`: an insert's rows (see unnest). */
function unnested(columns: ReadonlyArray<[values: unknown[], type: string]>) {
  return sql<never>`select * from ${unnest(columns)}`;
}

const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * The random salt of a UTC day, made by the first writer to need it. Making a salt also deletes
 * the salts of days before yesterday (by the clock): visits arrive seconds late, not days, and a
 * salt must not outlive its day by more than that.
 */
export async function daySalt(trx: Kysely<Database>, day: string): Promise<string> {
  const found = await trx.selectFrom('daily_salts').select('salt').where('day', '=', day).executeTakeFirst();
  if (found) return found.salt;
  await trx
    .insertInto('daily_salts')
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await trx.selectFrom('daily_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  // A late visit's salt (an old day) is used for this batch and goes at once.
  await trx.deleteFrom('daily_salts').where('day', '<', dayBefore(utcToday())).execute();
  return made.salt;
}

/**
 * Counted visitors of days before yesterday are no longer needed: those days' counts are final.
 * Deletes at most `limit` of them (the first in key order, which starts with the day) and returns
 * how many: a busy service counts millions of visitors a day, too many for one statement on the
 * thread that answers requests (clicks/retention.ts deletes them in chunks).
 */
export async function forgetVisitorsBefore(db: Kysely<Database>, day: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('link_daily_visitors')
    .where(
      sql<boolean>`(day, link_id, visitor) in (
        select day, link_id, visitor from link_daily_visitors where day < ${day}
        order by day, link_id, visitor limit ${limit})`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes at most `limit` raw clicks of one link and returns how many: a link's deletion takes
 * its raw clicks (millions, for a popular link) in bounded steps before the link itself goes
 * (services/link-deletion.ts).
 */
export async function deleteClicksOfLink(db: Kysely<Database>, linkId: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('clicks')
    .where('id', 'in', (eb) => eb.selectFrom('clicks').select('id').where('link_id', '=', linkId).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * The highest click id recorded before `before`, or 0. Ids grow with time (visits are written
 * within moments of happening), so a binary search over the primary key finds the cut-off
 * without a time index, which would cost a B-tree write on every click.
 */
export async function lastClickIdBefore(db: Kysely<Database>, before: string): Promise<number> {
  const bounds = await db
    .selectFrom('clicks')
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high')])
    .executeTakeFirst();
  let low = Number(bounds?.low ?? 0);
  let high = Number(bounds?.high ?? 0);
  if (!low) return 0;
  let answer = low - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const row = await db
      .selectFrom('clicks')
      .select(['id', 'clicked_at'])
      .where('id', '>=', middle)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) {
      high = middle - 1;
    } else if (row.clicked_at < before) {
      answer = Number(row.id);
      low = Number(row.id) + 1;
    } else {
      high = middle - 1;
    }
  }
  return answer;
}

/** Deletes raw click rows with ids up to `lastId`, at most `limit` at a time; returns how many. */
export async function deleteClicksUpTo(db: Kysely<Database>, lastId: number, limit: number): Promise<number> {
  const ids = (
    await db.selectFrom('clicks').select('id').where('id', '<=', lastId).orderBy('id').limit(limit).execute()
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('clicks').where('id', 'in', ids).execute();
  return ids.length;
}

/** Entry ids of the Redis click stream already written (the consumer's exactly-once record). */
export async function processedEntries(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('processed_stream_entries')
    .select('entry_id')
    .where('entry_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.entry_id));
}

export async function markEntriesProcessed(db: Kysely<Database>, ids: readonly string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('processed_stream_entries')
    .values(ids.map((id) => ({ entry_id: id, processed_at: at })))
    .execute();
}

/** Entry ids only matter while a redelivery is possible; the consumer forgets them after a day. */
export async function forgetEntriesBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('processed_stream_entries').where('processed_at', '<', before).execute();
}

/** One raw click as the clicks API shows it: never an address (none is stored). */
export interface RawClick {
  id: number;
  clickedAt: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  referrerHost: string | null;
  language: string | null;
  isBot: boolean;
  optionIndex: number | null;
  variantIndex: number | null;
}

/** A link's raw clicks, newest first, with ids below `beforeId` (keyset: no page repeats or skips a row). */
export async function clicksBefore(
  db: Kysely<Database>,
  linkId: number,
  beforeId: number | null,
  limit: number,
): Promise<RawClick[]> {
  const rows = await rawClicksPage(db, linkId, beforeId, limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    clickedAt: row.clicked_at,
    country: row.country,
    device: row.device,
    browser: row.browser,
    os: row.os,
    referrerHost: row.referrer_host,
    language: row.language,
    isBot: Boolean(row.is_bot),
    optionIndex: row.option_index,
    variantIndex: row.variant_index,
  }));
}

/**
 * The statement of clicksBefore. The index clicks_link_order (migration 018) is in its order, so
 * a page is one seek and `limit` rows read backwards, however many clicks the link has and however
 * deep the cursor: no sort of the link's history.
 */
export function rawClicksPage(db: Kysely<Database>, linkId: number, beforeId: number | null, limit: number) {
  let query = db
    .selectFrom('clicks')
    .select([
      'id',
      'clicked_at',
      'country',
      'device',
      'browser',
      'os',
      'referrer_host',
      'language',
      'is_bot',
      'option_index',
      'variant_index',
    ])
    .where('link_id', '=', linkId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit);
}

export const clickStore = {
  before: clicksBefore,
  writeBatch: writeClickBatch,
  forgetVisitorsBefore,
  deleteOfLink: deleteClicksOfLink,
  lastIdBefore: lastClickIdBefore,
  deleteUpTo: deleteClicksUpTo,
  processedEntries,
  markEntriesProcessed,
  forgetEntriesBefore,
};
