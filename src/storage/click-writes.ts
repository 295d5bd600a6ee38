import { randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import {
  dimensionValues,
  DIRECT,
  PROGRAM_DIMENSION,
  programValue,
  RAW_BOTS_PER_DAY,
  UNKNOWN_LANGUAGE,
  type ClickEvent,
  type RollupDimension,
} from '../core/clicks.ts';
import { programForUrl } from '../core/affiliate.ts';
import { countsAsVisitorDay, dayBefore, saltedVisitor } from '../core/visitors.ts';

// The click batch write, for both engines and every writer: the SQLite writer thread on its own
// connection, the Redis stream's consumer and the unit of work (in-memory SQLite, PostgreSQL
// without Redis), these two through writeClickBatch in clicks.kysely.ts. One batch is one
// transaction, opened by the caller: the raw rows, links.click_count, every rollup, the
// choice-page picks and the day's unique visitors, so the counters never disagree. The logic is
// written once (writeBatch); each engine has one set of statements (STATEMENTS), chosen once.

/** Runs one statement of a batch, inside the transaction its caller opened; answers its rows. */
export interface ClickSql {
  readonly postgres: boolean;
  query(text: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
}

/**
 * The click batch writer on a SQLite connection of its own (the writer thread's): each call
 * writes one batch in one IMMEDIATE transaction, which holds the write lock from its first
 * statement, so the links' check below cannot be overtaken by another connection's commit.
 * Statements are prepared at their first use and kept; this thread loads no Kysely.
 */
export function sqliteClickWriter(sqlite: SQLite.Database): (events: readonly ClickEvent[]) => Promise<void> {
  // A few dozen texts in all (STATEMENTS, with their VALUES lists of 100, 10 and 1 rows).
  const statements = new Map<string, SQLite.Statement>();
  const run: ClickSql = {
    postgres: false,
    query: async (text, params) => {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = sqlite.prepare(text)));
      if (statement.reader) return statement.all(params) as Array<Record<string, unknown>>;
      statement.run(params);
      return [];
    },
  };
  return async (events) => {
    if (events.length === 0) return;
    sqlite.exec('begin immediate');
    try {
      await writeBatch(run, events);
      sqlite.exec('commit');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      throw error;
    }
  };
}

/**
 * The batch, in this order:
 * 1. Each link's click_count, in link id order. The update finds the links that still exist and
 *    locks their rows to the commit, so a link cannot be deleted between here and the insert of
 *    its raw clicks and visitors (on PostgreSQL no foreign key catches that, migration 013; the
 *    writer thread's SQLite connection does not check keys either). A link deleted before the
 *    batch updates no row, and its clicks are skipped. In id order: two instances' consumers lock
 *    the links they share in the same order, so neither waits on the other in a cycle.
 * 2. The bot counts, whose totals tell which of the batch's bots are among the day's first
 *    RAW_BOTS_PER_DAY: only those are raw rows too (anyone can script visits, and a raw row each
 *    would let them grow a link's history without bound).
 * 3. The raw rows, each link's in the batch's order (the order the clicks API pages them by).
 * 4. The rollups, the picks, the unique visitors and the owners' days.
 */
