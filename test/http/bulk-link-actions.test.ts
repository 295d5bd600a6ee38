import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/services/events.ts';
import { useEdge } from '../helpers/edge.ts';
import { useTestApp } from '../helpers/app.ts';

// The Links page's bulk bar: POST /dashboard-api/links/bulk-action with the session cookie and CSRF header.
const t = useTestApp({
  SHORT_PORT: '0',
  HOST: '127.0.0.1',
  SHORT_URL: 'http://127.0.0.1',
  // Each person gets a session of their own; 40 a minute is room for every test here but the budget's.
  RATE_LIMIT_SESSION: '40',
});
const edge = useEdge(t);

let n = 0;
/** A new person signed up through the dashboard (free plan), with helpers that send their cookie and CSRF token. */
async function person() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/dashboard-api/signup',
    payload: { email: `bulk${++n}-${Date.now()}@example.com`, password: 'correct horse' },
    remoteAddress: `198.51.100.${n}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = `hoplink_session=${res.cookies.find((c) => c.name === 'hoplink_session')!.value}`;
  const csrf: string = res.json().csrf_token;
  const headers = { cookie, 'x-csrf-token': csrf };
  return {
    headers,
    bulk: (payload: unknown, extra: Record<string, string> = headers) =>
      t.app.inject({
        method: 'POST',
        url: '/dashboard-api/links/bulk-action',
        headers: extra,
        payload: payload as object,
      }),
    async link(path: string) {
      const created = await t.api('POST', '/links', { redirect_url: `https://example.com/${path}` }, headers);
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as { id: number; short_code: string };
    },
    async category(name: string) {
      const created = await t.api('POST', '/categories', { name }, headers);
      expect(created.statusCode, created.body).toBe(201);
      return created.json() as { id: number };
    },
    async read(id: number) {
      return t.api('GET', `/links/${id}`, undefined, headers);
    },
  };
}

const visit = (code: string) => fetch(`${edge.url}/${code}`, { redirect: 'manual' });

