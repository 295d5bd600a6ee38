import { describe, expect, it } from 'vitest';
import { changePlan } from '../../src/services/accounts.ts';
import { useTestApp } from '../helpers/app.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { useEdge } from '../helpers/edge.ts';

// Open in app and tracking ids (docs/api.md), through the API and a real short host on loopback.
const t = useTestApp({ SHORT_PORT: '0', HOST: '127.0.0.1', SHORT_URL: 'http://127.0.0.1' }, { user: 'business' });
const edge = useEdge(t);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 ' +
  'Mobile Safari/537.36';
const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  'Instagram 330.0.0.40.92 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 602439380)';
const GOOGLEBOT_PHONE =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/124.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const visit = (code: string, userAgent: string, method = 'GET') =>
  fetch(`${edge.url}/${code}`, { redirect: 'manual', method, headers: { 'user-agent': userAgent } });

/** A Business workspace of its own with an Amazon US tag and two tracking ids. */
async function workspace() {
  const user = await t.user('business');
  const tag = await user.api('POST', '/affiliates', {
    affiliate_program_id: 1,
    tag: 'mine-20',
    tracking_ids: ['mine-yt-20', 'mine-news-20'],
  });
  expect(tag.statusCode, tag.body).toBe(201);
  const create = async (payload: Record<string, unknown>) => {
    const res = await user.api('POST', '/links', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const clickCount = async (id: number): Promise<number> => {
    await t.ctx.clicks.flush();
    return (await user.api('GET', `/links/${id}`)).json().click_count;
  };
  return { ...user, tag: tag.json(), create, clickCount };
}

describe('open in app on the short host', () => {
  it('answers an iPhone the page that opens Amazon through its scheme, the tag carried, and counts once', async () => {
    const { create, clickCount } = await workspace();
    const link = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567?th=1', open_in_app: true });
    expect(link.open_in_app).toBe(true);
    const res = await visit(link.short_code, IPHONE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[^']+'/);
    const html = await res.text();
    expect(html).toContain(
      'data-app="com.amazon.mobile.shopping.web://www.amazon.com/dp/B0C1234567?th=1&amp;tag=mine-20"',
    );
    expect(html).toContain('id="web" href="https://www.amazon.com/dp/B0C1234567?th=1&amp;tag=mine-20"');
    expect(await clickCount(link.id)).toBe(1);
  });

  it('answers Android an intent for the app with the tagged web URL as the browser fallback', async () => {
    const { create, clickCount } = await workspace();
    const link = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567', open_in_app: true });
    const html = await (await visit(link.short_code, ANDROID)).text();
    const fallback = encodeURIComponent('https://www.amazon.com/dp/B0C1234567?tag=mine-20');
    expect(html).toContain(
      'data-app="intent://www.amazon.com/dp/B0C1234567?tag=mine-20#Intent;scheme=https;' +
        `package=com.amazon.mShop.android.shopping;S.browser_fallback_url=${fallback};end"`,
    );
    expect(await clickCount(link.id)).toBe(1);
  });

  it("answers Instagram's in-app browser the same page", async () => {
    const { create } = await workspace();
    const link = await create({ redirect_url: 'https://www.youtube.com/watch?v=abc', open_in_app: true });
    const res = await visit(link.short_code, INSTAGRAM);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-app="youtube://www.youtube.com/watch?v=abc"');
    expect(html).toContain('href="https://www.youtube.com/watch?v=abc"');
  });

  it('redirects desktops, crawlers and HEAD as before, counting the desktop once', async () => {
    const { create, clickCount } = await workspace();
    const link = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567', open_in_app: true });
    for (const ua of [CHROME_USER_AGENT, GOOGLEBOT_PHONE]) {
      const res = await visit(link.short_code, ua);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://www.amazon.com/dp/B0C1234567?tag=mine-20');
    }
    expect((await visit(link.short_code, IPHONE, 'HEAD')).status).toBe(302);
    // The crawler is recorded as a bot, never counted; HEAD is not recorded.
    expect(await clickCount(link.id)).toBe(1);
  });

  it('redirects phones for a link without the switch, and for a destination with no known app', async () => {
    const { create } = await workspace();
    const off = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567' });
    expect(off.open_in_app).toBe(false);
    const unknown = await create({ redirect_url: 'https://example.com/shop', open_in_app: true });
    for (const link of [off, unknown]) {
      const res = await visit(link.short_code, ANDROID);
      expect(res.status).toBe(302);
    }
  });

  it('is a Business field: 403 for Pro, like the other Business link fields', async () => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', {
      redirect_url: 'https://www.amazon.com/dp/B0C1234567',
      open_in_app: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Open in app/);
  });

  it('opens the app for a choice-page option too', async () => {
    const { create, api, clickCount } = await workspace();
    const link = await create({ redirect_url: 'https://example.com/', open_in_app: true });
    const options = ['https://example.com/a', 'https://www.etsy.com/listing/1'];
    expect((await api('PUT', `/links/${link.id}/landing-options`, { options })).statusCode).toBe(200);
    expect((await visit(`${link.short_code}/1`, ANDROID)).status).toBe(302);
    const res = await visit(`${link.short_code}/2`, ANDROID);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('package=com.etsy.android;');
    // A pick is recorded as a pick, never as a click.
    expect(await clickCount(link.id)).toBe(0);
  });

  it('stops at once when the owner leaves Business, the setting kept', async () => {
    const { create, user } = await workspace();
    const link = await create({ redirect_url: 'https://www.etsy.com/listing/1', open_in_app: true });
    expect((await visit(link.short_code, ANDROID)).status).toBe(200);
    await t.ctx.uow.transact((work) => changePlan(work, user.email, 'pro'));
    expect((await visit(link.short_code, ANDROID)).status).toBe(302);
  });

  it('turns on and off with a PATCH, at once on the short host', async () => {
    const { create, api } = await workspace();
    const link = await create({ redirect_url: 'https://www.etsy.com/listing/1' });
    expect((await visit(link.short_code, ANDROID)).status).toBe(302);
    expect((await api('PATCH', `/links/${link.id}`, { open_in_app: true })).json().open_in_app).toBe(true);
    expect((await visit(link.short_code, ANDROID)).status).toBe(200);
  });
});

describe('tracking ids', () => {
  it('are kept on the tag record, in the program format, bounded and distinct', async () => {
    const { api, tag } = await workspace();
    expect(tag.tracking_ids).toEqual(['mine-yt-20', 'mine-news-20']);
    const listed = (await api('GET', '/affiliates')).json().data;
    expect(listed[0].tracking_ids).toEqual(['mine-yt-20', 'mine-news-20']);
    const patch = (body: unknown) => api('PATCH', `/affiliates/${tag.id}`, body);
    expect((await patch({ tracking_ids: ['bad tag!'] })).json().errors).toHaveProperty(['tracking_ids.0']);
    expect((await patch({ tracking_ids: ['a-20', 'a-20'] })).json().errors).toHaveProperty(['tracking_ids.1']);
    expect((await patch({ tracking_ids: ['mine-20'] })).statusCode).toBe(422);
    const tooMany = Array.from({ length: 21 }, (_, i) => `id-${i}`);
    expect((await patch({ tracking_ids: tooMany })).statusCode).toBe(422);
    const ebay = await api('POST', '/affiliates', { affiliate_program_id: 9, tag: '5338765432', tracking_ids: ['12'] });
    expect(ebay.statusCode).toBe(422);
    const changed = await patch({ tracking_ids: ['mine-ig-20'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ tag: 'mine-20', tracking_ids: ['mine-ig-20'] });
  });

  it("inject the link's choice, else the tag", async () => {
    const { create } = await workspace();
    const chosen = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567', tracking_id: 'mine-yt-20' });
    expect(chosen.tracking_id).toBe('mine-yt-20');
    const plain = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567' });
    expect(plain.tracking_id).toBeNull();
    const location = async (code: string) => (await visit(code, CHROME_USER_AGENT)).headers.get('location');
    expect(await location(chosen.short_code)).toBe('https://www.amazon.com/dp/B0C1234567?tag=mine-yt-20');
    expect(await location(plain.short_code)).toBe('https://www.amazon.com/dp/B0C1234567?tag=mine-20');
  });

  it('carries the chosen id into the app', async () => {
    const { create } = await workspace();
    const link = await create({
      redirect_url: 'https://www.amazon.com/dp/B0C1234567',
      tracking_id: 'mine-news-20',
      open_in_app: true,
    });
    expect(await (await visit(link.short_code, IPHONE)).text()).toContain(
      'data-app="com.amazon.mobile.shopping.web://www.amazon.com/dp/B0C1234567?tag=mine-news-20"',
    );
  });

  it("must be one of the workspace's ids for the destination's program (422)", async () => {
    const { api, create } = await workspace();
    const refused = async (payload: Record<string, unknown>) => {
      const res = await api('POST', '/links', payload);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors.tracking_id[0] as string;
    };
    expect(await refused({ redirect_url: 'https://www.amazon.com/dp/B0C1234567', tracking_id: 'other-20' })).toMatch(
      /Amazon US/,
    );
    expect(await refused({ redirect_url: 'https://www.amazon.de/dp/B0C1234567', tracking_id: 'mine-yt-20' })).toMatch(
      /Amazon DE/,
    );
    expect(await refused({ redirect_url: 'https://example.com/', tracking_id: 'mine-yt-20' })).toMatch(/no affiliate/);
    // The record's own tag is a valid choice too.
    expect(
      (await create({ redirect_url: 'https://amazon.com/dp/B0C1234567', tracking_id: 'mine-20' })).tracking_id,
    ).toBe('mine-20');
    const link = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567' });
    expect((await api('PATCH', `/links/${link.id}`, { tracking_id: 'nope-20' })).statusCode).toBe(422);
    const pro = await t.user('pro');
    const proRes = await pro.api('POST', '/links', {
      redirect_url: 'https://amazon.com/dp/B0C1234567',
      tracking_id: 'x',
    });
    expect(proRes.statusCode).toBe(403);
  });

  it("is kept on a new destination of the same program, cleared on another program's", async () => {
    const { api, create } = await workspace();
    const link = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567', tracking_id: 'mine-yt-20' });
    const same = await api('PATCH', `/links/${link.id}`, { redirect_url: 'https://www.amazon.com/dp/B0C7654321' });
    expect(same.json().tracking_id).toBe('mine-yt-20');
    const other = await api('PATCH', `/links/${link.id}`, { redirect_url: 'https://www.etsy.com/listing/1' });
    expect(other.json().tracking_id).toBeNull();
  });

  it('fall back to the tag once the record no longer holds the chosen id', async () => {
    const { api, create, tag } = await workspace();
    const link = await create({ redirect_url: 'https://www.amazon.com/dp/B0C1234567', tracking_id: 'mine-yt-20' });
    await api('PATCH', `/affiliates/${tag.id}`, { tracking_ids: [] });
    const res = await visit(link.short_code, CHROME_USER_AGENT);
    expect(res.headers.get('location')).toBe('https://www.amazon.com/dp/B0C1234567?tag=mine-20');
  });
});