export async function writeBatch(sql: ClickSql, events: readonly ClickEvent[]): Promise<void> {
  if (events.length === 0) return;
  const s = sql.postgres ? STATEMENTS.postgres : STATEMENTS.sqlite;
  let t = tallyClicks(events);
  const ids = [...new Set(events.map((e) => e.linkId))].sort((a, b) => a - b);
  const owners = new Map<number, number>();
  const programs = new Map<number, string>();
  for (const linkId of ids) {
    const [row] = await sql.query(s.bumpLink, [t.links.get(linkId) ?? 0, linkId]);
    if (!row) continue;
    owners.set(linkId, Number(row.workspace_id));
    const program = linkProgramValue(String(row.redirect_url), row.tracking_id as string | null);
    if (program !== undefined) programs.set(linkId, program);
  }
  const live = owners.size === ids.length ? events : events.filter((e) => owners.has(e.linkId));
  if (live.length === 0) return;
  if (live !== events) t = tallyClicks(live);
  if (programs.size > 0) t.dailyDimension.push(...programRows(t.daily, programs));

  const botTotals = new Map<string, number>();
  const bots = await insertRows(sql, s.bumpBots, t.bots, (b) => [b.linkId, b.day, b.bots]);
  for (const row of bots) botTotals.set(linkDay(Number(row.link_id), String(row.day)), Number(row.bots));
  await insertRawClicks(sql, s, rawClickEvents(live, t.bots, botTotals));

  await insertRows(sql, s.bumpDaily, t.daily, (d) => [d.linkId, d.day, d.clicks]);
  await insertRows(sql, s.bumpDailyDimension, t.dailyDimension, (d) => [
    d.linkId,
    d.day,
    d.dimension,
    d.value,
    d.clicks,
  ]);
  await insertRows(sql, s.bumpDimension, t.dimension, (d) => [d.linkId, d.dimension, d.value, d.clicks]);
  await insertRows(sql, s.bumpFacets, facetRows(t.facets), (row) => row);
  for (const p of t.picks) await sql.query(s.bumpPicks, [p.picks, p.linkId, p.position]);

  const fresh = await countNewVisitors(sql, s, t.visitors);
  const ownerOf = (linkId: number) => owners.get(linkId);
  for (const o of ownerDays(t.daily, fresh, ownerOf)) {
    await sql.query(s.bumpOwnerDay, [o.workspaceId, o.day, o.clicks, o.unique]);
  }
  await insertRows(sql, s.bumpOwnerDimension, ownerDimensions(t.dailyDimension, ownerOf), (d) => [
    d.workspaceId,
    d.day,
    d.dimension,
    d.value,
    d.clicks,
  ]);
}

/**
 * Unique visitors: each visitor salted with their day's salt is inserted once per link and day;
 * only the rows actually inserted (visitors not seen that day yet) add to unique_clicks. Answers
 * those new visitors' counts per link and day.
 */
async function countNewVisitors(
  sql: ClickSql,
  s: EngineStatements,
  visitors: ClickTally['visitors'],
): Promise<Array<{ linkId: number; day: string; count: number }>> {
  const now = Date.now();
  const counted = visitors.filter((v) => countsAsVisitorDay(v.day, now));
  const salts = new Map<string, string>();
  for (const { day } of counted) if (!salts.has(day)) salts.set(day, await daySalt(sql, s, day));
  const inserted = await insertRows(sql, s.addVisitors, counted, (v) => [
    v.linkId,
    v.day,
    saltedVisitor(salts.get(v.day)!, v.visitor),
  ]);
  const fresh = new Map<string, { linkId: number; day: string; count: number }>();
  for (const row of inserted) {
    const linkId = Number(row.link_id);
    const day = String(row.day);
    const key = linkDay(linkId, day);
    const entry = fresh.get(key);
    if (entry) entry.count += 1;
    else fresh.set(key, { linkId, day, count: 1 });
  }
  for (const f of fresh.values()) await sql.query(s.bumpUnique, [f.count, f.linkId, f.day]);
  return [...fresh.values()];
}

/**
 * The random salt of a UTC day, made by the first writer to need it. Making a salt also deletes
 * the salts of days before yesterday (by the clock): visits arrive seconds late, not days, and a
 * salt must not outlive its day by more than that. A late visit's salt (an old day) is used for
 * its batch and goes at once.
 */
async function daySalt(sql: ClickSql, s: EngineStatements, day: string): Promise<string> {
  const [found] = await sql.query(s.findSalt, [day]);
  if (found) return String(found.salt);
  await sql.query(s.addSalt, [day, randomBytes(32).toString('base64url')]);
  const [made] = await sql.query(s.findSalt, [day]);
  await sql.query(s.dropOldSalts, [dayBefore(new Date().toISOString().slice(0, 10))]);
  return String(made!.salt);
}

/**
 * The raw rows. A link with a long run of clicks (see clickRuns) has all of its clicks written as
 * runs, each run's values once and its times as one JSON array, which the database turns back into
 * rows: the values bound, not the rows, are what costs (on SQLite 2.3 against 5.3 µs a click). So
 * each link's clicks come from one statement kind, in their order, which the rows' ids follow.
 */
