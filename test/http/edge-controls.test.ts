import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { changePlan } from '../../src/services/accounts.ts';
import { useTestApp } from '../helpers/app.ts';
import { linkTools, useEdge } from '../helpers/edge.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';

// Link controls (docs/api.md) on the short host: expiry, click limits, passwords, previews, variants and UTM,
// through a real server on loopback.
const t = useTestApp(
  { SHORT_PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', SHORT_URL: 'http://127.0.0.1' },
  { user: 'business' },
);
const edge = useEdge(t);

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
  /** The `name=value` pairs of an answer's Set-Cookie headers, as a browser sends them back. */
  const sent = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((setCookie) => setCookie.split(';')[0]!)
      .join('; ');
  /** Only the unlock, without the mark of the 303 (a later visit of the same browser). */
  const unlockOnly = (cookie: string) => cookie.split('; ').find((pair) => pair.startsWith('hl_p_'))!;
  const unlockCookiePattern = (code: string) =>
    new RegExp(`^hl_p_${code}=\\d+\\.[\\w-]+; Max-Age=3600; Path=/${code}; HttpOnly; SameSite=Lax$`);
  const formReturnSet = (code: string) => `hl_f_${code}=1; Max-Age=60; Path=/${code}; HttpOnly; SameSite=Lax`;
  const formReturnClear = (code: string) => `hl_f_${code}=; Max-Age=0; Path=/${code}; HttpOnly; SameSite=Lax`;
  /** The continue page's destination: its meta refresh and its link, both escaped. */
  const continuesTo = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'none'/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    const refresh = /<meta http-equiv="refresh" content="0;url=([^"]*)">/.exec(html)?.[1];
    expect(html).toContain(`<a href="${refresh}"`);
    return refresh;
  };

  it('ask for the password uncounted; the right one sends the browser back with a cookie, counted once', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/secret?a=1&b=2', password: 'open sesame' });
    const from = nextAddress();
    const page = await visit(`/${link.short_code}`, { from });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toMatch(/<form method="post">/);
    expect(html).not.toContain('example.com/secret');
    expect(await clickCount(link.id)).toBe(0);

    // 303 to the same URL (its campaign query kept), never to the destination: a browser checks
    // every redirect after a form against the form page's form-action 'self'.
    const right = await postPassword(`/${link.short_code}?utm_source=news&x=a b`, 'open sesame', from);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/${link.short_code}?utm_source=news&x=a%20b`);
    expect(right.headers.get('cache-control')).toBe('private, no-store');
    expect(right.headers.getSetCookie()).toEqual([
      expect.stringMatching(unlockCookiePattern(link.short_code)),
      formReturnSet(link.short_code),
    ]);
    expect(await clickCount(link.id)).toBe(0);

    // The GET it leads to: a page that sends the browser on, counted as the one click.
    const cookie = sent(right);
    const opened = await visit(`/${link.short_code}?utm_source=news`, { from, headers: { cookie } });
    expect(opened.headers.getSetCookie()).toEqual([formReturnClear(link.short_code)]);
    expect(await continuesTo(opened)).toBe('https://example.com/secret?a=1&amp;b=2');
    expect(await clickCount(link.id)).toBe(1);
    const recorded = await t.ctx.database.db
      .selectFrom('clicks')
      .select('utm_source')
      .where('link_id', '=', link.id)
      .execute();
    expect(recorded).toEqual([{ utm_source: 'news' }]);

    // Later visits with the unlock alone are no form submission: a plain 302, counted.
    const later = await visit(`/${link.short_code}`, { from, headers: { cookie: unlockOnly(cookie) } });
    expect(later.status).toBe(302);
    expect(later.headers.get('location')).toBe('https://example.com/secret?a=1&b=2');
    expect(await clickCount(link.id)).toBe(2);

    // HEAD with the cookie: the same answer, not counted; without it: 401.
    const head = await visit(`/${link.short_code}`, { method: 'HEAD', from, headers: { cookie: unlockOnly(cookie) } });
    expect(head.status).toBe(302);
    expect(await head.text()).toBe('');
    expect((await visit(`/${link.short_code}`, { method: 'HEAD', from })).status).toBe(401);
    expect(await clickCount(link.id)).toBe(2);
  });

  it('answer a wrong password with 401 and the form, then 429 with Retry-After after 5 wrong tries', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/secret', password: 'open sesame' });
    const from = nextAddress();
    for (let i = 0; i < 5; i++) {
      const wrong = await postPassword(`/${link.short_code}`, `guess ${i}`, from);
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('set-cookie')).toBeNull();
      expect(await wrong.text()).toMatch(/not right/);
    }
    const locked = await postPassword(`/${link.short_code}`, 'open sesame', from);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await locked.text()).toMatch(/Too many wrong tries/);
    // Another address is not locked out, and the link itself still works.
    const other = await postPassword(`/${link.short_code}`, 'open sesame', nextAddress());
    expect(other.status).toBe(303);
    expect(await clickCount(link.id)).toBe(0);
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

    const right = await postPassword(`/${link.short_code}`, 'open sesame', from);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/${link.short_code}`);
    const cookie = sent(right);
    expect(await clickCount(link.id)).toBe(0);
    const opened = await visit(`/${link.short_code}`, { from, headers: { cookie } });
    expect(opened.status).toBe(200);
    expect(opened.headers.getSetCookie()).toEqual([formReturnClear(link.short_code)]);
    expect(await opened.text()).toContain(`href="/${link.short_code}/2"`);

    // An option is a link on the page, not the form: a plain 302 with the unlock.
    const pick = await visit(`/${link.short_code}/2`, { from, headers: { cookie: unlockOnly(cookie) } });
    expect(pick.status).toBe(302);
    expect(pick.headers.get('location')).toBe('https://b.example/two');
    const forged = await visit(`/${link.short_code}/2`, {
      from,
      headers: { cookie: `hl_p_${link.short_code}=9999999999.AAAA` },
    });
    expect(forged.status).toBe(200);
    expect(await forged.text()).toMatch(/<form method="post">/);
    // The choice page's view is the click; the pick is recorded, not counted.
    expect(await clickCount(link.id)).toBe(1);

    // The password posted on an option's own page comes back to that option.
    const onOption = await postPassword(`/${link.short_code}/2`, 'open sesame', from);
    expect(onOption.status).toBe(303);
    expect(onOption.headers.get('location')).toBe(`/${link.short_code}/2`);
  });

  it('never let one link’s cookie open another, nor outlive a password change; a POST always checks', async () => {
    const a = await createLink({ redirect_url: 'https://example.com/a', password: 'open sesame' });
    const b = await createLink({ redirect_url: 'https://example.com/b', password: 'open sesame' });
    const from = nextAddress();
    const cookieA = sent(await postPassword(`/${a.short_code}`, 'open sesame', from));
    const unlockA = unlockOnly(cookieA);
    const valueA = unlockA.slice(unlockA.indexOf('=') + 1);
    expect(await continuesTo(await visit(`/${a.short_code}`, { from, headers: { cookie: cookieA } }))).toBe(
      'https://example.com/a',
    );

    // A's cookie sent to B, as it is or under B's name: B still asks.
    for (const cookie of [cookieA, `hl_p_${b.short_code}=${valueA}`]) {
      const res = await visit(`/${b.short_code}`, { from, headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/<form method="post">/);
    }
    // A cookie does not stand in for the password in a POST.
    expect((await postPassword(`/${a.short_code}`, 'wrong', from, cookieA)).status).toBe(401);

    // A new password voids every cookie given under the old one.
    expect((await t.api('PATCH', `/links/${a.id}`, { password: 'a new secret' })).statusCode).toBe(200);
    const after = await visit(`/${a.short_code}`, { from, headers: { cookie: cookieA } });
    expect(await after.text()).toMatch(/<form method="post">/);
    expect(await clickCount(a.id)).toBe(1);
    expect(await clickCount(b.id)).toBe(0);
  });

  it('send a visitor whose link ran out meanwhile to its expired_url with a page, not a blocked 302', async () => {
    const link = await createLink({
      redirect_url: 'https://example.com/limited',
      password: 'open sesame',
      max_clicks: 1,
      expired_url: 'https://example.com/over',
    });
    const first = nextAddress();
    const second = nextAddress();
    const cookie = sent(await postPassword(`/${link.short_code}`, 'open sesame', first));
    expect(await continuesTo(await visit(`/${link.short_code}`, { from: first, headers: { cookie } }))).toBe(
      'https://example.com/limited',
    );
    // The second visitor had the form open while the first used the last click.
    expect(await continuesTo(await postPassword(`/${link.short_code}`, 'open sesame', second))).toBe(
      'https://example.com/over',
    );
    expect(await continuesTo(await visit(`/${link.short_code}`, { from: first, headers: { cookie } }))).toBe(
      'https://example.com/over',
    );
    // A visitor who never saw the form gets the ordinary 302.
    const fresh = await visit(`/${link.short_code}`, { from: nextAddress() });
    expect(fresh.status).toBe(302);
    expect(fresh.headers.get('location')).toBe('https://example.com/over');
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
    // One hash at a time, and one link's guesses wait in at most 8 of the 32 places: the rest are
    // told to come back, not queued.
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(9);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    // 9 scrypt hashes one after another take seconds on a busy 2-core machine.
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

describe('the preview page’s og:url', () => {
  /** fetch() may not set Host, so these visits go through node:http. */
  const crawlAs = (host: string, path: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(`${edge.url}${path}`, { headers: { host, 'user-agent': FACEBOOK } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
  const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1];
  const preview = { title: 'Deal', description: null, image: null };

  it('is the link’s own short URL, never a Host header that fell through to the default host', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/deal', preview });
    expect(ogUrl(await crawlAs('evil.example', `/${link.short_code}`))).toBe(`http://127.0.0.1/${link.short_code}`);
    expect(ogUrl(await crawlAs('127.0.0.1', `/${link.short_code}`))).toBe(`http://127.0.0.1/${link.short_code}`);
  });

  it('is https://<custom domain>/<code> for a link on a custom domain', async () => {
    const now = new Date().toISOString();
    const domain = await t.ctx.database.db
      .insertInto('domains')
      .values({
        workspace_id: t.defaultUser.user.workspaceId,
        hostname: 'go.preview.test',
        status: 'active',
        verification_token: 'x',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await createLink({ redirect_url: 'https://example.com/deal', preview, domain_id: domain.id });
    expect(ogUrl(await crawlAs('GO.preview.test:8443', `/${link.short_code}`))).toBe(
      `https://go.preview.test/${link.short_code}`,
    );
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

describe('storefront localisation (docs/api.md), with addresses the GeoIP database places', () => {
  // Checked against the bundled database: 5.9.0.1 DE, 1.0.16.1 JP, 41.0.0.1 ZA (no Amazon storefront).
  const GERMANY = '5.9.0.1';
  const JAPAN = '1.0.16.1';
  const SOUTH_AFRICA = '41.0.0.1';
  const UNITED_KINGDOM = '81.2.69.142';
  const UNITED_STATES = '8.8.8.8';

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
    // Every visit counts where it went: Japan and South Africa stayed on amazon.com.
    expect(stats.storefront).toEqual([
      { value: 'amazon.com', clicks: 2 },
      { value: 'amazon.de', clicks: 1 },
    ]);
    expect(stats.country).toEqual([
      { value: 'DE', clicks: 1 },
      { value: 'JP', clicks: 1 },
      { value: 'ZA', clicks: 1 },
    ]);
  });

  it('counts every visit of a localising link by its storefront, the original one included', async () => {
    const { api } = await t.user('business');
    for (const [program, tag] of [
      [1, 'us-20'],
      [2, 'uk-21'],
      [3, 'de-21'],
    ] as const)
      await api('POST', '/affiliates', { affiliate_program_id: program, tag });
    const link = (
      await api('POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B0C1234567', localize: true })
    ).json();
    for (const address of [GERMANY, GERMANY, UNITED_KINGDOM, UNITED_STATES])
      await visit(`/${link.short_code}`, { from: address });
    await t.ctx.clicks.flush();
    const stats = (await api('GET', `/links/${link.id}/stats?with=storefront`)).json();
    expect(stats.storefront).toEqual([
      { value: 'amazon.de', clicks: 2 },
      { value: 'amazon.co.uk', clicks: 1 },
      { value: 'amazon.com', clicks: 1 },
    ]);
  });

  it('reads localize as the value that applies, and says when it follows the default', async () => {
    const { api } = await t.user('business');
    const follows = (await api('POST', '/links', { redirect_url: 'https://www.amazon.com/dp/B0C1234567' })).json();
    expect(follows).toMatchObject({ localize: false, localize_follows_default: true });
    const own = (await api('POST', '/links', { redirect_url: 'https://example.com/', localize: true })).json();
    expect(own).toMatchObject({ localize: true, localize_follows_default: false });
    const off = (await api('PATCH', `/links/${own.id}`, { localize: false })).json();
    expect(off).toMatchObject({ localize: false, localize_follows_default: false });
    const back = (await api('PATCH', `/links/${own.id}`, { localize: null })).json();
    expect(back).toMatchObject({ localize: false, localize_follows_default: true });
    const listed = (await api('GET', '/links')).json().data;
    expect(listed.map((l: { localize: unknown }) => typeof l.localize)).toEqual(['boolean', 'boolean']);
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
    expect(plain).toMatchObject({ localize: false, localize_follows_default: true });
    expect((await visit(`/${plain.short_code}`, { from: JAPAN })).headers.get('location')).toBe(
      'https://apps.apple.com/us/app/x/id1',
    );
  });
});
