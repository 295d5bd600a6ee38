import { randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { ClickEvent } from '../core/clicks.ts';
import { countsAsVisitorDay, dayBefore, saltedVisitor } from '../core/visitors.ts';
import { clickRuns, RUN_MIN } from './click-runs.ts';
import { linkDay, ownerDays, rawClickEvents, tallyClicks } from './click-tally.ts';

const CLICK_COLUMNS =
  '(link_id, clicked_at, country, device, browser, os, referrer_host, is_bot, option_index, variant_index, ' +
  'language, utm_source, utm_medium, utm_campaign)';
const CLICK_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
/**
 * Rows per multi-row insert, largest first: large enough to amortise each statement, small enough
 * to prepare once; the 10-row one keeps a remainder from going in row by row.
 */
const ROWS_PER_INSERT = [100, 10, 1] as const;
const COLUMN_NAMES = CLICK_COLUMNS.slice(1, -1).split(', ');
/** A run's values, bound as one row's; its "time" is the JSON array of the run's times. */
const RUN_ROW = `select ${COLUMN_NAMES.map((column) => `? as ${column}`).join(', ')}`;
const RUN_COLUMNS = COLUMN_NAMES.map((column) => (column === 'clicked_at' ? 'value' : `run.${column}`)).join(', ');

/**
 * The click batch writer for a SQLite file, on the writer thread's own connection: the same
 * writes as writeClickBatch (clicks.kysely.ts; the tests hold both to the same results), with
 * statements prepared once. Through Kysely every batch was compiled and prepared anew, which
 * was about half of the writer's CPU time per click, on a 2-core machine shared with the redirects.
 *
 * The transaction is IMMEDIATE: it holds the write lock from its first statement, so the link
 * check below cannot be overtaken by another connection's commit (a deferred transaction that
 * reads, then writes, fails at once with "database is locked" when that happens).
 */
export function createSqliteClickWriter(sqlite: SQLite.Database): (events: readonly ClickEvent[]) => void {
  const ownerOf = sqlite.prepare('select user_id from links where id = ?').pluck();
  const insertClicks = createRawClickInsert(sqlite);
  const bumpLink = sqlite.prepare('update links set click_count = click_count + ? where id = ?');
  const bumpDaily = sqlite.prepare(
    'insert into link_daily_stats (link_id, day, clicks) values (?, ?, ?) ' +
      'on conflict (link_id, day) do update set clicks = link_daily_stats.clicks + excluded.clicks',
  );
  const bumpDailyDimension = sqlite.prepare(
    'insert into link_daily_dimension_stats (link_id, day, dimension, value, clicks) values (?, ?, ?, ?, ?) ' +
      'on conflict (link_id, dimension, day, value) ' +
      'do update set clicks = link_daily_dimension_stats.clicks + excluded.clicks',
  );
  const bumpDimension = sqlite.prepare(
    'insert into link_dimension_stats (link_id, dimension, value, clicks) values (?, ?, ?, ?) ' +
      'on conflict (link_id, dimension, value) do update set clicks = link_dimension_stats.clicks + excluded.clicks',
  );
  const bumpBots = sqlite
    .prepare(
      'insert into link_daily_bots (link_id, day, bots) values (?, ?, ?) ' +
        'on conflict (link_id, day) do update set bots = link_daily_bots.bots + excluded.bots returning bots',
    )
    .pluck();
  const bumpPicks = sqlite.prepare('update landing_options set picks = picks + ? where link_id = ? and position = ?');
  const findSalt = sqlite.prepare('select salt from daily_salts where day = ?').pluck();
  const addSalt = sqlite.prepare('insert into daily_salts (day, salt) values (?, ?) on conflict (day) do nothing');
  const dropOldSalts = sqlite.prepare('delete from daily_salts where day < ?');
  const addVisitor = sqlite.prepare(
    'insert into link_daily_visitors (link_id, day, visitor) values (?, ?, ?) on conflict do nothing',
  );
  const bumpOwnerDay = sqlite.prepare(
    'insert into user_daily_stats (user_id, day, clicks, unique_clicks) values (?, ?, ?, ?) ' +
      'on conflict (user_id, day) do update set clicks = user_daily_stats.clicks + excluded.clicks, ' +
      'unique_clicks = user_daily_stats.unique_clicks + excluded.unique_clicks',
  );
  const bumpUnique = sqlite.prepare(
    'update link_daily_stats set unique_clicks = unique_clicks + ? where link_id = ? and day = ?',
  );
  // A day's salt never changes once made: this connection remembers the days it has used.
  const salts = new Map<string, string>();
  const saltOf = (day: string): string => {
    let salt = salts.get(day) ?? (findSalt.get(day) as string | undefined);
    if (salt === undefined) {
      addSalt.run(day, randomBytes(32).toString('base64url'));
      salt = findSalt.get(day) as string;
      // Salts of days before yesterday go (see daySalt in clicks.kysely.ts).
      dropOldSalts.run(dayBefore(new Date().toISOString().slice(0, 10)));
    }
    if (salts.size > 4) salts.clear();
    salts.set(day, salt);
    return salt;
  };

  const write = sqlite.transaction((events: readonly ClickEvent[]) => {
    // Clicks of links deleted meanwhile are skipped (the write lock keeps the answer true).
    const owners = new Map<number, number>();
    for (const linkId of new Set(events.map((e) => e.linkId))) {
      const userId = ownerOf.get(linkId) as number | undefined;
      if (userId !== undefined) owners.set(linkId, userId);
    }
    const gone = [...new Set(events.map((e) => e.linkId))].filter((linkId) => !owners.has(linkId));
    const live = gone.length === 0 ? events : events.filter((e) => !gone.includes(e.linkId));
    if (live.length === 0) return;

    const t = tallyClicks(live);
    // Bots are counted, and only the day's first written as raw rows (see writeClickBatch).
    const botTotals = new Map<string, number>();
    for (const b of t.bots) botTotals.set(linkDay(b.linkId, b.day), bumpBots.get(b.linkId, b.day, b.bots) as number);
    insertClicks(rawClickEvents(live, t.bots, botTotals));
    for (const [linkId, clicks] of t.links) bumpLink.run(clicks, linkId);
    for (const d of t.daily) bumpDaily.run(d.linkId, d.day, d.clicks);
    for (const d of t.dailyDimension) bumpDailyDimension.run(d.linkId, d.day, d.dimension, d.value, d.clicks);
    for (const d of t.dimension) bumpDimension.run(d.linkId, d.dimension, d.value, d.clicks);
    for (const p of t.picks) bumpPicks.run(p.picks, p.linkId, p.position);
    // Unique visitors: only a visitor not yet seen on that link that day adds one.
    const fresh = new Map<string, { linkId: number; day: string; count: number }>();
    const now = Date.now();
    for (const v of t.visitors) {
      if (!countsAsVisitorDay(v.day, now)) continue;
      if (addVisitor.run(v.linkId, v.day, saltedVisitor(saltOf(v.day), v.visitor)).changes === 0) continue;
      const key = `${v.linkId}\n${v.day}`;
      const entry = fresh.get(key);
      if (entry) entry.count += 1;
      else fresh.set(key, { linkId: v.linkId, day: v.day, count: 1 });
    }
    for (const f of fresh.values()) bumpUnique.run(f.count, f.linkId, f.day);
    for (const o of ownerDays(t.daily, [...fresh.values()], (linkId) => owners.get(linkId))) {
      bumpOwnerDay.run(o.userId, o.day, o.clicks, o.unique);
    }
  });
  return (events) => {
    if (events.length > 0) write.immediate(events);
  };
}

/**
 * Inserts a batch's raw clicks, each link's in their order (see clickRuns). Binding a value costs
 * about 0.2 µs (better-sqlite3 checks its type and copies a string twice), 14 for each click,
 * more than SQLite's own insert: a run binds its values once and its times as one JSON array,
 * which SQLite's json_each turns back into rows, 2.3 against 5.3 µs a click (docs/benchmarks.md).
 * Other clicks go in 100, 10 or 1 rows to a statement.
 */
function createRawClickInsert(sqlite: SQLite.Database): (events: readonly ClickEvent[]) => void {
  const insertRows = ROWS_PER_INSERT.map((rows) => ({
    rows,
    statement: sqlite.prepare(
      `insert into clicks ${CLICK_COLUMNS} values ${Array(rows).fill(CLICK_VALUES).join(', ')}`,
    ),
  }));
  // json_each yields the array's elements in order, and INSERT ... SELECT takes rowids in the
  // order its rows come (the tests hold ids to the batch's order).
  const insertRun = sqlite.prepare(
    `insert into clicks ${CLICK_COLUMNS} select ${RUN_COLUMNS} from (${RUN_ROW}) as run, json_each(run.clicked_at)`,
  );
  const params: unknown[] = [];
  return (events) => {
    // Clicks not in a long run, as [click, time]: written before the next run, to keep the order.
    const pending: Array<[ClickEvent, string]> = [];
    const writePending = () => {
      let i = 0;
      for (const { rows, statement } of insertRows) {
        for (; i + rows <= pending.length; i += rows) {
          params.length = 0;
          for (let j = i; j < i + rows; j++) pushRow(params, pending[j]![0], pending[j]![1]);
          statement.run(params);
        }
      }
      pending.length = 0;
    };
    for (const { click, times } of clickRuns(events)) {
      if (times.length < RUN_MIN) {
        for (const at of times) pending.push([click, at]);
        if (pending.length >= ROWS_PER_INSERT[0]) writePending();
        continue;
      }
      writePending();
      params.length = 0;
      pushRow(params, click, JSON.stringify(times));
      insertRun.run(params);
    }
    writePending();
  };
}

/** A raw row's values, in CLICK_COLUMNS' order, with `at` as its time. */
function pushRow(params: unknown[], e: ClickEvent, at: string): void {
  params.push(
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
  );
}