async function insertRawClicks(sql: ClickSql, s: EngineStatements, raw: readonly ClickEvent[]): Promise<void> {
  if (raw.length === 0) return;
  const runs = clickRuns(raw);
  const runLinks = new Set(runs.filter((run) => run.times.length >= RUN_MIN).map((run) => run.click.linkId));
  const single = runLinks.size === 0 ? raw : raw.filter((event) => !runLinks.has(event.linkId));
  await insertRows(sql, s.insertClicks, single, (event) => rawRow(event, event.at));
  const linkRuns = runs.filter((run) => runLinks.has(run.click.linkId));
  await insertRows(sql, s.insertClickRuns, linkRuns, (run) => runRow(run, sql.postgres));
}

/**
 * A run's values once, its times as one JSON array. A run with click ids carries them too, read
 * once each: on PostgreSQL as a second array read beside the times (ROWS FROM); on SQLite, where
 * an element of a second array would be found by parsing all of it again row after row (24 µs a
 * click in a run of 5,000), as [time, id] pairs in the one array.
 */
function runRow(run: ClickRun, postgres: boolean): unknown[] {
  const withIds = run.clickIds.some((id) => id !== null);
  const times = withIds && !postgres ? run.times.map((time, i) => [time, run.clickIds[i]]) : run.times;
  return rawRow(run.click, JSON.stringify(times), withIds && postgres ? JSON.stringify(run.clickIds) : null);
}

/**
 * A raw row's values, in RAW_COLUMNS' order, with `at` as its time (or a run's JSON array of times)
 * and `clickId` as its click id (a run's JSON array of ids on PostgreSQL).
 */
function rawRow(e: ClickEvent, at: string, clickId: string | null = e.clickId): unknown[] {
  return [
    e.linkId,
    at,
    e.country,
    e.device,
    e.browser,
    e.os,
    e.referrerHost,
    e.bot ? 1 : 0,
    e.optionIndex,
    e.variantIndex,
    e.language,
    e.utmSource,
    e.utmMedium,
    e.utmCampaign,
    clickId,
  ];
}

/**
 * Runs a statement over many rows: on PostgreSQL once, with an array a column (`unnest`), whatever
 * the number of rows (a VALUES list of 1,000 rows is 14,000 parameters to send and parse); on
 * SQLite in VALUES lists of 100, 10 and 1 rows, each text prepared once (a statement per row
 * costs more than SQLite's own insert; a remainder does not go in row by row).
 */
async function insertRows<T>(
  sql: ClickSql,
  statement: RowsStatement,
  items: readonly T[],
  row: (item: T) => unknown[],
): Promise<Array<Record<string, unknown>>> {
  if (items.length === 0) return [];
  const rows = items.map(row);
  if (sql.postgres) {
    const columns = statement.types.map((_, i) => rows.map((r) => r[i]));
    return sql.query(statement.postgres, columns);
  }
  const answered: Array<Record<string, unknown>> = [];
  let i = 0;
  for (const size of statement.sqliteSizes) {
    for (; i + size <= rows.length; i += size) {
      answered.push(...(await sql.query(statement.sqlite(size), rows.slice(i, i + size).flat())));
    }
  }
  return answered;
}

/** An insert of many rows, as each engine runs it (see insertRows). */
interface RowsStatement {
  /** Each column's PostgreSQL type, in the rows' order. */
  types: readonly string[];
  postgres: string;
  sqlite: (rows: number) => string;
  /** VALUES lists of these sizes, largest first, ending in 1. */
  sqliteSizes: readonly number[];
}

/**
 * `insert into <table> (<columns>) <rows> <tail>`, where rows are `values (?, ...), ...` on SQLite
 * and `select * from unnest($1::type[], ...)` on PostgreSQL. `select` replaces `select *` for
 * statements that build each row from the given columns (the runs).
 */
