import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import { changePlan } from '../../src/services/accounts.ts';
import { useTestApp } from '../helpers/app.ts';
import { linkTools } from '../helpers/edge.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';

// Extensions §1 on the short host: expiry, click limits, passwords, previews, variants and UTM,
// through a real server on loopback.
const t = useTestApp(
  { SHORT_PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', SHORT_URL: 'http://127.0.0.1' },
  { user: 'business' },
);
let edge: RunningEdge;
beforeAll(async () => {
  edge = await startEdge(t.ctx);
});
afterAll(async () => {
  await edge.close();
});

const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

let address = 0;
/** Each test gets its own client address, so lock-outs of one never reach another. */
const nextAddress = () => `81.2.69.${(address += 1)}`;

function visit(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
) {
  return fetch(`${edge.url}${path}`, {
    redirect: 'manual',
    method: init.method ?? 'GET',
    headers: { 'user-agent': CHROME_USER_AGENT, 'x-forwarded-for': init.from ?? '81.2.69.142', ...init.headers },
    body: init.body,
  });
}

const postPassword = (path: string, password: string, from: string, cookie?: string) =>
  visit(path, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ password }).toString(),
  });

const { createLink, clickCount } = linkTools(t);

describe('expired links', () => {
  it('send visitors to expired_url once expires_at has passed, and count nothing', async () => {
    const link = await createLink({
      redirect_url: 'https://example.com/sale',
      expires_at: new Date(Date.now() + 1_000).toISOString(),
      expired_url: 'https://example.com/over',
    });
    expect((await visit(`/${link.short_code}`)).headers.get('location')).toBe('https://example.com/sale');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await visit(`/${link.short_code}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/over');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await clickCount(link.id)).toBe(1);
  });

  it('answer a 410 page without an expired_url', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/sale', max_clicks: 1 });
    expect((await visit(`/${link.short_code}`)).status).toBe(302);
    const gone = await visit(`/${link.short_code}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toMatch(/text\/html/);
    expect(gone.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await gone.text()).toMatch(/This link has expired/);
    expect(await clickCount(link.id)).toBe(1);
  });

  it('let exactly max_clicks of 50 simultaneous visitors through', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/limited', max_clicks: 10 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => visit(`/${link.short_code}`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(10);
    expect(statuses.filter((status) => status === 410)).toHaveLength(40);
    expect(await clickCount(link.id)).toBe(10);
    const record = (await t.api('GET', `/links/${link.id}`)).json();
    expect(record.is_expired).toBe(true);
  });

  it('take no click off the limit for HEAD or a bot, and open again when the limit is raised', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/raise', max_clicks: 1 });
    expect((await visit(`/${link.short_code}`, { method: 'HEAD' })).status).toBe(302);
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expect((await visit(`/${link.short_code}`, { headers: bot })).status).toBe(302);
    expect((await visit(`/${link.short_code}`)).status).toBe(302);
    expect((await visit(`/${link.short_code}`)).status).toBe(410);
    await t.api('PATCH', `/links/${link.id}`, { max_clicks: 2 });
    expect((await visit(`/${link.short_code}`)).status).toBe(302);
    expect((await visit(`/${link.short_code}`)).status).toBe(410);
    expect(await clickCount(link.id)).toBe(2);
  });
});

