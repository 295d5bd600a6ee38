import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { linkTools, useEdge } from '../helpers/edge.ts';

// Affiliate money (docs/api.md): click ids on the short host, conversions through the API and
// networks' postbacks, on a real short host on loopback.
const t = useTestApp(
  {
    SHORT_PORT: '0',
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    SHORT_URL: 'http://127.0.0.1',
    RATE_LIMIT_POSTBACKS: '30',
    WEBHOOK_POLL_MS: '3600000',
  },
  { user: 'business' },
);
const edge = useEdge(t);
const { createLink } = linkTools(t);

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let address = 0;
/** Each request its own client address, so the postback limit is reached only where a test means it. */
const nextAddress = () => `81.2.70.${(address += 1) % 250}`;

function visit(path: string, init: { method?: string; userAgent?: string } = {}) {
  return fetch(`${edge.url}${path}`, {
    redirect: 'manual',
    method: init.method ?? 'GET',
    headers: { 'user-agent': init.userAgent ?? CHROME_USER_AGENT, 'x-forwarded-for': '81.2.69.142' },
  });
}

async function location(path: string, init?: { method?: string; userAgent?: string }): Promise<string> {
  const res = await visit(path, init);
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

const clickIdIn = (url: string, param: string) => new URL(url).searchParams.get(param);

async function rawClicks(linkId: number) {
  await t.ctx.clicks.flush();
  const res = await t.api('GET', `/links/${linkId}/clicks`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ click_id: string | null; is_bot: boolean }>;
}

describe('click ids on the short host', () => {
  it.each([
    ['https://www.amazon.com/dp/B000000001', 'ascsubtag'],
    ['https://www.ebay.com/itm/1234', 'customid'],
    ['https://www.anrdoezrs.net/click-1-2', 'sid'],
    ['https://brand.sjv.io/c/1/2/3', 'subId1'],
    ['https://www.awin1.com/cread.php?awinmid=1&awinaffid=2', 'clickref'],
    ['https://shareasale.com/r.cfm?b=1&u=2&m=3', 'afftrack'],
    ['https://click.linksynergy.com/deeplink?id=x&mid=1', 'u1'],
  ])('puts a counted visit of %s in its program parameter %s', async (destination, param) => {
    const link = await createLink({ redirect_url: destination, pass_click_id: true });
    expect(link.pass_click_id).toBe(true);
    const id = clickIdIn(await location(`/${link.short_code}`), param);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('puts it in place of {click_id} on any site', async () => {
    const link = await createLink({ redirect_url: 'https://shop.example/buy?sub={click_id}', pass_click_id: true });
    expect(clickIdIn(await location(`/${link.short_code}`), 'sub')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives two visits two ids, stores each with its raw click, and gives bots and HEADs none', async () => {
    const link = await createLink({ redirect_url: 'https://www.amazon.com/dp/B000000002', pass_click_id: true });
    const first = clickIdIn(await location(`/${link.short_code}`), 'ascsubtag');
    const second = clickIdIn(await location(`/${link.short_code}`), 'ascsubtag');
    expect(first).not.toBe(second);
    const bot = await location(`/${link.short_code}`, { userAgent: GOOGLEBOT });
    expect(bot).toBe('https://www.amazon.com/dp/B000000002');
    const head = await location(`/${link.short_code}`, { method: 'HEAD' });
    expect(head).toBe('https://www.amazon.com/dp/B000000002');
    const clicks = await rawClicks(link.id);
    expect(clicks.filter((click) => !click.is_bot).map((click) => click.click_id)).toEqual([second, first]);
    expect(clicks.filter((click) => click.is_bot).map((click) => click.click_id)).toEqual([null]);
  });

  it('leaves the destination alone for a link without pass_click_id', async () => {
    const link = await createLink({ redirect_url: 'https://www.amazon.com/dp/B000000003?x={click_id}' });
    expect(link.pass_click_id).toBe(false);
    expect(await location(`/${link.short_code}`)).toBe('https://www.amazon.com/dp/B000000003?x={click_id}');
    expect((await rawClicks(link.id))[0]!.click_id).toBeNull();
  });

  it('is a Business field: a Pro token sending it gets 403', async () => {
    const pro = await t.user('pro');
    const res = await pro.api('POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B1', pass_click_id: true });
    expect(res.statusCode).toBe(403);
  });
});

/** A visit of a new pass_click_id link: the link and the click id the destination got. */
async function clickedLink(destination = 'https://www.amazon.com/dp/B000000009') {
  const link = await createLink({ redirect_url: destination, pass_click_id: true });
  const clickId = clickIdIn(await location(`/${link.short_code}`), 'ascsubtag')!;
  await t.ctx.clicks.flush();
  return { link, clickId };
}

let orders = 0;
const nextOrder = () => `order-${++orders}-${Date.now()}`;

describe('conversions through the API', () => {
  it('attributes a conversion to the link whose click its click id names', async () => {
    const { link, clickId } = await clickedLink();
    const res = await t.api('POST', '/conversions', {
      click_id: clickId,
      order_id: nextOrder(),
      amount: '24.99',
      commission: '1.00',
      currency: 'USD',
      status: 'pending',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      link_id: link.id,
      click_id: clickId,
      amount: '24.99',
      commission: '1.00',
      currency: 'USD',
      status: 'pending',
      source: 'api',
      attributed: true,
    });
  });

  it('keeps a conversion whose click id names no click, unattributed', async () => {
    const res = await t.api('POST', '/conversions', {
      click_id: 'nobody-knows-this-one',
      order_id: nextOrder(),
      amount: '5',
      currency: 'EUR',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ link_id: null, attributed: false, amount: '5.00', status: 'pending' });
  });

  it("does not attribute to another workspace's click", async () => {
    const { clickId } = await clickedLink();
    const other = await t.user('business');
    const res = await other.api('POST', '/conversions', {
      click_id: clickId,
      order_id: nextOrder(),
      amount: '1.00',
      currency: 'EUR',
    });
    expect(res.json()).toMatchObject({ link_id: null, attributed: false });
  });

  it('updates the conversion of a known order id: 200, the same conversion, one in the list', async () => {
    const { clickId } = await clickedLink();
    const order = nextOrder();
    const body = { click_id: clickId, order_id: order, amount: '10.00', currency: 'GBP' };
    const created = (await t.api('POST', '/conversions', body)).json();
    const again = await t.api('POST', '/conversions', {
      order_id: order,
      amount: '10.00',
      currency: 'GBP',
      status: 'approved',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, status: 'approved', click_id: clickId, attributed: true });
    const byClick = (await t.api('GET', `/conversions?click_id=${clickId}`)).json().data;
    expect(byClick.map((c: { id: number }) => c.id)).toEqual([created.id]);
    const listed = (await t.api('GET', '/conversions?currency=GBP')).json().data;
    expect(listed.filter((c: { order_id: string }) => c.order_id === order)).toHaveLength(1);
  });

  it.each([
    ['an amount with a comma', { amount: '1,50' }, 'amount'],
    ['an amount as a number', { amount: 1.5 }, 'amount'],
    ['more decimals than the currency has', { amount: '1.505' }, 'amount'],
    ['a currency that is no ISO 4217 code', { currency: 'XYZ' }, 'currency'],
    ['a lower-case currency', { currency: 'eur' }, 'currency'],
    ['an unknown status', { status: 'paid' }, 'status'],
  ])('refuses %s with 422', async (_, change, field) => {
    const res = await t.api('POST', '/conversions', {
      order_id: nextOrder(),
      amount: '1.00',
      currency: 'EUR',
      ...change,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });

  it('lists newest first, a page at a time, filtered', async () => {
    const user = await t.user('business');
    for (const status of ['pending', 'approved', 'approved'])
      await user.api('POST', '/conversions', { order_id: nextOrder(), amount: '2.00', currency: 'EUR', status });
    const first = (await user.api('GET', '/conversions?limit=2')).json();
    expect(first.data).toHaveLength(2);
    const rest = (await user.api('GET', `/conversions?limit=2&cursor=${first.next_cursor}`)).json();
    expect(rest).toMatchObject({ data: [{ status: 'pending' }], next_cursor: null });
    expect((await user.api('GET', '/conversions?status=approved')).json().data).toHaveLength(2);
    expect((await user.api('GET', '/conversions?attributed=true')).json().data).toHaveLength(0);
  });

  it('sends conversion.created and conversion.updated to the webhooks that subscribe', async () => {
    const user = await t.user('business');
    const hook = await user.api('POST', '/webhooks', {
      url: 'https://hooks.example.com/money',
      events: ['conversion.created', 'conversion.updated'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const order = nextOrder();
    await user.api('POST', '/conversions', { order_id: order, amount: '3.00', currency: 'EUR' });
    await user.api('POST', '/conversions', { order_id: order, amount: '3.00', currency: 'EUR', status: 'reversed' });
    // Sent again unchanged: nothing new to tell.
    await user.api('POST', '/conversions', { order_id: order, amount: '3.00', currency: 'EUR', status: 'reversed' });
    const events = async () =>
      (
        await t.ctx.database.db
          .selectFrom('webhook_deliveries')
          .select(['event', 'payload'])
          .where('webhook_id', '=', hook.json().id)
          .orderBy('id')
          .execute()
      ).map((row) => row.event);
    for (let i = 0; i < 200 && (await events()).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await events()).toEqual(['conversion.created', 'conversion.updated']);
  });

  it('is a Business feature', async () => {
    const pro = await t.user('pro');
    expect((await pro.api('GET', '/conversions')).statusCode).toBe(403);
  });
});

describe('conversions in the statistics', () => {
  it('adds revenue and earnings per currency exactly, 0.1 + 0.2 being 0.30, with rate and EPC', async () => {
    const user = await t.user('business');
    const created = await user.api('POST', '/links', {
      redirect_url: 'https://www.amazon.de/dp/B000000010',
      pass_click_id: true,
    });
    const link = created.json();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(clickIdIn(await location(`/${link.short_code}`), 'ascsubtag')!);
    await t.ctx.clicks.flush();
    const sale = (clickId: string, amount: string, commission: string, status = 'approved') =>
      user.api('POST', '/conversions', {
        click_id: clickId,
        order_id: nextOrder(),
        amount,
        commission,
        currency: 'EUR',
        status,
      });
    await sale(ids[0]!, '0.1', '0.01');
    await sale(ids[1]!, '0.2', '0.02');
    await sale(ids[2]!, '5.00', '0.50', 'reversed');
    await user.api('POST', '/conversions', {
      click_id: ids[3],
      order_id: nextOrder(),
      amount: '1500',
      currency: 'JPY',
    });
    const expected = [
      { currency: 'EUR', conversions: 2, revenue: '0.30', earnings: '0.03', conversion_rate: 0.5, epc: '0.0075' },
      { currency: 'JPY', conversions: 1, revenue: '1500', earnings: '0', conversion_rate: 0.25, epc: '0.00' },
    ];
    const stats = (await user.api('GET', `/links/${link.id}/stats`)).json();
    expect(stats.conversions).toEqual(expected);
    expect((await user.api('GET', '/stats')).json().conversions).toEqual(expected);
  });
});

describe('earnings per day, per program and per tracking id', () => {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  /** A Business user with an Amazon US tag carrying a tracking id, and three links: two programs, one not. */
  async function affiliateAccount() {
    const user = await t.user('business');
    const tag = await user.api('POST', '/affiliates', {
      affiliate_program_id: 1,
      tag: 'mysite-20',
      tracking_ids: ['mysite-yt-20'],
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const make = async (redirect_url: string, extra: Record<string, unknown> = {}) => {
      const res = await user.api('POST', '/links', { redirect_url, pass_click_id: true, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; short_code: string };
    };
    return {
      user,
      usDefault: await make('https://www.amazon.com/dp/B000000021'),
      usYoutube: await make('https://www.amazon.com/dp/B000000022', { tracking_id: 'mysite-yt-20' }),
      ebay: await make('https://www.ebay.de/itm/1234'),
      other: await make('https://shop.example/buy?sub={click_id}'),
    };
  }

  /** `n` visits of a link: their click ids. */
  async function clicks(link: { short_code: string }, n: number, param: string) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const url = await location(`/${link.short_code}`);
      ids.push(param === 'sub' ? new URL(url).searchParams.get('sub')! : clickIdIn(url, param)!);
    }
    return ids;
  }

  it('reports clicks and conversions per program and tracking id, and each day its own', async () => {
    const { user, usDefault, usYoutube, ebay, other } = await affiliateAccount();
    const us = await clicks(usDefault, 4, 'ascsubtag');
    const youtube = await clicks(usYoutube, 2, 'ascsubtag');
    const onEbay = await clicks(ebay, 1, 'customid');
    const elsewhere = await clicks(other, 1, 'sub');
    await t.ctx.clicks.flush();
    const sale = async (clickId: string, amount: string, commission: string, extra: Record<string, unknown> = {}) => {
      const res = await user.api('POST', '/conversions', {
        click_id: clickId,
        order_id: nextOrder(),
        amount,
        commission,
        currency: 'USD',
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { order_id: string };
    };
    await sale(us[0]!, '20.00', '0.80');
    await sale(us[1]!, '10.00', '0.40', { occurred_at: `${day(2)}T12:00:00.000Z` });
    await sale(youtube[0]!, '30.00', '1.20');
    const reversed = await sale(youtube[1]!, '99.00', '3.96');
    await user.api('POST', '/conversions', {
      order_id: reversed.order_id,
      amount: '99.00',
      currency: 'USD',
      status: 'reversed',
    });
    await sale(onEbay[0]!, '50.00', '2.00');
    await sale(elsewhere[0]!, '5.00', '0.50');

    const stats = (await user.api('GET', '/stats')).json();
    const usd = (conversions: number, revenue: string, earnings: string, rate: number, epc: string) => [
      { currency: 'USD', conversions, revenue, earnings, conversion_rate: rate, epc },
    ];
    expect(stats.programs).toEqual([
      {
        program_id: 1,
        program: 'Amazon US',
        tracking_id: null,
        clicks: 4,
        conversions: usd(2, '30.00', '1.20', 0.5, '0.3000'),
      },
      {
        program_id: 1,
        program: 'Amazon US',
        tracking_id: 'mysite-yt-20',
        clicks: 2,
        conversions: usd(1, '30.00', '1.20', 0.5, '0.6000'),
      },
      {
        program_id: 9,
        program: 'eBay Partner Network',
        tracking_id: null,
        clicks: 1,
        conversions: usd(1, '50.00', '2.00', 1, '2.0000'),
      },
    ]);
    // The link outside any program counts in the totals, not per program.
    expect(stats.conversions).toEqual(usd(5, '115.00', '4.90', 0.625, '0.6125'));
    expect(stats.trend.at(-1).conversions).toEqual(usd(4, '105.00', '4.50', 0.5, '0.5625'));
    expect(stats.trend.at(-3)).toMatchObject({
      date: day(2),
      clicks: 0,
      conversions: usd(1, '10.00', '0.40', 0, '0.0000'),
    });
    const link = (await user.api('GET', `/links/${usDefault.id}/stats`)).json();
    expect(link.trend.at(-1).conversions).toEqual(usd(1, '20.00', '0.80', 0.25, '0.2000'));
    expect(link.trend.at(-3).conversions).toEqual(usd(1, '10.00', '0.40', 0, '0.0000'));

    // A range: the figures of its days only.
    const ranged = (await user.api('GET', `/stats?from=${day(2)}&to=${day(2)}`)).json();
    expect(ranged.programs).toEqual([
      {
        program_id: 1,
        program: 'Amazon US',
        tracking_id: null,
        clicks: 0,
        conversions: usd(1, '10.00', '0.40', 0, '0.0000'),
      },
    ]);

    // A deleted link takes its clicks and conversions out of every figure of the account.
    expect((await user.api('DELETE', `/links/${ebay.id}`)).statusCode).toBe(204);
    const after = (await user.api('GET', '/stats')).json();
    expect(after.programs.map((row: { program_id: number }) => row.program_id)).toEqual([1, 1]);
    expect(after.conversions).toEqual(usd(4, '65.00', '2.90', 0.5714, '0.4143'));
  });

  it('keeps no per-program figures for a tag, and the same figures when filtered', async () => {
    const { user, usDefault } = await affiliateAccount();
    await clicks(usDefault, 2, 'ascsubtag');
    await t.ctx.clicks.flush();
    expect((await user.api('GET', '/stats?tag=none')).json().programs).toBeUndefined();
    const filtered = (await user.api('GET', '/stats?device=mobile')).json();
    expect(filtered.programs).toEqual([
      { program_id: 1, program: 'Amazon US', tracking_id: null, clicks: 2, conversions: [] },
    ]);
  });
});

describe('the Amazon earnings report import', () => {
  const report = readFileSync(resolve(import.meta.dirname, '../fixtures/imports/amazon-earnings.csv'), 'utf8');

  async function importReport(user: typeof t.defaultUser, csv: string) {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?format=amazon-earnings',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({ format: 'amazon-earnings', status: 'queued' });
    for (let i = 0; i < 200; i++) {
      await t.ctx.imports.runOnce();
      const job = (await user.api('GET', `/imports/${queued.json().id}`)).json();
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the import did not finish');
  }

  it('records each row as a conversion, attributed by its sub-tag, and adds nothing the second time', async () => {
    const user = await t.user('business');
    const link = (
      await user.api('POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B000000001', pass_click_id: true })
    ).json();
    const clickId = clickIdIn(await location(`/${link.short_code}`), 'ascsubtag')!;
    await t.ctx.clicks.flush();
    const csv = report.replaceAll('CLICK_ID_1', clickId);
    const job = await importReport(user, csv);
    expect(job).toMatchObject({ status: 'done', total: 4, processed: 4, created: 3, skipped: 0, invalid: 1 });
    expect(job.errors).toEqual([{ row: 4, message: expect.stringContaining('more decimals') }]);
    const conversions = (await user.api('GET', '/conversions')).json().data;
    expect(
      conversions.map((c: Record<string, unknown>) => [c.link_id, c.amount, c.commission, c.status, c.source]),
    ).toEqual([
      [link.id, '9.99', '0.40', 'reversed', 'import'],
      [null, '24.00', '1.20', 'approved', 'import'],
      [link.id, '19.98', '0.80', 'approved', 'import'],
    ]);
    const again = await importReport(user, csv);
    expect(again).toMatchObject({ status: 'done', created: 0, skipped: 3, invalid: 1 });
    expect((await user.api('GET', '/conversions')).json().data).toHaveLength(3);
    const stats = (await user.api('GET', `/links/${link.id}/stats`)).json();
    expect(stats.conversions).toMatchObject([{ currency: 'USD', conversions: 1, revenue: '19.98', earnings: '0.80' }]);
  });

  it('credits the one link that chose a row’s tracking id when its sub-tag names no click', async () => {
    const user = await t.user('business');
    expect((await user.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'mysite-20' })).statusCode).toBe(201);
    const chosen = await user.api('POST', '/links', {
      redirect_url: 'https://www.amazon.com/dp/B000000002',
      tracking_id: 'mysite-20',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const job = await importReport(user, report);
    expect(job).toMatchObject({ status: 'done', created: 3 });
    const conversions = (await user.api('GET', '/conversions')).json().data;
    expect(conversions.map((c: { link_id: number | null }) => c.link_id)).toEqual([
      chosen.json().id,
      chosen.json().id,
      chosen.json().id,
    ]);
    // Two links with the same tracking id: the report cannot say which sold, so neither is credited.
    const other = await t.user('business');
    await other.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'mysite-20' });
    for (const asin of ['B000000003', 'B000000004'])
      await other.api('POST', '/links', {
        redirect_url: `https://www.amazon.com/dp/${asin}`,
        tracking_id: 'mysite-20',
      });
    await importReport(other, report);
    const unattributed = (await other.api('GET', '/conversions')).json().data;
    expect(unattributed.map((c: { link_id: number | null }) => c.link_id)).toEqual([null, null, null]);
  });

  it('refuses a file that is not an earnings report, and an unknown format', async () => {
    const user = await t.user('business');
    const links = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?format=amazon-earnings',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: 'url\nhttps://example.com/\n',
    });
    expect(links.statusCode).toBe(422);
    expect(links.json().errors.file[0]).toContain('earnings report');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?format=bitly',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: report,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.format).toBeDefined();
  });
});

describe('the postback', () => {
  async function rotate(user = t.defaultUser) {
    const res = await user.api('POST', '/conversions/postback/rotate');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { secret: string; postback_url: string };
  }

  const postback = (secret: string, query: Record<string, string>, init: { method?: string; from?: string } = {}) =>
    t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `/postback/${secret}?${new URLSearchParams(query)}`,
      headers: { 'x-forwarded-for': init.from ?? nextAddress() },
    });

  it('records what a network sends, once per order, a later status updating it', async () => {
    const user = await t.user('business');
    const { secret, postback_url } = await rotate(user);
    expect(postback_url).toBe(`http://api.test/postback/${secret}`);
    const { clickId } = await clickedLink();
    const order = nextOrder();
    const sale = { click_id: clickId, amount: '19.90', currency: 'EUR', order_id: order, status: 'pending' };
    // The click is the default user's: another workspace's postback leaves it unattributed.
    const first = await postback(secret, sale);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ order_id: order, status: 'pending', attributed: false });
    const later = await postback(secret, { ...sale, status: 'approved' });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ id: first.json().id, status: 'approved' });
  });

  it('answers 404 to a wrong secret, and to the old one once rotated', async () => {
    const old = await rotate();
    const sale = { amount: '1.00', currency: 'EUR', order_id: nextOrder() };
    expect((await postback('pbs_wrong', sale)).statusCode).toBe(404);
    expect((await postback(old.secret, sale)).statusCode).toBe(201);
    const fresh = await rotate();
    expect((await postback(old.secret, { ...sale, order_id: nextOrder() })).statusCode).toBe(404);
    expect((await postback(fresh.secret, { ...sale, order_id: nextOrder() })).statusCode).toBe(201);
  });

  it("reads the network's own parameter names, from a query or a form", async () => {
    const { secret } = await rotate();
    const names = { click_id: 'subid', amount: 'sale_amount', order_id: 'txn' };
    const put = await t.api('PUT', '/conversions/postback', { parameter_names: names });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ configured: true, parameter_names: names });
    const { link, clickId } = await clickedLink();
    const res = await postback(secret, { subid: clickId, sale_amount: '0.10', currency: 'EUR', txn: nextOrder() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attributed).toBe(true);
    const form = await t.app.inject({
      method: 'POST',
      url: `/postback/${secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      payload: new URLSearchParams({
        subid: clickId,
        sale_amount: '0.20',
        currency: 'EUR',
        txn: nextOrder(),
      }).toString(),
    });
    expect(form.statusCode, form.body).toBe(201);
    const listed = (await t.api('GET', `/conversions?link_id=${link.id}`)).json().data;
    expect(listed.map((c: { amount: string }) => c.amount)).toEqual(['0.20', '0.10']);
    await t.api('PUT', '/conversions/postback', { parameter_names: {} });
  });

  it('refuses a body larger than a postback', async () => {
    const { secret } = await rotate();
    const res = await t.app.inject({
      method: 'POST',
      url: `/postback/${secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      payload: `order_id=${'x'.repeat(10_000)}`,
    });
    expect(res.statusCode).toBe(413);
  });

  it('limits the postbacks of one address, right secret or wrong', async () => {
    const from = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await postback('pbs_guess', {}, { from })).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('writes the rotation, and the conversions made through the API, to the audit log', async () => {
    const user = await t.user('business');
    await rotate(user);
    await user.api('POST', '/conversions', { order_id: nextOrder(), amount: '1.00', currency: 'EUR' });
    const actions = (await user.api('GET', '/audit-log')).json().data.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['postback.secret_rotated', 'conversion.created']));
  });

  it('shows whether a secret exists, never the secret', async () => {
    await rotate();
    const settings = (await t.api('GET', '/conversions/postback')).json();
    expect(settings).toMatchObject({ configured: true });
    expect(JSON.stringify(settings)).not.toContain('pbs_');
  });
});