function rowsInsert(
  head: string,
  columns: ReadonlyArray<readonly [name: string, type: string]>,
  tail: string,
  shape?: {
    select: string;
    postgresSelect: string;
    from: (rows: string) => string;
    postgresFrom: (rows: string) => string;
  },
): RowsStatement {
  const types = columns.map(([, type]) => type);
  const names = columns.map(([name]) => name).join(', ');
  const unnest = `unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
  const one = `(${columns.map(() => '?').join(', ')})`;
  const texts = new Map<number, string>();
  const sqlite = (rows: number) => {
    let text = texts.get(rows);
    if (text === undefined) {
      const values = `values ${Array(rows).fill(one).join(', ')}`;
      const source = shape ? `select ${shape.select} from ${shape.from(`(${values})`)}` : values;
      text = `${head} (${names}) ${source} ${tail}`.trim();
      texts.set(rows, text);
    }
    return text;
  };
  const postgresSource = shape
    ? `select ${shape.postgresSelect} from ${shape.postgresFrom(`${unnest} as run (${names})`)}`
    : `select * from ${unnest}`;
  // Marked prepared: PostgreSQL runs the statement by name, parsed and planned once a connection.
  const postgres = `/* prepared */ ${head} (${names}) ${postgresSource} ${tail}`.trim();
  return { types, postgres, sqlite, sqliteSizes: shape ? [1] : [100, 10, 1] };
}

const RAW_COLUMNS = [
  ['link_id', 'integer'],
  ['clicked_at', 'text'],
  ['country', 'text'],
  ['device', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
  ['referrer_host', 'text'],
  ['is_bot', 'integer'],
  ['option_index', 'integer'],
  ['variant_index', 'integer'],
  ['language', 'text'],
  ['utm_source', 'text'],
  ['utm_medium', 'text'],
  ['utm_campaign', 'text'],
  ['click_id', 'text'],
] as const;

/**
 * A run's columns but its time and click id, which come from the run's JSON array (each engine's
 * element expressions; see runRow).
 */
function runSelect(timeAt: string, clickIdAt: string): string {
  const column = (name: string) =>
    name === 'clicked_at'
      ? `${timeAt} as clicked_at`
      : name === 'click_id'
        ? `${clickIdAt} as click_id`
        : `run.${name}`;
  return RAW_COLUMNS.map(([name]) => column(name)).join(', ');
}

/** link_daily_facets' columns: its key, then the count (migration 025). */
const FACET_COLUMNS = [
  ['link_id', 'integer'],
  ['day', 'text'],
  ['country', 'text'],
  ['device', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
  ['referrer', 'text'],
  ['language', 'text'],
  ['utm_source', 'text'],
  ['utm_medium', 'text'],
  ['utm_campaign', 'text'],
  ['variant', 'integer'],
  ['storefront', 'text'],
  ['clicks', 'integer'],
] as const;

const FACET_KEY = FACET_COLUMNS.slice(0, -1).map(([name]) => name);
const BUMP_FACETS = rowsInsert(
  'insert into link_daily_facets',
  FACET_COLUMNS,
  `on conflict (${FACET_KEY.join(', ')}) do update set clicks = link_daily_facets.clicks + excluded.clicks`,
);

/** The count's place in a facet row: the last column. */
const CLICKS = FACET_COLUMNS.length - 1;

/**
 * The tally's groups as facet rows: no NULL in the key, so that an upsert always finds its row, and
 * one row per key (PostgreSQL refuses an upsert that meets one row twice; a NULL language and a
 * literal "unknown" one are two groups but one row).
 */
function facetRows(groups: ClickTally['facets']): unknown[][] {
  const rows = new Map<string, unknown[]>();
  for (const group of groups) {
    const row = facetRow(group);
    const key = row.slice(0, -1).join('\n');
    const found = rows.get(key);
    if (found) found[CLICKS] = (found[CLICKS] as number) + group.clicks;
    else rows.set(key, row);
  }
  return [...rows.values()];
}

function facetRow({ event: e, day, clicks }: { event: ClickEvent; day: string; clicks: number }): unknown[] {
  return [
    e.linkId,
    day,
    e.country,
    e.device,
    e.browser,
    e.os,
    e.referrerHost ?? DIRECT,
    e.language ?? UNKNOWN_LANGUAGE,
    e.utmSource ?? '',
    e.utmMedium ?? '',
    e.utmCampaign ?? '',
    e.variantIndex ?? -1,
    e.storefront ?? '',
    clicks,
  ];
}

/** The breakdown rollups' inserts: each link's per day and all time, and each owner's per day. */
const DIMENSION_INSERTS = {
  bumpDailyDimension: rowsInsert(
    'insert into link_daily_dimension_stats',
    [
      ['link_id', 'integer'],
      ['day', 'text'],
      ['dimension', 'text'],
      ['value', 'text'],
      ['clicks', 'integer'],
    ],
    'on conflict (link_id, dimension, day, value) ' +
      'do update set clicks = link_daily_dimension_stats.clicks + excluded.clicks',
  ),
  bumpOwnerDimension: rowsInsert(
    'insert into workspace_daily_dimension_stats',
    [
      ['workspace_id', 'integer'],
      ['day', 'text'],
      ['dimension', 'text'],
      ['value', 'text'],
      ['clicks', 'integer'],
    ],
    'on conflict (workspace_id, dimension, day, value) ' +
      'do update set clicks = workspace_daily_dimension_stats.clicks + excluded.clicks',
  ),
  bumpDimension: rowsInsert(
    'insert into link_dimension_stats',
    [
      ['link_id', 'integer'],
      ['dimension', 'text'],
      ['value', 'text'],
      ['clicks', 'integer'],
    ],
    'on conflict (link_id, dimension, value) do update set clicks = link_dimension_stats.clicks + excluded.clicks',
  ),
};

function statementsFor(postgres: boolean) {
  const p = (i: number) => (postgres ? `$${i}` : '?');
  const prepared = postgres ? '/* prepared */ ' : '';
  return {
    bumpLink: `${prepared}update links set click_count = click_count + ${p(1)}
      where id = ${p(2)} returning workspace_id, redirect_url, tracking_id`,
    bumpBots: rowsInsert(
      'insert into link_daily_bots',
      [
        ['link_id', 'integer'],
        ['day', 'text'],
        ['bots', 'integer'],
      ],
      'on conflict (link_id, day) do update set bots = link_daily_bots.bots + excluded.bots ' +
        'returning link_id, day, bots',
    ),
    insertClicks: rowsInsert('insert into clicks', RAW_COLUMNS, ''),
    insertClickRuns: rowsInsert('insert into clicks', RAW_COLUMNS, '', {
      select: runSelect(
        "iif(time.type = 'array', time.value ->> 0, time.value)",
        "iif(time.type = 'array', time.value ->> 1, null)",
      ),
      postgresSelect: runSelect('time.value', 'time.click_id'),
      // A run's one row of values, named; its "clicked_at" is the JSON array of its times.
      from: (rows) =>
        `(select ${RAW_COLUMNS.map(([name], i) => `column${i + 1} as ${name}`).join(', ')} from ${rows}) ` +
        'as run, json_each(run.clicked_at) as time',
      postgresFrom: (rows) =>
        `${rows} cross join lateral rows from (json_array_elements_text(run.clicked_at::json), ` +
        'json_array_elements_text(run.click_id::json)) as time (value, click_id)',
    }),
    bumpDaily: rowsInsert(
      'insert into link_daily_stats',
      [
        ['link_id', 'integer'],
        ['day', 'text'],
        ['clicks', 'integer'],
      ],
      'on conflict (link_id, day) do update set clicks = link_daily_stats.clicks + excluded.clicks',
    ),
    ...DIMENSION_INSERTS,
    bumpFacets: BUMP_FACETS,
    bumpPicks:
      `${prepared}update landing_options set picks = picks + ${p(1)} ` +
      `where link_id = ${p(2)} and position = ${p(3)}`,
    findSalt: `${prepared}select salt from daily_salts where day = ${p(1)}`,
    addSalt: `insert into daily_salts (day, salt) values (${p(1)}, ${p(2)}) on conflict (day) do nothing`,
    dropOldSalts: `delete from daily_salts where day < ${p(1)}`,
    addVisitors: rowsInsert(
      'insert into link_daily_visitors',
      [
        ['link_id', 'integer'],
        ['day', 'text'],
        ['visitor', 'text'],
      ],
      'on conflict do nothing returning link_id, day',
    ),
    bumpUnique:
      `${prepared}update link_daily_stats set unique_clicks = unique_clicks + ${p(1)} ` +
      `where link_id = ${p(2)} and day = ${p(3)}`,
    bumpOwnerDay:
      `${prepared}insert into workspace_daily_stats (workspace_id, day, clicks, unique_clicks) ` +
      `values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}) on conflict (workspace_id, day) do update set ` +
      'clicks = workspace_daily_stats.clicks + excluded.clicks, ' +
      'unique_clicks = workspace_daily_stats.unique_clicks + excluded.unique_clicks',
  };
}
type EngineStatements = ReturnType<typeof statementsFor>;

/** Each engine's statements, made once. */
const STATEMENTS = { sqlite: statementsFor(false), postgres: statementsFor(true) };

// The tally: what a batch adds to each counter, computed before any statement.

/** What one batch adds to links.click_count, the rollups, the choice-page picks and the day's visitors. */
export interface ClickTally {
  links: Map<number, number>;
  daily: Array<{ linkId: number; day: string; clicks: number }>;
  dailyDimension: Array<{ linkId: number; day: string; dimension: RollupDimension; value: string; clicks: number }>;
  dimension: Array<{ linkId: number; dimension: RollupDimension; value: string; clicks: number }>;
  /** The groups themselves: clicks per link, day and combination of every breakdown value (link_daily_facets). */
  facets: Array<{ event: ClickEvent; day: string; clicks: number }>;
  picks: Array<{ linkId: number; position: number; picks: number }>;
  /** Each visitor (visitorKey, not yet salted) of each link on each day, once. */
  visitors: Array<{ linkId: number; day: string; visitor: string }>;
  /** Bot visits per link and day, all counted (link_daily_bots); the day's first are raw rows too (rawClickEvents). */
  bots: Array<{ linkId: number; day: string; bots: number }>;
}

/** A link's UTC day, as the key of the bot counts. */
export const linkDay = (linkId: number, day: string) => `${linkId}\n${day}`;

/**
 * The clicks of a batch to write as raw rows, in their order: every human visit, and each bot
 * visit among the first RAW_BOTS_PER_DAY of its link's day. `bots` is the batch's tally of them;
 * `botTotals` holds each (link, day)'s count with the batch added, by linkDay (the count's upsert
 * returns it, so nothing is read first): the batch's bot visits of that day are numbered on from
 * that total less theirs.
 */
export function rawClickEvents(
  events: readonly ClickEvent[],
  bots: ClickTally['bots'],
  botTotals: ReadonlyMap<string, number>,
): readonly ClickEvent[] {
  if (bots.length === 0) return events;
  // Each (link, day)'s number, counted from 0, for its next bot visit of the batch.
  const next = new Map<string, number>();
  for (const b of bots) {
    const key = linkDay(b.linkId, b.day);
    next.set(key, botTotals.get(key)! - b.bots);
  }
  return events.filter((event) => {
    if (!event.bot) return true;
    const key = linkDay(event.linkId, event.at.slice(0, 10));
    const ordinal = next.get(key)!;
    next.set(key, ordinal + 1);
    return ordinal < RAW_BOTS_PER_DAY;
  });
}

/**
 * Pre-aggregates a batch, so 1,000 clicks on a few links become a handful of upserts. Clicks are
 * first grouped by everything the rollups look at (one Map lookup per click: most clicks share
 * link, day and dimension values with many others), then each group is spread over the rollups.
 * Bots count nowhere but in their own daily count; a choice-page pick counts for its option, not
 * as a click.
 */
export function tallyClicks(events: readonly ClickEvent[]): ClickTally {
  const groups = new Map<string, { event: ClickEvent; day: string; clicks: number }>();
  const picks = new Map<string, { linkId: number; position: number; picks: number }>();
  const visitors = new Map<string, { linkId: number; day: string; visitor: string }>();
  const bots = new Map<string, { linkId: number; day: string; bots: number }>();
  // A click like the one before it (a popular link's clicks come in runs) joins that click's
  // group without building the key: comparing a dozen fields is cheaper than a 13-part string.
  let lastGroup: { event: ClickEvent; day: string; clicks: number } | undefined;
  let lastVisitor = '';
  for (const event of events) {
    if (event.bot) {
      const day = event.at.slice(0, 10);
      const key = linkDay(event.linkId, day);
      const found = bots.get(key);
      if (found) found.bots += 1;
      else bots.set(key, { linkId: event.linkId, day, bots: 1 });
      continue;
    }
    if (event.optionIndex !== null) {
      const key = `${event.linkId}:${event.optionIndex}`;
      const pick = picks.get(key);
      if (pick) pick.picks += 1;
      else picks.set(key, { linkId: event.linkId, position: event.optionIndex, picks: 1 });
      continue;
    }
    const sameDay = lastGroup !== undefined && event.at.startsWith(lastGroup.day);
    if (lastGroup && sameDay && sameDimensions(lastGroup.event, event)) {
      lastGroup.clicks += 1;
      if (event.visitor !== lastVisitor) addVisitor(visitors, event.linkId, lastGroup.day, event.visitor);
      lastVisitor = event.visitor;
      continue;
    }
    const day = lastGroup && sameDay ? lastGroup.day : event.at.slice(0, 10);
    addVisitor(visitors, event.linkId, day, event.visitor);
    // A template, not an array joined: this runs for every click of every batch.
    const key =
      `${event.linkId}\n${day}\n${event.country}\n${event.device}\n${event.browser}\n${event.os}\n` +
      `${event.referrerHost}\n${event.language}\n${event.utmSource}\n${event.utmMedium}\n` +
      `${event.utmCampaign}\n${event.variantIndex}\n${event.storefront}`;
    let group = groups.get(key);
    if (group) group.clicks += 1;
    else groups.set(key, (group = { event, day, clicks: 1 }));
    lastGroup = group;
    lastVisitor = event.visitor;
  }

  const links = new Map<number, number>();
  const daily = new Map<string, { linkId: number; day: string; clicks: number }>();
  const dailyDimension = new Map<
    string,
    { linkId: number; day: string; dimension: RollupDimension; value: string; clicks: number }
  >();
  const dimension = new Map<string, { linkId: number; dimension: RollupDimension; value: string; clicks: number }>();
  for (const { event, day, clicks } of groups.values()) {
    const { linkId } = event;
    links.set(linkId, (links.get(linkId) ?? 0) + clicks);
    addTo(daily, `${linkId}\n${day}`, { linkId, day, clicks });
    for (const [name, value] of dimensionValues(event)) {
      addTo(dailyDimension, `${linkId}\n${day}\n${name}\n${value}`, { linkId, day, dimension: name, value, clicks });
      addTo(dimension, `${linkId}\n${name}\n${value}`, { linkId, dimension: name, value, clicks });
    }
  }
  return {
    links,
    daily: [...daily.values()],
    dailyDimension: [...dailyDimension.values()],
    dimension: [...dimension.values()],
    facets: [...groups.values()],
    picks: [...picks.values()],
    visitors: [...visitors.values()],
    bots: [...bots.values()],
  };
}

/**
 * The account rollup of a batch: each owner's clicks and new unique visitors per day, from the
 * batch's per-link rows (`ownerOf` maps the links the writer found to their owners).
 */
export function ownerDays(
  daily: ReadonlyArray<{ linkId: number; day: string; clicks: number }>,
  freshVisitors: ReadonlyArray<{ linkId: number; day: string; count: number }>,
  ownerOf: (linkId: number) => number | undefined,
): Array<{ workspaceId: number; day: string; clicks: number; unique: number }> {
  const days = new Map<string, { workspaceId: number; day: string; clicks: number; unique: number }>();
  const entry = (linkId: number, day: string) => {
    const workspaceId = ownerOf(linkId);
    if (workspaceId === undefined) return undefined;
    const key = `${workspaceId}\n${day}`;
    let found = days.get(key);
    if (!found) days.set(key, (found = { workspaceId, day, clicks: 0, unique: 0 }));
    return found;
  };
  for (const d of daily) {
    const found = entry(d.linkId, d.day);
    if (found) found.clicks += d.clicks;
  }
  for (const v of freshVisitors) {
    const found = entry(v.linkId, v.day);
    if (found) found.unique += v.count;
  }
  return [...days.values()];
}

/** A link's `program` rollup value (its destination's program and its tracking id), if it has a program. */
function linkProgramValue(url: string, trackingId: string | null): string | undefined {
  const program = programForUrl(url);
  return program && programValue(program.id, trackingId);
}

/** The batch's clicks per day of each link in a program, as `program` breakdown rows. */
function programRows(daily: ClickTally['daily'], programs: ReadonlyMap<number, string>): ClickTally['dailyDimension'] {
  const rows: ClickTally['dailyDimension'] = [];
  for (const { linkId, day, clicks } of daily) {
    const value = programs.get(linkId);
    if (value !== undefined) rows.push({ linkId, day, dimension: PROGRAM_DIMENSION, value, clicks });
  }
  return rows;
}

/** The account breakdowns of a batch: each owner's clicks per day and breakdown value. */
export function ownerDimensions(
  dailyDimension: ClickTally['dailyDimension'],
  ownerOf: (linkId: number) => number | undefined,
): Array<{ workspaceId: number; day: string; dimension: RollupDimension; value: string; clicks: number }> {
  const rows = new Map<
    string,
    { workspaceId: number; day: string; dimension: RollupDimension; value: string; clicks: number }
  >();
  for (const { linkId, day, dimension, value, clicks } of dailyDimension) {
    const workspaceId = ownerOf(linkId);
    if (workspaceId === undefined) continue;
    const key = `${workspaceId}\n${day}\n${dimension}\n${value}`;
    const found = rows.get(key);
    if (found) found.clicks += clicks;
    else rows.set(key, { workspaceId, day, dimension, value, clicks });
  }
  return [...rows.values()];
}

/** Whether two clicks of one day fall in the same rollup group: same link and dimension values. */
export function sameDimensions(a: ClickEvent, b: ClickEvent): boolean {
  return (
    a.linkId === b.linkId &&
    a.country === b.country &&
    a.device === b.device &&
    a.browser === b.browser &&
    a.os === b.os &&
    a.referrerHost === b.referrerHost &&
    a.language === b.language &&
    a.utmSource === b.utmSource &&
    a.utmMedium === b.utmMedium &&
    a.utmCampaign === b.utmCampaign &&
    a.variantIndex === b.variantIndex &&
    a.storefront === b.storefront
  );
}

function addVisitor(
  visitors: Map<string, { linkId: number; day: string; visitor: string }>,
  linkId: number,
  day: string,
  visitor: string,
): void {
  const key = `${linkId}\n${day}\n${visitor}`;
  if (!visitors.has(key)) visitors.set(key, { linkId, day, visitor });
}

function addTo<T extends { clicks: number }>(map: Map<string, T>, key: string, entry: T): void {
  const existing = map.get(key);
  if (existing) existing.clicks += entry.clicks;
  else map.set(key, entry);
}

/**
 * A link's clicks, one after another, that make the same raw row but for their time: a popular
 * link's visitors of one kind, a load test, a crawler. The batch writers insert a long run with its
 * values once and its times as one array, since the values, not the rows, are what costs
 * (insertRawClicks).
 */
export interface ClickRun {
  /** The first click: the others differ from it only in their time. */
  click: ClickEvent;
  times: string[];
  /** Each click's id, in the order of `times` (null for a click without one). */
  clickIds: Array<string | null>;
}

/** Runs this long or longer are worth a statement of their own. */
export const RUN_MIN = 4;

/**
 * A batch's clicks as runs, link by link (links in the order of their first click), each link's
 * in the order they came: a link's raw clicks take ids in that order, the order the clicks API
 * pages them by, and another link's click between two no longer breaks a run.
 */
export function clickRuns(events: readonly ClickEvent[]): ClickRun[] {
  const links = new Map<number, ClickRun[]>();
  for (const event of events) {
    const runs = links.get(event.linkId);
    const last = runs?.[runs.length - 1];
    if (last && alikeButTime(last.click, event)) {
      last.times.push(event.at);
      last.clickIds.push(event.clickId);
    } else {
      const run = { click: event, times: [event.at], clickIds: [event.clickId] };
      if (runs) runs.push(run);
      else links.set(event.linkId, [run]);
    }
  }
  return [...links.values()].flat();
}

/**
 * Whether two clicks make the same raw row but for their time and click id, which a run carries
 * click by click (a storefront, not in the row, also counts: a shorter run).
 */
function alikeButTime(a: ClickEvent, b: ClickEvent): boolean {
  return a.bot === b.bot && a.optionIndex === b.optionIndex && sameDimensions(a, b);
}
