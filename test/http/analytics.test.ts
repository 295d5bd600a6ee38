import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { rawClicksCsv } from '../../src/api/raw-clicks-csv.ts';
import type { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { useTestApp } from '../helpers/app.ts';
import { clickEvent } from '../helpers/clicks.ts';

// Statistics through the API (docs/api.md, Statistics): unique visitors, ranges, the breakdowns,
// the account's statistics and raw clicks.
const t = useTestApp();

const today = new Date();
const day = (n: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - n * 86_400_000).toISOString();
const at = (n: number, seconds = 0) => new Date(Date.parse(day(n)) + 3_600_000 + seconds * 1000).toISOString();
const dayOf = (n: number) => day(n).slice(0, 10);

async function linkOf(user: Awaited<ReturnType<typeof t.user>>, url = 'https://example.com/a') {
  return (await user.api('POST', '/links', { redirect_url: url })).json();
}

const write = (events: ReturnType<typeof clickEvent>[]) =>
  t.ctx.uow.transact(({ stores }) => stores.clicks.writeBatch(events));

describe('unique visitors', () => {
  it('counts each visitor once per UTC day, across batches, summed over days; bots in neither', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write([
      clickEvent(link.id, { at: at(1), visitor: 'ann' }),
      clickEvent(link.id, { at: at(1, 5), visitor: 'ann' }),
      clickEvent(link.id, { at: at(1, 9), visitor: 'bob' }),
      clickEvent(link.id, { at: at(1), visitor: 'crawler', bot: true }),
    ]);
    // Ann again the same day in a later batch; Ann and Cleo the next day.
    await write([clickEvent(link.id, { at: at(1, 60), visitor: 'ann' })]);
    await write([
      clickEvent(link.id, { at: at(0), visitor: 'ann' }),
      clickEvent(link.id, { at: at(0), visitor: 'cleo' }),
    ]);
    const stats = (await user.api('GET', `/links/${link.id}/stats`)).json();
    expect(stats).toMatchObject({ total_clicks: 6, unique_clicks: 4 });
    expect(stats.trend.at(-2)).toEqual({ date: dayOf(1), clicks: 4, unique_clicks: 2, conversions: [] });
    expect(stats.trend.at(-1)).toEqual({ date: dayOf(0), clicks: 2, unique_clicks: 2, conversions: [] });
  });

  it('gives Pro the unique count too, without the trend', async () => {
    const user = await t.user('pro');
    const link = await linkOf(user);
    await write([clickEvent(link.id, { at: at(0), visitor: 'x' }), clickEvent(link.id, { at: at(0), visitor: 'y' })]);
    const stats = (await user.api('GET', `/links/${link.id}/stats`)).json();
    expect(stats).toEqual({
      link_id: link.id,
      total_clicks: 2,
      unique_clicks: 2,
      clicks_this_month: expect.any(Number),
    });
  });

  it('stores no visitor identifier that outlives its day: salted per day, salts of older days deleted', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write([clickEvent(link.id, { at: at(5), visitor: 'same' })]);
    await write([clickEvent(link.id, { at: at(1), visitor: 'same' })]);
    await write([clickEvent(link.id, { at: at(0), visitor: 'same' })]);
    const db = t.ctx.database.db;
    const rows = await db.selectFrom('link_daily_visitors').selectAll().where('link_id', '=', link.id).execute();
    expect(rows).toHaveLength(2);
    // The same visitor on two days is two unrelated values, neither of them the raw key.
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
    expect(rows.map((row) => row.visitor)).not.toContain('same');
    // Making today's salt removed the salts of days before yesterday.
    const salts = (await db.selectFrom('daily_salts').select('day').execute()).map((row) => row.day);
    expect(salts.every((saltDay) => saltDay >= dayOf(1))).toBe(true);
  });

  it('keeps no client address in raw clicks: the table has no column for one', async () => {
    const columns = await t.ctx.database.db.introspection.getTables();
    const clicks = columns.find((table) => table.name === 'clicks')!;
    expect(clicks.columns.map((column) => column.name).filter((name) => /ip|addr/i.test(name))).toEqual([]);
  });
});

