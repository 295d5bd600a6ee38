import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { clickEvent } from '../helpers/clicks.ts';

const t = useTestApp();

const today = new Date();
const daysAgo = (n: number) =>
  new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - n * 86_400_000 + 3_600_000,
  ).toISOString();
async function linkWithClicks(plan: 'pro' | 'business') {
  const user = await t.user(plan);
  const link = (await user.api('POST', '/links', { redirect_url: 'https://example.com' })).json();
  await t.ctx.uow.transact(({ stores }) =>
    stores.clicks.writeBatch([
      clickEvent(link.id, { at: daysAgo(0) }),
      clickEvent(link.id, { at: daysAgo(0), country: 'GB', device: 'mobile', browser: 'safari', os: 'ios' }),
      clickEvent(link.id, { at: daysAgo(2), country: 'GB' }),
      clickEvent(link.id, { at: daysAgo(45) }),
      clickEvent(link.id, { at: daysAgo(0), bot: true }),
    ]),
  );
  return { ...user, link };
}

const stats = (headers: Record<string, string>, id: number, query = '') =>
  t.api('GET', `/links/${id}/stats${query}`, undefined, headers);

describe('GET /links/{id}/stats', () => {
  it('gives Pro the totals only', async () => {
    const { headers, link } = await linkWithClicks('pro');
    const res = await stats(headers, link.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['clicks_this_month', 'link_id', 'total_clicks', 'unique_clicks']);
    expect(body.total_clicks).toBe(4);
    const monthStart = `${today.toISOString().slice(0, 7)}-01`;
    const expectedThisMonth = [daysAgo(0), daysAgo(0), daysAgo(2), daysAgo(45)].filter(
      (at) => at.slice(0, 10) >= monthStart,
    ).length;
    expect(body.clicks_this_month).toBe(expectedThisMonth);
  });

  it('refuses with to Pro (403), even with an unknown value', async () => {
    const { headers, link } = await linkWithClicks('pro');
    expect((await stats(headers, link.id, '?with=country')).statusCode).toBe(403);
    expect((await stats(headers, link.id, '?with=bogus')).statusCode).toBe(403);
  });

  it('gives Business a zero-filled 30-day trend, oldest first', async () => {
    const { headers, link } = await linkWithClicks('business');
    const { trend } = (await stats(headers, link.id)).json();
    expect(trend).toHaveLength(30);
    expect(trend[29]).toMatchObject({ date: daysAgo(0).slice(0, 10), clicks: 2 });
    expect(trend[27]).toMatchObject({ date: daysAgo(2).slice(0, 10), clicks: 1 });
    expect(trend[0].date).toBe(daysAgo(29).slice(0, 10));
    expect(trend.reduce((sum: number, d: { clicks: number }) => sum + d.clicks, 0)).toBe(3);
  });

  it('gives Business each breakdown asked for, most clicks first, bots excluded', async () => {
    const { headers, link } = await linkWithClicks('business');
    const body = (await stats(headers, link.id, '?with=country,device,browser,os')).json();
    expect(body.country).toEqual(
      [
        { value: 'GB', clicks: 2 },
        { value: 'US', clicks: 2 },
      ].sort((a, b) => b.clicks - a.clicks || a.value.localeCompare(b.value)),
    );
    expect(body.device).toEqual([
      { value: 'desktop', clicks: 3 },
      { value: 'mobile', clicks: 1 },
    ]);
    expect(body.browser).toEqual([
      { value: 'chrome', clicks: 3 },
      { value: 'safari', clicks: 1 },
    ]);
    expect(body.os).toEqual([
      { value: 'windows', clicks: 3 },
      { value: 'ios', clicks: 1 },
    ]);
    const onlyOs = (await stats(headers, link.id, '?with=os')).json();
    expect(onlyOs).not.toHaveProperty('country');
  });

  it('answers 422 for an unknown with value', async () => {
    const { headers, link } = await linkWithClicks('business');
    const res = await stats(headers, link.id, '?with=country,planet');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.with).toBeDefined();
  });

  it('adds picks per option for a choice-page link', async () => {
    const { headers, link } = await linkWithClicks('business');
    await t.api(
      'PUT',
      `/links/${link.id}/landing-options`,
      { options: ['https://a.example', 'https://b.example'] },
      headers,
    );
    await t.ctx.uow.transact(({ stores }) =>
      stores.clicks.writeBatch([clickEvent(link.id, { at: daysAgo(0), optionIndex: 1 })]),
    );
    expect((await stats(headers, link.id)).json().options).toEqual([
      { url: 'https://a.example', picks: 0 },
      { url: 'https://b.example', picks: 1 },
    ]);
  });

  it('never reads the raw clicks: deleting them changes nothing', async () => {
    const { headers, link } = await linkWithClicks('business');
    const before = (await stats(headers, link.id, '?with=country')).json();
    await t.ctx.database.db.deleteFrom('clicks').where('link_id', '=', link.id).execute();
    expect((await stats(headers, link.id, '?with=country')).json()).toEqual(before);
  });

  it('answers 404 then 403 for missing and foreign links', async () => {
    const { link } = await linkWithClicks('business');
    const other = await t.user('business');
    expect((await stats(other.headers, 999999)).statusCode).toBe(404);
    expect((await stats(other.headers, link.id)).statusCode).toBe(403);
  });
});