describe('password-protected links', () => {
  it('ask for the password without counting the page, and count the right password once', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/secret?a=1', password: 'open sesame' });
    const from = nextAddress();
    const page = await visit(`/${link.short_code}`, { from });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toMatch(/<form method="post">/);
    expect(html).not.toContain('example.com/secret');
    expect(await clickCount(link.id)).toBe(0);

    const right = await postPassword(`/${link.short_code}`, 'open sesame', from);
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('https://example.com/secret?a=1');
    expect(await clickCount(link.id)).toBe(1);
  });

  it('answer a wrong password with 401 and the form, then 429 with Retry-After after 5 wrong tries', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/secret', password: 'open sesame' });
    const from = nextAddress();
    for (let i = 0; i < 5; i++) {
      const wrong = await postPassword(`/${link.short_code}`, `guess ${i}`, from);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toMatch(/not right/);
    }
    const locked = await postPassword(`/${link.short_code}`, 'open sesame', from);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await locked.text()).toMatch(/Too many wrong tries/);
    // Another address is not locked out, and the link itself still works.
    const other = await postPassword(`/${link.short_code}`, 'open sesame', nextAddress());
    expect(other.status).toBe(302);
    expect(await clickCount(link.id)).toBe(1);
  });

  it('escape the password form and answer HEAD with 401 and no body', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/', password: 'open sesame' });
    const head = await visit(`/${link.short_code}`, { method: 'HEAD' });
    expect(head.status).toBe(401);
    expect(await head.text()).toBe('');
    const huge = await visit(`/${link.short_code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${'x'.repeat(10_000)}`,
    });
    expect(huge.status).toBe(413);
  });

  it('ask first on a protected choice page, then show its options, which open with the unlock cookie', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/', password: 'open sesame' });
    await t.api('PUT', `/links/${link.id}/landing-options`, {
      options: ['https://a.example/one', 'https://b.example/two'],
    });
    const from = nextAddress();
    expect((await visit(`/${link.short_code}`, { from })).status).toBe(200);
    // An option is behind the password too.
    const direct = await visit(`/${link.short_code}/2`, { from });
    expect(await direct.text()).toMatch(/<form method="post">/);

    const opened = await postPassword(`/${link.short_code}`, 'open sesame', from);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(`href="/${link.short_code}/2"`);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      new RegExp(`^hl_p_${link.short_code}=\\d+\\.[\\w-]+; Max-Age=3600; Path=/${link.short_code}; HttpOnly`),
    );
    const pick = await visit(`/${link.short_code}/2`, { from, headers: { cookie: cookie.split(';')[0]! } });
    expect(pick.status).toBe(302);
    expect(pick.headers.get('location')).toBe('https://b.example/two');
    const forged = await visit(`/${link.short_code}/2`, {
      from,
      headers: { cookie: `hl_p_${link.short_code}=9999999999.AAAA` },
    });
    expect(forged.status).toBe(200);
    expect(await clickCount(link.id)).toBe(1);
  });
});