describe('ranges (from, to)', () => {
  it('limits the trend and every breakdown to the range, zero-filled', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write([
      clickEvent(link.id, { at: at(40), country: 'FR' }),
      clickEvent(link.id, { at: at(3), country: 'DE' }),
      clickEvent(link.id, { at: at(2), country: 'DE' }),
    ]);
    const stats = (
      await user.api('GET', `/links/${link.id}/stats?from=${dayOf(4)}&to=${dayOf(2)}&with=country`)
    ).json();
    expect(stats.trend.map((d: { date: string; clicks: number }) => [d.date, d.clicks])).toEqual([
      [dayOf(4), 0],
      [dayOf(3), 1],
      [dayOf(2), 1],
    ]);
    expect(stats.country).toEqual([{ value: 'DE', clicks: 2 }]);
    // Without a range the breakdown is all time.
    const all = (await user.api('GET', `/links/${link.id}/stats?with=country`)).json();
    expect(all.country).toEqual([
      { value: 'DE', clicks: 2 },
      { value: 'FR', clicks: 1 },
    ]);
  });

  it.each([
    ['from=2026-02-30', 'from', 'The from field must be a real date.'],
    ['from=26-01-01', 'from', 'The from field format is invalid.'],
    ['from=2026-03-02&to=2026-03-01', 'from', 'The from field must be a date before or equal to to.'],
    ['from=2025-01-01&to=2026-01-02', 'to', 'The range must not be longer than 366 days.'],
  ])('refuses %s with a 422', async (query, field, message) => {
    const user = await t.user('business');
    const link = await linkOf(user);
    const res = await user.api('GET', `/links/${link.id}/stats?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('accepts 366 days, and refuses ranges to Pro with 403', async () => {
    const business = await t.user('business');
    const link = await linkOf(business);
    const year = await business.api('GET', `/links/${link.id}/stats?from=2024-01-01&to=2024-12-31`);
    expect(year.statusCode).toBe(200);
    expect(year.json().trend).toHaveLength(366);
    const pro = await t.user('pro');
    const own = await linkOf(pro);
    expect((await pro.api('GET', `/links/${own.id}/stats?from=2024-01-01`)).statusCode).toBe(403);
  });
});

describe('the new breakdowns', () => {
  it('breaks clicks down by referrer (direct when none), language and the short URL’s UTM', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write([
      clickEvent(link.id, { referrerHost: 'news.example', language: 'de', utmSource: 'mail', utmMedium: 'email' }),
      clickEvent(link.id, { referrerHost: 'news.example', language: 'de', utmSource: 'mail', utmCampaign: 'bf' }),
      clickEvent(link.id, { referrerHost: null, language: null }),
    ]);
    const with_ = 'referrer,language,utm_source,utm_medium,utm_campaign';
    const stats = (await user.api('GET', `/links/${link.id}/stats?with=${with_}`)).json();
    expect(stats.referrer).toEqual([
      { value: 'news.example', clicks: 2 },
      { value: 'direct', clicks: 1 },
    ]);
    expect(stats.language).toEqual([
      { value: 'de', clicks: 2 },
      { value: 'unknown', clicks: 1 },
    ]);
    expect(stats.utm_source).toEqual([{ value: 'mail', clicks: 2 }]);
    expect(stats.utm_medium).toEqual([{ value: 'email', clicks: 1 }]);
    expect(stats.utm_campaign).toEqual([{ value: 'bf', clicks: 1 }]);
  });

  it('keeps long referrer hosts and campaign names whole on both engines', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    const host = `${'sub.'.repeat(20)}example.com`;
    const campaign = 'c'.repeat(255);
    await write([clickEvent(link.id, { referrerHost: host, utmCampaign: campaign })]);
    const stats = (await user.api('GET', `/links/${link.id}/stats?with=referrer,utm_campaign`)).json();
    expect(stats.referrer).toEqual([{ value: host, clicks: 1 }]);
    expect(stats.utm_campaign).toEqual([{ value: campaign, clicks: 1 }]);
  });
});

describe('GET /stats (the account)', () => {
  it('sums every link: totals, unique visitors, the trend and the top links over the range', async () => {
    const user = await t.user('business');
    const a = await linkOf(user, 'https://example.com/a');
    const b = await linkOf(user, 'https://example.com/b');
    const other = await linkOf(await t.user('business'));
    await write([
      clickEvent(a.id, { at: at(0), visitor: 'v1' }),
      clickEvent(a.id, { at: at(0), visitor: 'v2' }),
      clickEvent(b.id, { at: at(0), visitor: 'v1' }),
      clickEvent(b.id, { at: at(1), visitor: 'v1' }),
      clickEvent(b.id, { at: at(1), visitor: 'v1' }),
      clickEvent(b.id, { at: at(40), visitor: 'v1' }),
      clickEvent(other.id, { at: at(0) }),
    ]);
    const res = await user.api('GET', '/stats');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_clicks: 6, unique_clicks: 4 });
    expect(body.trend).toHaveLength(30);
    expect(body.trend.at(-1)).toEqual({ date: dayOf(0), clicks: 3, unique_clicks: 3, conversions: [] });
    expect(body.trend.at(-2)).toEqual({ date: dayOf(1), clicks: 2, unique_clicks: 1, conversions: [] });
    expect(body.top_links).toEqual([
      { id: b.id, short_code: b.short_code, clicks: 3 },
      { id: a.id, short_code: a.short_code, clicks: 2 },
    ]);
    const ranged = (await user.api('GET', `/stats?from=${dayOf(40)}&to=${dayOf(40)}`)).json();
    expect(ranged.top_links).toEqual([{ id: b.id, short_code: b.short_code, clicks: 1 }]);
    // A visit written 40 days late is a click, but its day's visitors are closed.
    expect(ranged.trend).toEqual([{ date: dayOf(40), clicks: 1, unique_clicks: 0, conversions: [] }]);
  });

  it('leaves a deleted link out: its clicks go from the totals, the month, the trend and the breakdowns', async () => {
    const user = await t.user('business');
    const kept = await linkOf(user, 'https://example.com/kept');
    const gone = await linkOf(user, 'https://example.com/gone');
    await write([
      clickEvent(kept.id, { at: at(0), visitor: 'v1' }),
      clickEvent(gone.id, { at: at(0), visitor: 'v1' }),
      clickEvent(gone.id, { at: at(0), visitor: 'v2' }),
      clickEvent(gone.id, { at: at(1), visitor: 'v1' }),
    ]);
    const before = (await user.api('GET', '/stats')).json();
    expect(before).toMatchObject({ total_clicks: 4, unique_clicks: 4 });
    expect(before.country).toEqual([{ value: 'US', clicks: 4 }]);
    expect((await user.api('DELETE', `/links/${gone.id}`)).statusCode).toBe(204);
    const after = (await user.api('GET', '/stats')).json();
    expect(after).toMatchObject({ total_clicks: 1, unique_clicks: 1 });
    expect(after.country).toEqual([{ value: 'US', clicks: 1 }]);
    expect(after.device).toEqual([{ value: 'desktop', clicks: 1 }]);
    const goneThisMonth = dayOf(1).slice(0, 7) === dayOf(0).slice(0, 7) ? 3 : 2;
    expect(after.clicks_this_month).toBe(before.clicks_this_month - goneThisMonth);
    expect(after.trend.at(-1)).toEqual({ date: dayOf(0), clicks: 1, unique_clicks: 1, conversions: [] });
    expect(after.trend.at(-2)).toEqual({ date: dayOf(1), clicks: 0, unique_clicks: 0, conversions: [] });
    expect(after.top_links).toEqual([{ id: kept.id, short_code: kept.short_code, clicks: 1 }]);
  });

  it('is Business only', async () => {
    const pro = await t.user('pro');
    expect((await pro.api('GET', '/stats')).statusCode).toBe(403);
  });
});

describe('GET /links/{id}/clicks', () => {
  it('pages newest first with a cursor that never repeats or skips a click while clicks arrive', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write(
      Array.from({ length: 25 }, (_, i) => clickEvent(link.id, { at: at(0, i), country: i % 2 ? 'DE' : 'FR' })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await user.api('GET', `/links/${link.id}/clicks?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.data.map((click: { clicked_at: string }) => click.clicked_at));
      cursor = body.next_cursor;
      // New clicks keep arriving between pages.
      await write([clickEvent(link.id, { at: at(0, 100 + pages) })]);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => at(0, 24 - i)));
  });

  it('shows each click’s fields, never an address, with option and variant numbered from 1', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write([clickEvent(link.id, { language: 'fr', referrerHost: 'a.example', variantIndex: 1, bot: true })]);
    const body = (await user.api('GET', `/links/${link.id}/clicks`)).json();
    expect(body).toEqual({
      data: [
        {
          clicked_at: '2026-05-10T12:00:00.000Z',
          country: 'US',
          device: 'desktop',
          browser: 'chrome',
          os: 'windows',
          referrer_host: 'a.example',
          language: 'fr',
          is_bot: true,
          option: null,
          variant: 2,
          click_id: null,
        },
      ],
      next_cursor: null,
    });
  });

  it('streams the whole history as CSV, header first, by Accept or format=csv, every row once in order', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    // Three pages of a thousand and a part; a click of another link between them must not show.
    const other = await linkOf(user);
    await write(
      Array.from({ length: 2_345 }, (_, i) =>
        clickEvent(i === 1_500 ? other.id : link.id, { at: at(0, i), referrerHost: i === 0 ? null : 'r.example' }),
      ),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links/${link.id}/clicks`,
      headers: { ...user.headers, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="clicks-${link.short_code}.csv"`);
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('clicked_at,country,device,browser,os,referrer_host,language,is_bot,option,variant,click_id');
    const expected = Array.from({ length: 2_345 }, (_, i) => 2_344 - i)
      .filter((i) => i !== 1_500)
      .map((i) => `${at(0, i)},US,desktop,chrome,windows,${i === 0 ? '' : 'r.example'},,false,,,`);
    expect(lines.slice(1)).toEqual(expected);
    const byQuery = await user.api('GET', `/links/${link.id}/clicks?format=csv`);
    expect(byQuery.body).toBe(res.body);
  });

  it('reads the CSV a page at a time as the client takes it, never far ahead', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write(Array.from({ length: 5_000 }, (_, i) => clickEvent(link.id, { at: at(0, i) })));
    let reads = 0;
    const uow = t.ctx.uow;
    const counted = {
      read: (work: Parameters<UnitOfWork['read']>[0]) => {
        reads += 1;
        return uow.read(work);
      },
    };
    const csv = rawClicksCsv(counted as UnitOfWork, link.id);
    await once(csv, 'readable');
    // Nobody takes the text: the stream holds at most a page of it, and reads on only as it is taken.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBeLessThanOrEqual(1);
    const text = (await csv.toArray()).join('');
    expect(text.trimEnd().split('\n')).toHaveLength(5_001);
    expect(reads).toBe(6); // five full pages, and the empty one that ends it
  });

  it('writes every cell a spreadsheet would run as a formula with a leading quote', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    // What the visitor's browser sent: a referrer host and a language are its text, not ours.
    await write([
      clickEvent(link.id, { at: at(0, 1), referrerHost: '=HYPERLINK("http://evil.example","x")', language: '+1' }),
      clickEvent(link.id, { at: at(0, 2), referrerHost: '@SUM(A1)', language: '-2' }),
    ]);
    const lines = (await user.api('GET', `/links/${link.id}/clicks?format=csv`)).body.trimEnd().split('\n');
    expect(lines.slice(1)).toEqual([
      `${at(0, 2)},US,desktop,chrome,windows,'@SUM(A1),'-2,false,,,`,
      `${at(0, 1)},US,desktop,chrome,windows,"'=HYPERLINK(""http://evil.example"",""x"")",'+1,false,,,`,
    ]);
  });

  it("keeps a link's first 100 bot visits a UTC day as raw clicks; Business stats count all, any range", async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    await write([
      clickEvent(link.id, { at: at(3), bot: true }),
      ...Array.from({ length: 150 }, (_, i) => clickEvent(link.id, { at: at(1, i), bot: true })),
      clickEvent(link.id, { at: at(1, 200) }),
    ]);
    const clicks = (await user.api('GET', `/links/${link.id}/clicks?limit=1000`)).json();
    expect(
      clicks.data.map((click: { clicked_at: string; is_bot: boolean }) => [click.clicked_at, click.is_bot]),
    ).toEqual([[at(1, 200), false], ...Array.from({ length: 100 }, (_, i) => [at(1, 99 - i), true]), [at(3), true]]);
    const csv = (await user.api('GET', `/links/${link.id}/clicks?format=csv`)).body.trimEnd().split('\n');
    expect(csv).toHaveLength(1 + 102);
    expect(csv[2]).toBe(`${at(1, 99)},US,desktop,chrome,windows,,,true,,,`);
    const stats = (await user.api('GET', `/links/${link.id}/stats`)).json();
    expect(stats).toMatchObject({ total_clicks: 1, bot_visits: 151 });
    const ranged = (await user.api('GET', `/links/${link.id}/stats?from=${dayOf(2)}&to=${dayOf(0)}`)).json();
    expect(ranged.bot_visits).toBe(150);
    const pro = await t.user('pro');
    const own = await linkOf(pro);
    await write([clickEvent(own.id, { at: at(0), bot: true })]);
    expect((await pro.api('GET', `/links/${own.id}/stats`)).json()).not.toHaveProperty('bot_visits');
  });

  it('answers 422 for a cursor it did not give, 403 for Pro, 404 for another id', async () => {
    const user = await t.user('business');
    const link = await linkOf(user);
    const bad = await user.api('GET', `/links/${link.id}/clicks?cursor=not-ours`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cursor).toEqual(['The cursor is not one this API gave out.']);
    expect((await user.api('GET', `/links/${link.id}/clicks?limit=1001`)).statusCode).toBe(422);
    const pro = await t.user('pro');
    const own = await linkOf(pro);
    expect((await pro.api('GET', `/links/${own.id}/clicks`)).statusCode).toBe(403);
    expect((await user.api('GET', '/links/999999999/clicks')).statusCode).toBe(404);
  });
});
