import type SQLite from 'better-sqlite3';
import type { ClickEvent } from '../core/clicks.ts';
import { tallyClicks } from './click-tally.ts';

/** Rows per multi-row insert: large enough to amortise each statement, small enough to prepare once. */
const ROWS_PER_INSERT = 100;
const CLICK_COLUMNS =
  '(link_id, clicked_at, country, device, browser, os, referrer_host, is_bot, option_index, variant_index)';
const CLICK_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

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
  const linkExists = sqlite.prepare('select 1 from links where id = ?').pluck();
  const insertOne = sqlite.prepare(`insert into clicks ${CLICK_COLUMNS} values ${CLICK_VALUES}`);
  const insertMany = sqlite.prepare(
    `insert into clicks ${CLICK_COLUMNS} values ${Array(ROWS_PER_INSERT).fill(CLICK_VALUES).join(', ')}`,
  );
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
  const bumpPicks = sqlite.prepare('update landing_options set picks = picks + ? where link_id = ? and position = ?');

  const write = sqlite.transaction((events: readonly ClickEvent[]) => {
    // Clicks of links deleted meanwhile are skipped (the write lock keeps the answer true).
    const linkIds = new Set(events.map((e) => e.linkId));
    const gone = [...linkIds].filter((linkId) => !linkExists.get(linkId));
    const live = gone.length === 0 ? events : events.filter((e) => !gone.includes(e.linkId));
    if (live.length === 0) return;

    const params: unknown[] = [];
    let i = 0;
    for (; i + ROWS_PER_INSERT <= live.length; i += ROWS_PER_INSERT) {
      params.length = 0;
      for (let j = i; j < i + ROWS_PER_INSERT; j++) pushRow(params, live[j]!);
      insertMany.run(params);
    }
    for (; i < live.length; i++) {
      params.length = 0;
      pushRow(params, live[i]!);
      insertOne.run(params);
    }

    const t = tallyClicks(live);
    for (const [linkId, clicks] of t.links) bumpLink.run(clicks, linkId);
    for (const d of t.daily) bumpDaily.run(d.linkId, d.day, d.clicks);
    for (const d of t.dailyDimension) bumpDailyDimension.run(d.linkId, d.day, d.dimension, d.value, d.clicks);
    for (const d of t.dimension) bumpDimension.run(d.linkId, d.dimension, d.value, d.clicks);
    for (const p of t.picks) bumpPicks.run(p.picks, p.linkId, p.position);
  });
  return (events) => {
    if (events.length > 0) write.immediate(events);
  };
}

function pushRow(params: unknown[], e: ClickEvent): void {
  params.push(
    e.linkId,
    e.at,
    e.country,
    e.device,
    e.browser,
    e.os,
    e.referrerHost,
    e.bot ? 1 : 0,
    e.optionIndex,
    e.variantIndex,
  );
}
