import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { clickEvent } from '../helpers/clicks.ts';

// Click-to-filter statistics (docs/api.md, Statistics): `country=DE&device=mobile` on a link's and
// the account's statistics, answered from link_daily_facets.
const t = useTestApp();

type User = Awaited<ReturnType<typeof t.user>>;
const today = new Date().toISOString();
const yesterday = new Date(Date.now() - 86_400_000).toISOString();
const write = (events: ReturnType<typeof clickEvent>[]) =>
  t.ctx.uow.transact(({ stores }) => stores.clicks.writeBatch(events));
const linkOf = async (user: User, body: Record<string, unknown> = {}) =>
  (await user.api('POST', '/links', { redirect_url: 'https://example.com/', ...body })).json();

/** Five visits: German mobiles (two, one from Google with a campaign), a German desktop, US mobile and desktop. */
async function visitedLink(user: User) {
  const link = await linkOf(user);
  await write([
    clickEvent(link.id, { at: today, country: 'DE', device: 'mobile', os: 'ios', visitor: 'a' }),
    clickEvent(link.id, {
      at: yesterday,
      country: 'DE',
      device: 'mobile',
      os: 'android',
      referrerHost: 'google.com',
      utmCampaign: 'spring',
      visitor: 'b',
    }),
    clickEvent(link.id, { at: today, country: 'DE', device: 'desktop', visitor: 'c' }),
    clickEvent(link.id, { at: today, country: 'US', device: 'mobile', os: 'ios', visitor: 'd' }),
    clickEvent(link.id, { at: today, country: 'US', device: 'desktop', visitor: 'e' }),
    clickEvent(link.id, { at: today, country: 'DE', device: 'mobile', bot: true, visitor: 'bot' }),
  ]);
  return link;
}