describe('bulk actions on links from the dashboard', () => {
  it('deactivates, activates, moves and deletes the selected links in one call each, answering per id', async () => {
    const me = await person();
    const [a, b, c] = [await me.link('a'), await me.link('b'), await me.link('c')];
    const shop = await me.category('Shop');

    const off = await me.bulk({ action: 'deactivate', ids: [a.id, b.id] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      results: [
        { id: a.id, ok: true },
        { id: b.id, ok: true },
      ],
      succeeded: 2,
      failed: 0,
    });
    expect((await me.read(a.id)).json().is_active).toBe(false);
    expect((await me.read(c.id)).json().is_active).toBe(true);

    expect((await me.bulk({ action: 'activate', ids: [a.id] })).json().succeeded).toBe(1);
    expect((await me.read(a.id)).json().is_active).toBe(true);

    const moved = await me.bulk({ action: 'move', ids: [b.id, c.id], category_id: shop.id });
    expect(moved.json().succeeded).toBe(2);
    expect((await me.read(c.id)).json().category).toMatchObject({ id: shop.id, name: 'Shop' });
    const out = await me.bulk({ action: 'move', ids: [c.id], category_id: null });
    expect(out.json().succeeded).toBe(1);
    expect((await me.read(c.id)).json().category).toBeNull();

    const gone = await me.bulk({ action: 'delete', ids: [a.id, c.id, a.id] });
    expect(gone.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect((await me.read(a.id)).statusCode).toBe(404);
    expect((await me.read(c.id)).statusCode).toBe(404);
    expect((await me.read(b.id)).statusCode).toBe(200);
  });

  it("refuses another person's link by id and leaves it as it was, while doing the caller's own", async () => {
    const me = await person();
    const other = await person();
    const mine = await me.link('mine');
    const theirs = await other.link('theirs');

    const off = await me.bulk({ action: 'deactivate', ids: [theirs.id, mine.id, 999_999_999] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      results: [
        { id: theirs.id, ok: false, message: 'This link does not belong to you.' },
        { id: mine.id, ok: true },
        { id: 999_999_999, ok: false, message: 'Link not found.' },
      ],
      succeeded: 1,
      failed: 2,
    });
    expect((await other.read(theirs.id)).json().is_active).toBe(true);

    const gone = await me.bulk({ action: 'delete', ids: [theirs.id] });
    expect(gone.json()).toMatchObject({ succeeded: 0, failed: 1 });
    expect((await other.read(theirs.id)).statusCode).toBe(200);

    // Their category cannot be named either: the whole call is a 422 at category_id and nothing moves.
    const theirCategory = await other.category('Theirs');
    const moved = await me.bulk({ action: 'move', ids: [mine.id], category_id: theirCategory.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.category_id).toEqual(['The selected category id is invalid.']);
    expect((await me.read(mine.id)).json().category).toBeNull();
  });

  it('takes at most 100 ids and at least one, a known action, and a category to move into', async () => {
    const me = await person();
    const link = await me.link('bounds');
    const ids = Array.from({ length: 101 }, (_, i) => 900_000_000 + i);
    const tooMany = await me.bulk({ action: 'delete', ids });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['ids']);
    expect((await me.bulk({ action: 'delete', ids: [] })).statusCode).toBe(422);
    expect((await me.bulk({ action: 'archive', ids: [link.id] })).statusCode).toBe(422);
    expect((await me.bulk({ action: 'delete', ids: [0] })).statusCode).toBe(422);
    const noCategory = await me.bulk({ action: 'move', ids: [link.id] });
    expect(noCategory.statusCode).toBe(422);
    expect(Object.keys(noCategory.json().errors)).toEqual(['category_id']);
    expect((await me.read(link.id)).statusCode).toBe(200);

    const hundred = await me.bulk({ action: 'deactivate', ids: [link.id, ...ids.slice(1, 100)] });
    expect(hundred.statusCode).toBe(200);
    expect(hundred.json()).toMatchObject({ succeeded: 1, failed: 99 });
  });

  it('needs the session cookie and its CSRF header, before looking at the body', async () => {
    const me = await person();
    const link = await me.link('csrf');
    const noCsrf = await me.bulk({ action: 'delete', ids: [link.id] }, { cookie: me.headers.cookie });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe('CSRF token mismatch.');
    const wrongCsrf = await me.bulk(
      { action: 'delete', ids: [link.id] },
      { cookie: me.headers.cookie, 'x-csrf-token': 'x'.repeat(32) },
    );
    expect(wrongCsrf.statusCode).toBe(403);
    expect((await me.bulk({ action: 'nonsense' }, { cookie: me.headers.cookie })).statusCode).toBe(403);
    expect((await me.bulk({ action: 'delete', ids: [link.id] }, {})).statusCode).toBe(401);
    expect((await me.read(link.id)).statusCode).toBe(200);
  });

  it("spends one request of the session's budget a call, the same budget its /api/v1 calls spend", async () => {
    const me = await person();
    const link = await me.link('budget'); // 1 of the 40
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await me.bulk({ action: 'deactivate', ids: [link.id] })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(39);
    const refused = await me.bulk({ action: 'activate', ids: [link.id] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
  });

  it('tells the redirect cache after the commit: a visited link answers 404 on its next visit', async () => {
    const me = await person();
    const [a, b] = [await me.link('cache-a'), await me.link('cache-b')];
    expect((await visit(a.short_code)).status).toBe(302);
    expect((await visit(b.short_code)).status).toBe(302);
    // The two visits are written first: a click row for a link deleted meanwhile is the pipeline's to drop.
    await t.ctx.clicks.flush();
    const events: AppEvent[] = [];
    const stop = t.ctx.events.subscribe((event) => events.push(event));
    try {
      await me.bulk({ action: 'deactivate', ids: [a.id] });
      await me.bulk({ action: 'delete', ids: [b.id] });
    } finally {
      stop();
    }
    expect(events.map((e) => 'link' in e && [e.kind, e.link.id])).toEqual([
      ['updated', a.id],
      ['deleted', b.id],
    ]);
    expect((await visit(a.short_code)).status).toBe(404);
    expect((await visit(b.short_code)).status).toBe(404);
  });
});
