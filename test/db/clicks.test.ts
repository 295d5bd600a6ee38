import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickEvent } from '../../src/core/clicks.ts';
import type { Principal } from '../../src/core/model.ts';
import { pruneClicks, pruneVisitors } from '../../src/clicks/retention.ts';
import {
  clickByClickId,
  deleteClicksOfLink,
  forgetVisitorsBefore,
  rawClicksPage,
  writeClickBatch,
} from '../../src/storage/clicks.kysely.ts';
import { purgeClicksBeforeDeletion } from '../../src/services/link-deletion.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { sqliteClickWriter } from '../../src/storage/click-writes.ts';
import { openDatabase, openSqliteConnection, type DatabaseHandle } from '../../src/storage/database.ts';
import { replaceLandingOptions } from '../../src/storage/landing-options.kysely.ts';
import { deleteLink, findLink, linkVisitorsDeletion } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import {
  accountDaily,
  breakdown,
  breakdowns,
  ALL_DAYS,
  linkTotalsAndDays,
  linkTotals,
  optionPicks,
  type DayRange,
} from '../../src/storage/stats.kysely.ts';
import type { Database } from '../../src/storage/schema.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { clickEvent } from '../helpers/clicks.ts';
import { engines, explainPlan, freshDatabaseUrl, insertPlainLink, useMigratedDatabase } from '../helpers/database.ts';
import { principalOf, type Account } from '../helpers/accounts.ts';

/**
 * Every writer must leave the same rows and counters: Kysely's (PostgreSQL, in-memory SQLite, the
 * Redis consumer) and the SQLite writer thread's prepared statements, on a second connection to
 * a database file as in the service.
 */
const writers = [
  ...engines.map((engine) => ({ name: `Kysely on ${engine}`, engine, prepared: false })),
  { name: 'prepared statements on a SQLite file', engine: 'sqlite' as const, prepared: true },
];

/** A new plain link of `userId`'s; its id. */
const plainLink = async (db: Kysely<Database>, userId: number, shortCode: string) =>
  (await insertPlainLink(db, userId, shortCode)).id;

/** A link's days of `range`, as a link's statistics read them beside its totals. */
const dailyClicks = async (db: Kysely<Database>, linkId: number, range: DayRange) =>
  (await linkTotalsAndDays(db, linkId, range.from, ALL_DAYS, range)).daily;