describe('a burst of password guesses', () => {
  it('hashes a bounded few at a time, refuses the rest with 503, and never holds up redirects', async () => {
    const locked = await createLink({ redirect_url: 'https://example.com/locked', password: 'open sesame' });
    const plain = await createLink({ redirect_url: 'https://example.com/plain' });
    // 100 guesses from 100 addresses (no lock-out), all at once.
    const guesses = Array.from({ length: 100 }, (_, i) =>
      postPassword(`/${locked.short_code}`, `guess ${i}`, `81.2.${70 + Math.floor(i / 200)}.${i % 200}`).then(
        (res) => ({ status: res.status, at: performance.now() }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const redirects = await Promise.all(
      Array.from({ length: 20 }, () =>
        visit(`/${plain.short_code}`).then((res) => ({ status: res.status, at: performance.now() })),
      ),
    );
    const answered = await Promise.all(guesses);
    expect(redirects.every((r) => r.status === 302)).toBe(true);
    // The redirects were answered while guesses were still being hashed.
    const lastGuess = Math.max(...answered.map((a) => a.at));
    expect(Math.max(...redirects.map((r) => r.at))).toBeLessThan(lastGuess);
    const statuses = answered.map((a) => a.status);
    // One hash at a time with 32 waiting: the rest are told to come back, not queued.
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(33);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    // 33 scrypt hashes one after another take seconds on a busy 2-core machine.
  }, 60_000);
});

describe('previews for link-preview crawlers', () => {
  it('give crawlers the card, escaped, and count nothing; people still get the redirect', async () => {
    const link = await createLink({
      redirect_url: 'https://example.com/deal',
      preview: { title: 'Deal "of" <the> day', description: 'Cheap & good', image: 'https://img.example/a.png' },
    });
    const card = await visit(`/${link.short_code}`, { headers: { 'user-agent': FACEBOOK } });
    expect(card.status).toBe(200);
    const html = await card.text();
    expect(html).toContain('<meta property="og:title" content="Deal &quot;of&quot; &lt;the&gt; day">');
    expect(html).toContain('<meta property="og:description" content="Cheap &amp; good">');
    expect(html).toContain('<meta property="og:image" content="https://img.example/a.png">');
    expect(html).toContain(`<meta property="og:url" content="http://127.0.0.1/${link.short_code}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('href="https://example.com/deal"');
    expect(html).not.toContain('<the>');
    const person = await visit(`/${link.short_code}`);
    expect(person.status).toBe(302);
    expect(await clickCount(link.id)).toBe(1);
  });
});

describe('A/B variants', () => {
  it('keep each visitor on one variant with a cookie, split by weight, and count clicks per variant', async () => {
    const link = await createLink({
      redirect_url: 'https://example.com/',
      variants: [
        { url: 'https://a.example/', weight: 1 },
        { url: 'https://b.example/', weight: 3 },
      ],
    });
    const first = await visit(`/${link.short_code}`);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      new RegExp(`^hl_v_${link.short_code}=[01]; Max-Age=2592000; Path=/${link.short_code}; HttpOnly; SameSite=Lax`),
    );
    const location = first.headers.get('location');
    for (let i = 0; i < 5; i++) {
      const again = await visit(`/${link.short_code}`, { headers: { cookie: cookie.split(';')[0]! } });
      expect(again.headers.get('location')).toBe(location);
      expect(again.headers.get('set-cookie')).toBeNull();
    }
    const fresh = await Promise.all(Array.from({ length: 194 }, () => visit(`/${link.short_code}`)));
    const toB = fresh.filter((res) => res.headers.get('location') === 'https://b.example/').length;
    // 3 in 4 expected: 145.5 of 194; far outside chance (p < 1e-6) on either side.
    expect(toB).toBeGreaterThan(115);
    expect(toB).toBeLessThan(175);

    await t.ctx.clicks.flush();
    const stats = (await t.api('GET', `/links/${link.id}/stats`)).json();
    const sentToB = toB + (location === 'https://b.example/' ? 6 : 0);
    expect(stats.variants).toEqual([
      { url: 'https://a.example/', clicks: 200 - sentToB },
      { url: 'https://b.example/', clicks: sentToB },
    ]);
  });
});

describe('UTM parameters', () => {
  it('are set on the destination after the affiliate tag, keeping every other byte', async () => {
    await t.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'mine-20' });
    const link = await createLink({
      redirect_url: 'https://www.amazon.com/dp/B0C1234567?utm_source=old&th=1#reviews',
      utm: { source: 'newsletter', campaign: 'black friday' },
    });
    const res = await visit(`/${link.short_code}`);
    expect(res.headers.get('location')).toBe(
      'https://www.amazon.com/dp/B0C1234567?utm_source=newsletter&th=1&tag=mine-20&utm_campaign=black%20friday#reviews',
    );
  });
});

describe('storefront localisation (extensions §4), with addresses the GeoIP database places', () => {
  // Checked against the bundled database: 5.9.0.1 DE, 1.0.16.1 JP, 41.0.0.1 ZA (no Amazon storefront).
  const GERMANY = '5.9.0.1';
  const JAPAN = '1.0.16.1';
  const SOUTH_AFRICA = '41.0.0.1';

  it('sends each visitor to their own storefront with the owner’s tag there, else the original', async () => {
    const { api } = await t.user('business');
    await api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'mine-20' });
    await api('POST', '/affiliates', { affiliate_program_id: 3, tag: 'meins-21' });
    const created = await api('POST', '/links', {
      redirect_url: 'https://www.amazon.com/Gadget/dp/B0C1234567?th=1',
      localize: true,
    });
    expect(created.json().localize).toBe(true);
    const code = created.json().short_code;
    const from = async (address: string) => (await visit(`/${code}`, { from: address })).headers.get('location');
    expect(await from(GERMANY)).toBe('https://www.amazon.de/dp/B0C1234567?tag=meins-21');
    // Japan has a storefront, but the owner has no tag there; South Africa has none.
    expect(await from(JAPAN)).toBe('https://www.amazon.com/Gadget/dp/B0C1234567?th=1&tag=mine-20');
    expect(await from(SOUTH_AFRICA)).toBe('https://www.amazon.com/Gadget/dp/B0C1234567?th=1&tag=mine-20');

    await t.ctx.clicks.flush();
    const stats = (await api('GET', `/links/${created.json().id}/stats?with=storefront,country`)).json();
    expect(stats.storefront).toEqual([{ value: 'amazon.de', clicks: 1 }]);
    expect(stats.country).toEqual([
      { value: 'DE', clicks: 1 },
      { value: 'JP', clicks: 1 },
      { value: 'ZA', clicks: 1 },
    ]);
  });

  it('follows the account default set in the dashboard for links that do not say, at once', async () => {
    const email = `localiser-${Date.now()}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/signup',
      payload: { email, password: 'correct horse' },
    });
    const session = {
      cookie: `hoplink_session=${signUp.cookies.find((c) => c.name === 'hoplink_session')!.value}`,
      'x-csrf-token': signUp.json().csrf_token,
    };
    await t.ctx.uow.transact((work) => changePlan(work, email, 'business'));
    await t.api('POST', '/affiliates', { affiliate_program_id: 3, tag: 'standard-21' }, session);
    await t.ctx.uow.transact((work) => changePlan(work, email, 'free'));
    const link = (
      await t.api('POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B0C7654321' }, session)
    ).json();
    const location = async () => (await visit(`/${link.short_code}`, { from: GERMANY })).headers.get('location');
    expect(await location()).toBe('https://www.amazon.com/dp/B0C7654321');

    const patchSettings = () =>
      t.app.inject({
        method: 'PATCH',
        url: '/dashboard-api/settings',
        headers: session,
        payload: { localize_default: true },
      });
    // A Free account cannot turn on a Business feature's default.
    expect((await patchSettings()).statusCode).toBe(403);
    await t.ctx.uow.transact((work) => changePlan(work, email, 'business'));
    const settings = await patchSettings();
    expect(settings.json()).toEqual({ localize_default: true });
    const read = await t.app.inject({ method: 'GET', url: '/dashboard-api/settings', headers: session });
    expect(read.json()).toEqual({ localize_default: true });
    expect(await location()).toBe('https://www.amazon.de/dp/B0C7654321?tag=standard-21');
    // A link that says no keeps its URL whatever the default.
    await t.api('PATCH', `/links/${link.id}`, { localize: false }, session);
    expect(await location()).toBe('https://www.amazon.com/dp/B0C7654321');
  });

  it('rewrites the country of Apple links', async () => {
    const link = await createLink({ redirect_url: 'https://apps.apple.com/us/app/hoplink/id123456', localize: true });
    const res = await visit(`/${link.short_code}`, { from: JAPAN });
    expect(res.headers.get('location')).toBe('https://apps.apple.com/jp/app/hoplink/id123456');
  });

  it('refuses localize to Pro (403) and leaves links without it alone', async () => {
    const { api } = await t.user('pro');
    expect(
      (await api('POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B0C1234567', localize: true }))
        .statusCode,
    ).toBe(403);
    const plain = await createLink({ redirect_url: 'https://apps.apple.com/us/app/x/id1' });
    expect(plain.localize).toBeNull();
    expect((await visit(`/${plain.short_code}`, { from: JAPAN })).headers.get('location')).toBe(
      'https://apps.apple.com/us/app/x/id1',
    );
  });
});