describe('GET /links/{id}/stats with filters', () => {
  it('restricts the clicks, the trend and every breakdown to the visits matching every filter', async () => {
    const user = await t.user('business');
    const link = await visitedLink(user);
    const all = (await user.api('GET', `/links/${link.id}/stats?with=country,os`)).json();
    expect(all).toMatchObject({ total_clicks: 5, unique_clicks: 5 });

    const res = await user.api('GET', `/links/${link.id}/stats?with=country,os,referrer,utm_campaign&device=mobile`);
    expect(res.statusCode, res.body).toBe(200);
    const mobile = res.json();
    expect(mobile).toMatchObject({ total_clicks: 3, unique_clicks: null, clicks_this_month: expect.any(Number) });
    expect(mobile.country).toEqual([
      { value: 'DE', clicks: 2 },
      { value: 'US', clicks: 1 },
    ]);
    expect(mobile.os).toEqual([
      { value: 'ios', clicks: 2 },
      { value: 'android', clicks: 1 },
    ]);
    expect(mobile.referrer).toEqual([
      { value: 'direct', clicks: 2 },
      { value: 'google.com', clicks: 1 },
    ]);
    expect(mobile.utm_campaign).toEqual([{ value: 'spring', clicks: 1 }]);
    expect(mobile.trend.at(-1)).toMatchObject({ clicks: 2, unique_clicks: null });
    expect(mobile.trend.at(-2)).toMatchObject({ clicks: 1, unique_clicks: null });

    const both = (await user.api('GET', `/links/${link.id}/stats?with=os&device=mobile&country=de`)).json();
    expect(both.total_clicks).toBe(2);
    expect(both.os).toEqual([
      { value: 'android', clicks: 1 },
      { value: 'ios', clicks: 1 },
    ]);
    const campaign = (await user.api('GET', `/links/${link.id}/stats?utm_campaign=spring&referrer=google.com`)).json();
    expect(campaign.total_clicks).toBe(1);
    const none = (await user.api('GET', `/links/${link.id}/stats?with=country&country=FR`)).json();
    expect(none).toMatchObject({ total_clicks: 0, country: [] });
  });

  it('honours the range, and counts variants of the matching visits', async () => {
    const user = await t.user('business');
    const link = await linkOf(user, {
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
    });
    await write([
      clickEvent(link.id, { at: today, device: 'mobile', variantIndex: 0 }),
      clickEvent(link.id, { at: today, device: 'mobile', variantIndex: 1 }),
      clickEvent(link.id, { at: today, device: 'desktop', variantIndex: 1 }),
      clickEvent(link.id, { at: yesterday, device: 'mobile', variantIndex: 1 }),
    ]);
    const day = today.slice(0, 10);
    const res = (await user.api('GET', `/links/${link.id}/stats?device=mobile&from=${day}&to=${day}`)).json();
    expect(res.trend).toEqual([{ date: day, clicks: 2, unique_clicks: null, conversions: [] }]);
    expect(res.variants.map((v: { clicks: number }) => v.clicks)).toEqual([1, 1]);
    // Without a range: all time.
    expect((await user.api('GET', `/links/${link.id}/stats?device=mobile`)).json().total_clicks).toBe(3);
  });

  it('is Business only (403 before anything) and bounds each value (422)', async () => {
    const pro = await t.user('pro');
    const link = await linkOf(pro);
    expect((await pro.api('GET', `/links/${link.id}/stats?country=DE`)).statusCode).toBe(403);
    const user = await t.user('business');
    const own = await linkOf(user);
    expect((await user.api('GET', `/links/${own.id}/stats?country=${'x'.repeat(256)}`)).statusCode).toBe(422);
    expect((await user.api('GET', `/links/${own.id}/stats?device=`)).statusCode).toBe(422);
  });

  it('forgets a deleted link’s facets with the link', async () => {
    const user = await t.user('business');
    const link = await visitedLink(user);
    expect((await user.api('DELETE', `/links/${link.id}`)).statusCode).toBe(204);
    const left = await t.ctx.database.db
      .selectFrom('link_daily_facets')
      .select('link_id')
      .where('link_id', '=', link.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('GET /stats with filters and breakdowns', () => {
  it('carries the account breakdowns, and restricts every figure to the matching visits', async () => {
    const user = await t.user('business');
    const first = await visitedLink(user);
    const second = await linkOf(user);
    await write([clickEvent(second.id, { at: today, country: 'FR', device: 'mobile', visitor: 'f' })]);

    const all = (await user.api('GET', '/stats')).json();
    expect(all.total_clicks).toBe(6);
    expect(all.country).toEqual([
      { value: 'DE', clicks: 3 },
      { value: 'US', clicks: 2 },
      { value: 'FR', clicks: 1 },
    ]);
    expect(all.device).toEqual([
      { value: 'mobile', clicks: 4 },
      { value: 'desktop', clicks: 2 },
    ]);
    for (const key of ['referrer', 'browser', 'os', 'language']) expect(Array.isArray(all[key])).toBe(true);

    const res = await user.api('GET', '/stats?device=mobile');
    expect(res.statusCode, res.body).toBe(200);
    const mobile = res.json();
    expect(mobile).toMatchObject({ total_clicks: 4, unique_clicks: null });
    expect(mobile.country).toEqual([
      { value: 'DE', clicks: 2 },
      { value: 'FR', clicks: 1 },
      { value: 'US', clicks: 1 },
    ]);
    expect(mobile.top_links).toEqual([
      { id: first.id, short_code: first.short_code, clicks: 3 },
      { id: second.id, short_code: second.short_code, clicks: 1 },
    ]);
    expect(mobile.trend.at(-1)).toMatchObject({ clicks: 3, unique_clicks: null });
  });

  it('combines filters with a tag', async () => {
    const user = await t.user('business');
    const tagged = await linkOf(user, { tags: ['Spring'] });
    const other = await linkOf(user);
    await write([
      clickEvent(tagged.id, { at: today, country: 'DE', visitor: 'a' }),
      clickEvent(tagged.id, { at: today, country: 'US', visitor: 'b' }),
      clickEvent(other.id, { at: today, country: 'DE', visitor: 'c' }),
    ]);
    const res = (await user.api('GET', '/stats?tag=spring&country=DE')).json();
    expect(res.total_clicks).toBe(1);
    expect(res.top_links).toEqual([{ id: tagged.id, short_code: tagged.short_code, clicks: 1 }]);
  });
});