describe.each(writers)('the click batch writer: $name', ({ engine, prepared }) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let writeBatch: (events: ClickEvent[]) => Promise<void>;
  let owner: Account;
  let userId: number;
  let n = 0;
  beforeAll(async () => {
    if (prepared) {
      const dir = mkdtempSync(join(tmpdir(), 'hoplink-clicks-'));
      handle = openDatabase(`sqlite:${join(dir, 'hoplink.db')}`);
      await migrateToLatest(handle.db);
      const writerConnection = openSqliteConnection(join(dir, 'hoplink.db'));
      writeBatch = sqliteClickWriter(writerConnection);
      drop = async () => {
        writerConnection.close();
        rmSync(dir, { recursive: true, force: true });
      };
    } else {
      const fresh = await freshDatabaseUrl(engine);
      handle = openDatabase(fresh.url);
      writeBatch = (events) => handle.db.transaction().execute((trx) => writeClickBatch(trx, events));
      drop = fresh.drop;
      await migrateToLatest(handle.db);
    }
    owner = await insertAccount(handle.db, { email: `clicks-${engine}@example.com`, plan: 'business' });
    userId = owner.workspaceId;
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });
  const newLink = () => plainLink(handle.db, userId, `c${n++}`);
  const botsOf = async (id: number) =>
    (
      await handle.db
        .selectFrom('link_daily_bots')
        .select(['day', 'bots'])
        .where('link_id', '=', id)
        .orderBy('day')
        .execute()
    ).map((row) => ({ day: row.day, bots: Number(row.bots) }));

  it('stores every click, bots flagged; counts a human in click_count and rollups, a bot only per day', async () => {
    const id = await newLink();
    await writeBatch([
      clickEvent(id),
      clickEvent(id, { country: 'GB', device: 'mobile', os: 'ios', browser: 'safari' }),
      clickEvent(id, { at: '2026-05-11T00:00:01.000Z' }),
      clickEvent(id, { bot: true, country: 'CN' }),
    ]);
    expect((await findLink(handle.db, id))?.clickCount).toBe(3);
    const raw = await handle.db.selectFrom('clicks').selectAll().where('link_id', '=', id).execute();
    expect(raw.map((r) => [r.country, r.is_bot])).toEqual([
      ['US', 0],
      ['GB', 0],
      ['US', 0],
      ['CN', 1],
    ]);
    expect(await botsOf(id)).toEqual([{ day: '2026-05-10', bots: 1 }]);
    expect(Object.fromEntries(await dailyClicks(handle.db, id, { from: '2026-05-01', to: '2026-05-31' }))).toEqual({
      // Written long after those days: clicks, but no unique visitors (see below).
      '2026-05-10': { clicks: 2, unique: 0 },
      '2026-05-11': { clicks: 1, unique: 0 },
    });
    expect(await breakdown(handle.db, id, 'country')).toEqual([
      { value: 'US', clicks: 2 },
      { value: 'GB', clicks: 1 },
    ]);
    expect(await breakdown(handle.db, id, 'os')).toEqual([
      { value: 'windows', clicks: 2 },
      { value: 'ios', clicks: 1 },
    ]);
    expect((await linkTotals(handle.db, id, '2026-05-11')).since).toBe(1);
    // The same totals beside a range's days, and beside a range without clicks (no day rows).
    const withDays = await linkTotalsAndDays(handle.db, id, '2026-05-11', ALL_DAYS, {
      from: '2026-05-11',
      to: '2026-05-31',
    });
    expect(withDays.totals).toEqual(await linkTotals(handle.db, id, '2026-05-11'));
    expect(Object.fromEntries(withDays.daily)).toEqual({ '2026-05-11': { clicks: 1, unique: 0 } });
    const noDays = await linkTotalsAndDays(handle.db, id, '2026-05-11', ALL_DAYS, {
      from: '2026-06-01',
      to: '2026-06-30',
    });
    expect(noDays).toEqual({ totals: withDays.totals, daily: new Map() });
  });

  it('answers several breakdowns in one query, each as breakdown alone would, over all time and a range', async () => {
    const id = await newLink();
    await writeBatch([
      clickEvent(id, { at: '2026-05-09T10:00:00.000Z', country: 'FR', device: 'mobile' }),
      clickEvent(id, { country: 'GB', device: 'mobile' }),
      clickEvent(id, { country: 'GB' }),
      clickEvent(id, { country: 'DE', at: '2026-05-11T10:00:00.000Z' }),
    ]);
    const dimensions = ['country', 'device', 'referrer'] as const;
    for (const range of [undefined, { from: '2026-05-10', to: '2026-05-11' }]) {
      const together = await breakdowns(handle.db, id, dimensions, range);
      expect([...together.keys()]).toEqual(dimensions);
      for (const dimension of dimensions)
        expect(together.get(dimension)).toEqual(await breakdown(handle.db, id, dimension, range));
    }
    const inRange = await breakdowns(handle.db, id, dimensions, { from: '2026-05-10', to: '2026-05-11' });
    expect(Object.fromEntries(inRange)).toEqual({
      country: [
        { value: 'GB', clicks: 2 },
        { value: 'DE', clicks: 1 },
      ],
      device: [
        { value: 'desktop', clicks: 2 },
        { value: 'mobile', clicks: 1 },
      ],
      referrer: [{ value: 'direct', clicks: 3 }],
    });
    expect((await breakdowns(handle.db, id, [])).size).toBe(0);
  });

  it('adds up across batches', async () => {
    const id = await newLink();
    await writeBatch([clickEvent(id), clickEvent(id)]);
    await writeBatch([clickEvent(id)]);
    expect((await findLink(handle.db, id))?.clickCount).toBe(3);
    expect(await breakdown(handle.db, id, 'device')).toEqual([{ value: 'desktop', clicks: 3 }]);
  });

  it('counts choice-page picks per option, not as clicks', async () => {
    const id = await newLink();
    await handle.db
      .transaction()
      .execute((trx) => replaceLandingOptions(trx, id, ['https://a.example', 'https://b.example']));
    await writeBatch([
      clickEvent(id),
      clickEvent(id, { optionIndex: 1 }),
      clickEvent(id, { optionIndex: 1 }),
      clickEvent(id, { optionIndex: 0 }),
    ]);
    expect((await findLink(handle.db, id))?.clickCount).toBe(1);
    expect(await optionPicks(handle.db, id)).toEqual([
      { url: 'https://a.example', picks: 1 },
      { url: 'https://b.example', picks: 2 },
    ]);
  });

  it('counts each visitor once per link and day, across batches; bots in neither', async () => {
    const id = await newLink();
    const other = await newLink();
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const on = (day: string) => `${day}T00:00:01.000Z`;
    await writeBatch([
      clickEvent(id, { at: on(yesterday), visitor: 'ann' }),
      clickEvent(id, { at: on(yesterday), visitor: 'ann' }),
      clickEvent(id, { at: on(yesterday), visitor: 'bob' }),
      clickEvent(id, { at: on(yesterday), visitor: 'eve', bot: true }),
      clickEvent(other, { at: on(yesterday), visitor: 'ann' }),
    ]);
    await writeBatch([
      clickEvent(id, { at: on(yesterday), visitor: 'ann' }),
      clickEvent(id, { at: on(today), visitor: 'ann' }),
      clickEvent(id, { at: on(today), visitor: 'cy' }),
    ]);
    const days = await dailyClicks(handle.db, id, { from: yesterday, to: today });
    expect(Object.fromEntries(days)).toEqual({
      [yesterday]: { clicks: 4, unique: 2 },
      [today]: { clicks: 2, unique: 2 },
    });
    expect(Object.fromEntries(await dailyClicks(handle.db, other, { from: yesterday, to: yesterday }))).toEqual({
      [yesterday]: { clicks: 1, unique: 1 },
    });
    // The owner's daily rollup adds both links up (the account overview reads it).
    const account = await accountDaily(handle.db, userId, { from: yesterday, to: today });
    expect(account.get(yesterday)).toEqual({ clicks: 5, unique: 3 });
    expect(account.get(today)!.clicks).toBeGreaterThanOrEqual(2);
  });

  it('counts a visit written days late as a click, not as a unique visitor (its day is closed)', async () => {
    const id = await newLink();
    await writeBatch([clickEvent(id, { at: '2026-05-10T12:00:00.000Z', visitor: 'late' })]);
    expect(Object.fromEntries(await dailyClicks(handle.db, id, { from: '2026-05-10', to: '2026-05-10' }))).toEqual({
      '2026-05-10': { clicks: 1, unique: 0 },
    });
  });

  it('keeps referrer, language and campaign in the raw row and the rollups', async () => {
    const id = await newLink();
    await writeBatch([
      clickEvent(id, {
        referrerHost: 'news.example',
        language: 'de',
        utmSource: 's',
        utmMedium: 'm',
        utmCampaign: 'c',
      }),
    ]);
    const row = await handle.db
      .selectFrom('clicks')
      .select(['language', 'utm_source', 'utm_medium', 'utm_campaign'])
      .where('link_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ language: 'de', utm_source: 's', utm_medium: 'm', utm_campaign: 'c' });
    expect(await breakdown(handle.db, id, 'referrer')).toEqual([{ value: 'news.example', clicks: 1 }]);
    expect(await breakdown(handle.db, id, 'utm_campaign')).toEqual([{ value: 'c', clicks: 1 }]);
  });

  it('stores each click id with its raw click, in runs of alike clicks too, and finds the click by it', async () => {
    const id = await newLink();
    // One run of alike clicks (ids in its JSON array of ids), with and without ids, then a run of ids only.
    const ids = [null, 'id-one', null, null, null, null, 'id-two', null, 'r1', 'r2', 'r3', 'r4', 'r5'];
    await writeBatch(ids.map((clickId) => clickEvent(id, { clickId })));
    const rows = await handle.db
      .selectFrom('clicks')
      .select('click_id')
      .where('link_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.click_id)).toEqual(ids);
    expect(await clickByClickId(handle.db, 'id-two')).toMatchObject({ linkId: id, workspaceId: userId });
    expect(await clickByClickId(handle.db, 'id-three')).toBeUndefined();
  });

  it('stores text that PostgreSQL arrays must escape as it came, and NULL as NULL', async () => {
    const id = await newLink();
    // The PostgreSQL writer sends a batch as one array a column: quotes, commas, braces,
    // backslashes, the word NULL and non-ASCII must come out as they went in.
    const awkward = ['a,"b"', '{c}', 'd\\e', 'NULL', 'café ü'];
    await writeBatch(
      awkward.map((value, i) =>
        clickEvent(id, { utmCampaign: value, utmSource: i === 0 ? null : 's', referrerHost: null, visitor: value }),
      ),
    );
    const rows = await handle.db
      .selectFrom('clicks')
      .select(['utm_campaign', 'utm_source', 'referrer_host'])
      .where('link_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.utm_campaign)).toEqual(awkward);
    expect(rows.map((row) => row.utm_source)).toEqual([null, 's', 's', 's', 's']);
    expect(rows.every((row) => row.referrer_host === null)).toBe(true);
    expect((await breakdown(handle.db, id, 'utm_campaign')).map((row) => row.value).sort()).toEqual(
      [...awkward].sort(),
    );
  });

  it('counts clicks per A/B variant in the rollups, bots in none', async () => {
    const id = await newLink();
    await writeBatch([
      clickEvent(id, { variantIndex: 0 }),
      clickEvent(id, { variantIndex: 1 }),
      clickEvent(id, { variantIndex: 1 }),
      clickEvent(id, { variantIndex: 1, bot: true }),
    ]);
    expect((await findLink(handle.db, id))?.clickCount).toBe(3);
    expect(await breakdown(handle.db, id, 'variant')).toEqual([
      { value: '1', clicks: 2 },
      { value: '0', clicks: 1 },
    ]);
    const rows = await handle.db.selectFrom('clicks').select('variant_index').where('link_id', '=', id).execute();
    expect(rows.map((row) => row.variant_index).sort()).toEqual([0, 1, 1, 1]);
  });

  it("stores the first 100 bot visits of a link's UTC day as raw rows, counts every one, across batches", async () => {
    const [id, other] = [await newLink(), await newLink()];
    let ms = 0;
    // Each visit its own time, so the rows show which visits were kept.
    const visit = (linkId: number, day: string, bot: boolean) =>
      clickEvent(linkId, { at: new Date(Date.parse(`${day}T08:00:00.000Z`) + ms++).toISOString(), bot });
    const bots = (linkId: number, day: string, count: number) =>
      Array.from({ length: count }, () => visit(linkId, day, true));
    const rowsOf = async (linkId: number) =>
      (
        await handle.db
          .selectFrom('clicks')
          .select(['clicked_at', 'is_bot'])
          .where('link_id', '=', linkId)
          .orderBy('id')
          .execute()
      ).map((row) => [row.clicked_at, row.is_bot]);
    const rowOf = (e: ClickEvent) => [e.at, e.bot ? 1 : 0];

    // 150 bot visits on the 10th, with human visits before, among and after the first 100.
    const crawl = bots(id, '2026-05-10', 150);
    const first = [
      visit(id, '2026-05-10', false),
      ...crawl.slice(0, 60),
      visit(id, '2026-05-10', false),
      ...crawl.slice(60, 120),
      visit(id, '2026-05-10', false),
      ...crawl.slice(120),
      visit(id, '2026-05-10', false),
    ];
    await writeBatch(first);
    const kept = first.filter((e) => !e.bot || crawl.indexOf(e) < 100);
    expect(kept.filter((e) => e.bot)).toHaveLength(100);
    expect(await rowsOf(id)).toEqual(kept.map(rowOf));
    expect(await botsOf(id)).toEqual([{ day: '2026-05-10', bots: 150 }]);
    expect((await findLink(handle.db, id))?.clickCount).toBe(4);

    // The same day again: the day's sample is full, the count grows, human visits are written.
    const human = visit(id, '2026-05-10', false);
    await writeBatch([...bots(id, '2026-05-10', 20), human]);
    expect(await rowsOf(id)).toEqual([...kept, human].map(rowOf));
    expect(await botsOf(id)).toEqual([{ day: '2026-05-10', bots: 170 }]);

    // The next day has a sample of its own; another link's day is its own too, filled across
    // batches: 95 visits, then 10 of which the first 5 are kept.
    const nextDay = bots(id, '2026-05-11', 3);
    const theirs = [bots(other, '2026-05-10', 95), bots(other, '2026-05-10', 10)];
    await writeBatch([...theirs[0]!, ...nextDay]);
    await writeBatch(theirs[1]!);
    expect(await rowsOf(id)).toEqual([...kept, human, ...nextDay].map(rowOf));
    expect(await rowsOf(other)).toEqual([...theirs[0]!, ...theirs[1]!.slice(0, 5)].map(rowOf));
    expect(await botsOf(id)).toEqual([
      { day: '2026-05-10', bots: 170 },
      { day: '2026-05-11', bots: 3 },
    ]);
    expect(await botsOf(other)).toEqual([{ day: '2026-05-10', bots: 105 }]);
    expect((await linkTotals(handle.db, id, '2026-05-11')).bots).toBe(173);
    expect((await linkTotals(handle.db, id, '2026-05-11', { from: '2026-05-11', to: '2026-05-31' })).bots).toBe(3);
    // Counted nowhere else.
    expect((await findLink(handle.db, other))?.clickCount).toBe(0);
    expect(Object.fromEntries(await dailyClicks(handle.db, other, { from: '2026-05-01', to: '2026-05-31' }))).toEqual(
      {},
    );
    expect(await breakdown(handle.db, other, 'country')).toEqual([]);
  });

  it("deletes a link's bot counts with it, and no one else's", async () => {
    const [gone, kept] = [await newLink(), await newLink()];
    await writeBatch([clickEvent(gone, { bot: true }), clickEvent(kept, { bot: true })]);
    await deleteLink(handle.db, gone);
    expect([await botsOf(gone), await botsOf(kept)]).toEqual([[], [{ day: '2026-05-10', bots: 1 }]]);
  });

  it('skips clicks of a link deleted meanwhile without failing the batch', async () => {
    const kept = await newLink();
    const gone = await newLink();
    await deleteLink(handle.db, gone);
    await writeBatch([clickEvent(gone), clickEvent(kept)]);
    expect((await findLink(handle.db, kept))?.clickCount).toBe(1);
  });

  const rawClicksOf = async (id: number) =>
    (await handle.db.selectFrom('clicks').select('id').where('link_id', '=', id).execute()).length;
  const visitorsOf = async (id: number) =>
    (await handle.db.selectFrom('link_daily_visitors').select('day').where('link_id', '=', id).execute()).length;

  it('deletes the raw clicks and counted visitors of a deleted link with it', async () => {
    const [gone, kept] = [await newLink(), await newLink()];
    const today = `${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`;
    await writeBatch([
      clickEvent(gone, { at: today, visitor: 'a' }),
      clickEvent(gone, { at: today, visitor: 'b' }),
      clickEvent(kept, { at: today, visitor: 'a' }),
    ]);
    expect([await visitorsOf(gone), await visitorsOf(kept)]).toEqual([2, 1]);
    await deleteLink(handle.db, gone);
    expect([await rawClicksOf(gone), await rawClicksOf(kept)]).toEqual([0, 1]);
    expect([await visitorsOf(gone), await visitorsOf(kept)]).toEqual([0, 1]);
  });

  it("deletes a link's visitors of every day still kept, and no one else's", async () => {
    const [gone, kept] = [await newLink(), await newLink()];
    // Days with no link between them, and one older than yesterday that retention has not reached.
    const days = ['2026-05-01', '2026-05-03', '2026-05-04'];
    await handle.db
      .insertInto('link_daily_visitors')
      .values(days.flatMap((day) => [gone, kept].map((link_id) => ({ link_id, day, visitor: `v-${day}` }))))
      .execute();
    await deleteLink(handle.db, gone);
    expect([await visitorsOf(gone), await visitorsOf(kept)]).toEqual([0, 3]);
  });

  it("finds a deleted link's visitors by seeking each day, not by reading every visitor", async () => {
    const plan = await explainPlan(handle.db, engine, linkVisitorsDeletion(handle.db, 1).compile(handle.db));
    // Both engines seek the key (day, link_id, visitor) on its first two columns.
    expect(plan).toMatch(
      engine === 'sqlite'
        ? /SEARCH link_daily_visitors .*\(day=\? AND link_id=\?\)/
        : /Index Cond: \(\(day = ANY .*link_id = /,
    );
    expect(plan).not.toMatch(/SCAN link_daily_visitors|Seq Scan on link_daily_visitors/);
  });

  it('writes large batches in chunks', async () => {
    const id = await newLink();
    await writeBatch(Array.from({ length: 2500 }, (_, i) => clickEvent(id, { country: i % 2 ? 'DE' : 'FR' })));
    expect((await findLink(handle.db, id))?.clickCount).toBe(2500);
    expect(await breakdown(handle.db, id, 'country')).toEqual([
      { value: 'DE', clicks: 1250 },
      { value: 'FR', clicks: 1250 },
    ]);
  });

  it("stores each raw click as it came, a link's in batch order, repeating the one before or not", async () => {
    const [first, second, third] = [await newLink(), await newLink(), await newLink()];
    // Runs of clicks alike but for their time (written with their values once) of every length
    // around the threshold, between and beside clicks unlike their neighbours; the third link has
    // no long run.
    const kinds: Array<[number, Partial<ClickEvent>]> = [
      [5, {}],
      [1, { country: 'GB' }],
      [3, { referrerHost: 'news.example' }],
      [4, { bot: true }],
      [1, { linkId: second }],
      [250, { language: 'de', utmSource: 's', utmMedium: 'm', utmCampaign: 'c' }],
      [2, { optionIndex: 1 }],
      [2, { linkId: third }],
      [4, { optionIndex: 1 }],
      [1, { linkId: third, country: 'FR' }],
      [1, {}],
      [6, { linkId: second, variantIndex: 1, device: 'mobile', browser: 'safari', os: 'ios' }],
      [3, { linkId: third }],
    ];
    const start = Date.parse('2026-05-10T12:00:00.000Z');
    const batch = kinds.flatMap(([count, kind]) => Array.from({ length: count }, () => clickEvent(first, kind)));
    for (const [i, event] of batch.entries()) event.at = new Date(start + i).toISOString();
    // Clicks with a click id in the middle of a run of alike clicks, and at the end of a link's clicks.
    for (const i of [30, 31, 200, batch.length - 1]) batch[i]!.clickId = `click-${i}`;
    await writeBatch(batch);

    // The clicks API pages a link's clicks by id: they must follow the order of the visits.
    const rowsOf = async (linkId: number) =>
      (await handle.db.selectFrom('clicks').selectAll().where('link_id', '=', linkId).orderBy('id').execute()).map(
        ({ id: _id, ...row }) => row,
      );
    const rows = [...(await rowsOf(first)), ...(await rowsOf(second)), ...(await rowsOf(third))];
    const expected = [first, second, third].flatMap((id) => batch.filter((e) => e.linkId === id));
    expect(rows).toEqual(
      expected.map((e) => ({
        link_id: e.linkId,
        clicked_at: e.at,
        country: e.country,
        device: e.device,
        browser: e.browser,
        os: e.os,
        referrer_host: e.referrerHost,
        is_bot: e.bot ? 1 : 0,
        option_index: e.optionIndex,
        variant_index: e.variantIndex,
        language: e.language,
        utm_source: e.utmSource,
        utm_medium: e.utmMedium,
        utm_campaign: e.utmCampaign,
        click_id: e.clickId,
      })),
    );
  });

  it("deletes a link's raw clicks a chunk at a time, only for links the principal may delete", async () => {
    const [mine, other] = [await newLink(), await newLink()];
    await writeBatch([...Array.from({ length: 5 }, () => clickEvent(mine)), clickEvent(other), clickEvent(other)]);
    const rawClicks = async (id: number) =>
      (await handle.db.selectFrom('clicks').select('id').where('link_id', '=', id).execute()).length;
    expect(await deleteClicksOfLink(handle.db, mine, 2)).toBe(2);
    expect([await rawClicks(mine), await rawClicks(other)]).toEqual([3, 2]);

    const uow = new UnitOfWork(handle.db, new EventBus());
    const as = (account: Account): Principal => principalOf(account, []);
    const stranger = await insertAccount(handle.db, {
      email: `stranger-${engine}-${n++}@example.com`,
      plan: 'business',
    });
    await purgeClicksBeforeDeletion(uow, as(stranger), [mine], 2);
    expect(await rawClicks(mine)).toBe(3);
    await purgeClicksBeforeDeletion(uow, as(owner), [mine, mine, 999_999], 2);
    expect([await rawClicks(mine), await rawClicks(other)]).toEqual([0, 2]);
    // The link and its counts stay until the unit of work that deletes it.
    expect((await findLink(handle.db, mine))?.clickCount).toBe(5);
  });

  it('forgets the visitors of days before yesterday a chunk at a time', async () => {
    await handle.db.deleteFrom('link_daily_visitors').execute();
    const id = await newLink();
    const days = ['2026-05-07', '2026-05-07', '2026-05-08', '2026-05-08', '2026-05-08', '2026-05-09', '2026-05-10'];
    await handle.db
      .insertInto('link_daily_visitors')
      .values(days.map((day, i) => ({ link_id: id, day, visitor: `visitor-${i}` })))
      .execute();
    expect(await forgetVisitorsBefore(handle.db, '2026-05-08', 1)).toBe(1);
    const uow = new UnitOfWork(handle.db, new EventBus());
    expect(await pruneVisitors(uow, new Date('2026-05-10T12:00:00.000Z'), 2)).toBe(4);
    const left = await handle.db.selectFrom('link_daily_visitors').select('day').orderBy('day').execute();
    expect(left.map((row) => row.day)).toEqual(['2026-05-09', '2026-05-10']);
    expect(await pruneVisitors(uow, new Date('2026-05-10T12:00:00.000Z'), 2)).toBe(0);
  });

  it('prunes raw clicks past the retention and keeps the rollups', async () => {
    // A realistic history: clicks are written in time order, one batch a day for 40 days.
    await handle.db.deleteFrom('clicks').execute();
    const id = await newLink();
    const day = (n: number) => new Date(Date.parse('2026-05-01T12:00:00.000Z') + n * 86_400_000).toISOString();
    for (let n = 0; n < 40; n++) await writeBatch([clickEvent(id, { at: day(n) }), clickEvent(id, { at: day(n) })]);
    const deleted = await pruneClicks(
      new UnitOfWork(handle.db, new EventBus()),
      30,
      new Date(Date.parse(day(39)) + 3_600_000),
    );
    expect(deleted).toBe(20);
    const remaining = await handle.db
      .selectFrom('clicks')
      .select('clicked_at')
      .where('link_id', '=', id)
      .orderBy('id')
      .execute();
    expect(remaining).toHaveLength(60);
    expect(remaining[0]!.clicked_at).toBe(day(10));
    expect((await findLink(handle.db, id))?.clickCount).toBe(80);
    expect((await linkTotals(handle.db, id, '2026-01-01')).since).toBe(80);
    expect(
      await pruneClicks(new UnitOfWork(handle.db, new EventBus()), 30, new Date(Date.parse(day(39)) + 3_600_000)),
    ).toBe(0);
    expect(await pruneClicks(new UnitOfWork(handle.db, new EventBus()), 0, new Date())).toBe(0);
  });
});

// PostgreSQL's raw clicks have no foreign key (migration 013): the batch's lock on each link
// and the deletion's own delete of the clicks keep every raw click's link alive.
describe.runIf(engines.includes('postgres'))('raw clicks and visitors without a foreign key on PostgreSQL', () => {
  const database = useMigratedDatabase('postgres');
  let userId = 0;
  let n = 0;
  beforeAll(async () => {
    userId = (await insertAccount(database.db, { email: 'no-key@example.com', plan: 'business' })).workspaceId;
  });
  const newLink = () => plainLink(database.db, userId, `k${n++}`);
  const write = (events: ClickEvent[]) => database.db.transaction().execute((trx) => writeClickBatch(trx, events));
  const rawClicksOf = async (id: number) =>
    (await database.db.selectFrom('clicks').select('id').where('link_id', '=', id).execute()).length;
  const visitorsOf = async (id: number) =>
    (await database.db.selectFrom('link_daily_visitors').select('day').where('link_id', '=', id).execute()).length;
  // Today's clicks also count their visitors.
  const today = () => ({ at: `${new Date().toISOString().slice(0, 10)}T12:00:00.000Z` });

  /** Runs `work` in a transaction left open until `commit()`: `ready` once `work` is done. */
  const heldOpen = (work: (trx: Kysely<Database>) => Promise<unknown>) => {
    let commit = () => {};
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let markReady = () => {};
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const committed = database.db.transaction().execute(async (trx) => {
      await work(trx);
      markReady();
      await gate;
    });
    return { ready, commit, committed };
  };
  /** Whether `promise` has settled `ms` from now (it is still awaited by the caller). */
  const settledWithin = async (promise: Promise<unknown>, ms: number) => {
    let settled = false;
    void promise.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, ms));
    return settled;
  };

  it("holds off a link's deletion until a batch that counted the link commits", async () => {
    const id = await newLink();
    const batch = heldOpen((trx) =>
      writeClickBatch(trx, [clickEvent(id, today()), clickEvent(id, { ...today(), visitor: 'other' })]),
    );
    await batch.ready;
    const deletion = deleteLink(database.db, id);
    expect(await settledWithin(deletion, 200)).toBe(false);
    batch.commit();
    await Promise.all([batch.committed, deletion]);
    expect([await rawClicksOf(id), await visitorsOf(id)]).toEqual([0, 0]);
  });

  it('locks the links of a batch in id order, so two batches never wait on each other in a cycle', async () => {
    const [low, high] = [await newLink(), await newLink()];
    const first = heldOpen((trx) => writeClickBatch(trx, [clickEvent(low)]));
    await first.ready;
    // This batch names the higher link first, but waits for the lower one before locking it...
    const second = write([clickEvent(high), clickEvent(low)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // ...so the higher link is free to be deleted meanwhile.
    const deletion = deleteLink(database.db, high);
    expect(await settledWithin(deletion, 200)).toBe(true);
    first.commit();
    await Promise.all([first.committed, second, deletion]);
    expect([await rawClicksOf(low), await rawClicksOf(high)]).toEqual([2, 0]);
  });

  it('skips a link whose deletion is under way when the batch starts, once that deletion commits', async () => {
    const [gone, kept] = [await newLink(), await newLink()];
    const deletion = heldOpen((trx) => deleteLink(trx, gone));
    await deletion.ready;
    const batch = write([clickEvent(gone, today()), clickEvent(kept, today())]);
    expect(await settledWithin(batch, 200)).toBe(false); // waiting on the link's row
    deletion.commit();
    await Promise.all([deletion.committed, batch]);
    expect([await rawClicksOf(gone), await rawClicksOf(kept)]).toEqual([0, 1]);
    expect([await visitorsOf(gone), await visitorsOf(kept)]).toEqual([0, 1]);
    expect((await findLink(database.db, kept))?.clickCount).toBe(1);
  });
});

// A link's raw clicks are read newest first by id, a page at a time (GET /links/{id}/clicks and
// its CSV): each page must be one seek of an index in that order, never a sort of the link's
// history (500,000 clicks took 0.2 s a page with the old (link_id, clicked_at) index).
describe.each(engines)('the raw clicks page on %s', (engine) => {
  const database = useMigratedDatabase(engine);
  it.each([
    ['the first page', null],
    ['a page after a cursor', 1_000_000],
  ])('reads %s from the (link_id, id) index backwards, without a sort', async (_, cursor) => {
    const plan = await explainPlan(database.db, engine, rawClicksPage(database.db, 42, cursor, 1001).compile());
    if (engine === 'sqlite') {
      // Every index of a rowid table ends with the rowid, which id is: (link_id) is (link_id, id).
      expect(plan).toMatch(
        cursor === null
          ? /^SEARCH clicks USING INDEX clicks_link_order \(link_id=\?\)$/
          : /^SEARCH clicks USING INDEX clicks_link_order \(link_id=\? AND rowid<\?\)$/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).toMatch(/Index Scan Backward using clicks_link_order on clicks/);
      expect(plan).toMatch(cursor === null ? /Index Cond: \(link_id = / : /Index Cond: \(\(link_id = .*\) AND \(id < /);
      expect(plan).not.toMatch(/Sort|Seq Scan/);
    }
  });
});
