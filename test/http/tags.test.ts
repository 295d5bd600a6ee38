import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { clickEvent } from '../helpers/clicks.ts';

// Tags (docs/api.md#tags): many per link, CRUD at /tags, the list's and the account stats' `tag`
// filter, and PATCH /links/bulk.
const t = useTestApp();

type User = Awaited<ReturnType<typeof t.user>>;
const linkOf = async (user: User, body: Record<string, unknown> = {}) => {
  const res = await user.api('POST', '/links', { redirect_url: 'https://example.com/', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const names = (link: { tags: { name: string }[] }) => link.tags.map((tag) => tag.name);

describe('tags on links', () => {
  it('creates the tags a link names, once whatever the case, and shows them by name with their colour', async () => {
    const user = await t.user('pro');
    const link = await linkOf(user, { tags: ['Summer', 'newsletter', 'summer ', 'Black Friday'] });
    expect(names(link)).toEqual(['Black Friday', 'newsletter', 'Summer']);
    for (const tag of link.tags)
      expect(tag).toEqual({ id: expect.any(Number), name: tag.name, color: expect.any(String) });
    // The same name in another case is the same tag.
    const other = await linkOf(user, { tags: ['SUMMER'] });
    expect(other.tags).toEqual([link.tags.find((tag: { name: string }) => tag.name === 'Summer')]);
    expect((await user.api('GET', `/links/${link.id}`)).json().tags).toEqual(link.tags);
  });

  it('replaces the tags on PATCH, and keeps them when tags is not sent', async () => {
    const user = await t.user('pro');
    const link = await linkOf(user, { tags: ['a', 'b'] });
    const kept = (await user.api('PATCH', `/links/${link.id}`, { title: 'Renamed' })).json();
    expect(names(kept)).toEqual(['a', 'b']);
    const replaced = (await user.api('PATCH', `/links/${link.id}`, { tags: ['b', 'c'] })).json();
    expect(names(replaced)).toEqual(['b', 'c']);
    expect(names((await user.api('PATCH', `/links/${link.id}`, { tags: [] })).json())).toEqual([]);
  });

  it('refuses more than 20 tags, names over 50 characters or blank, and tags on the Free plan', async () => {
    const user = await t.user('pro');
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    const tooMany = await user.api('POST', '/links', { redirect_url: 'https://example.com/', tags: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toHaveProperty('tags');
    const long = await user.api('POST', '/links', { redirect_url: 'https://example.com/', tags: ['x'.repeat(51)] });
    expect(long.statusCode).toBe(422);
    const blank = await user.api('POST', '/links', { redirect_url: 'https://example.com/', tags: ['  '] });
    expect(blank.statusCode).toBe(422);
  });

  it('refuses tags to the Free plan, which uses them only through the dashboard (403)', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/dashboard-api/signup',
      payload: { email: `free-tags-${Date.now()}@example.com`, password: 'correct horse' },
    });
    const session = {
      cookie: `hoplink_session=${signUp.cookies.find((c) => c.name === 'hoplink_session')!.value}`,
      'x-csrf-token': signUp.json().csrf_token,
    };
    const refused = await t.api('POST', '/links', { redirect_url: 'https://example.com/', tags: ['a'] }, session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Tags requires the Pro or Business plan.');
    expect((await t.api('POST', '/tags', { name: 'a' }, session)).statusCode).toBe(403);
    const plain = await t.api('POST', '/links', { redirect_url: 'https://example.com/' }, session);
    expect(plain.json().tags).toEqual([]);
  });

  it('lists the links carrying any of the tags named, in any case', async () => {
    const user = await t.user('pro');
    const summer = await linkOf(user, { tags: ['Summer'] });
    const both = await linkOf(user, { tags: ['Summer', 'Sale'] });
    const sale = await linkOf(user, { tags: ['Sale'] });
    await linkOf(user);
    const ids = async (query: string) =>
      (await user.api('GET', `/links?${query}`)).json().data.map((link: { id: number }) => link.id);
    expect(await ids('tag=summer')).toEqual([both.id, summer.id]);
    expect(await ids('tag=SUMMER,sale')).toEqual([sale.id, both.id, summer.id]);
    expect(await ids('tag=nothing')).toEqual([]);
    const tooMany = await user.api('GET', `/links?tag=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`);
    expect(tooMany.statusCode).toBe(422);
    // Another workspace's tag of the same name names none of these links.
    const other = await t.user('pro');
    await linkOf(other, { tags: ['Summer'] });
    expect(await ids('tag=summer')).toEqual([both.id, summer.id]);
  });
});

describe('/tags', () => {
  it('creates, lists with link counts, renames, recolours and deletes; its links stay', async () => {
    const user = await t.user('pro');
    const created = await user.api('POST', '/tags', { name: 'Partners', color: 'green' });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toMatchObject({ name: 'Partners', color: 'green', link_count: 0 });
    const link = await linkOf(user, { tags: ['partners', 'Other'] });
    const listed = (await user.api('GET', '/tags')).json().data;
    expect(listed.map((row: { name: string; link_count: number }) => [row.name, row.link_count])).toEqual([
      ['Other', 1],
      ['Partners', 1],
    ]);
    const renamed = await user.api('PATCH', `/tags/${tag.id}`, { name: 'Affiliates', color: 'purple' });
    expect(renamed.json()).toMatchObject({ name: 'Affiliates', color: 'purple', link_count: 1 });
    expect(names((await user.api('GET', `/links/${link.id}`)).json())).toEqual(['Affiliates', 'Other']);
    expect((await user.api('DELETE', `/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await user.api('GET', `/tags/${tag.id}`)).statusCode).toBe(404);
    expect(names((await user.api('GET', `/links/${link.id}`)).json())).toEqual(['Other']);
  });

  it('keeps names unique per workspace whatever the case, refuses unknown colours, and 404/403 by owner', async () => {
    const user = await t.user('pro');
    const tag = (await user.api('POST', '/tags', { name: 'Promo' })).json();
    const duplicate = await user.api('POST', '/tags', { name: 'PROMO' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toHaveProperty('name');
    expect((await user.api('POST', '/tags', { name: 'Teal', color: 'teal' })).statusCode).toBe(422);
    expect((await user.api('POST', '/tags', { name: 'x'.repeat(51) })).statusCode).toBe(422);
    const other = await t.user('pro');
    expect((await other.api('POST', '/tags', { name: 'Promo' })).statusCode).toBe(201);
    expect((await other.api('PATCH', `/tags/${tag.id}`, { color: 'red' })).statusCode).toBe(403);
    expect((await other.api('GET', '/tags/999999')).statusCode).toBe(404);
  });
});

describe('PATCH /links/bulk', () => {
  it('adds and removes tags on each link, answering per id', async () => {
    const user = await t.user('pro');
    const a = await linkOf(user, { tags: ['Old'] });
    const b = await linkOf(user);
    const stranger = await t.user('pro');
    const foreign = await linkOf(stranger);
    const res = await user.api('PATCH', '/links/bulk', {
      ids: [a.id, b.id, foreign.id, 999_999, a.id],
      add_tags: ['New', 'Sale'],
      remove_tags: ['old'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.updated.map((link: { id: number }) => link.id)).toEqual([a.id, b.id]);
    for (const link of body.updated) expect(names(link)).toEqual(['New', 'Sale']);
    expect(body.errors).toEqual([
      { id: foreign.id, message: 'This link does not belong to you.' },
      { id: 999_999, message: 'Link not found.' },
    ]);
    expect(names((await stranger.api('GET', `/links/${foreign.id}`)).json())).toEqual([]);
  });

  it('applies the fields of PATCH to each link, and refuses a 21st tag for that link alone', async () => {
    const user = await t.user('pro');
    const full = await linkOf(user, { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) });
    const empty = await linkOf(user);
    const res = await user.api('PATCH', '/links/bulk', { ids: [full.id, empty.id], is_active: false, add_tags: ['x'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toMatchObject([{ id: empty.id, is_active: false, tags: [{ name: 'x' }] }]);
    expect(res.json().errors).toEqual([{ id: full.id, message: 'A link carries at most 20 tags.' }]);
    // The refused link is left exactly as it was.
    expect((await user.api('GET', `/links/${full.id}`)).json()).toMatchObject({ is_active: true });
  });

  it('bounds ids to 1-100, refuses tags with add_tags, and 403s Business fields for Pro', async () => {
    const user = await t.user('pro');
    const link = await linkOf(user);
    expect((await user.api('PATCH', '/links/bulk', { ids: [], is_active: true })).statusCode).toBe(422);
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await user.api('PATCH', '/links/bulk', { ids, is_active: true })).statusCode).toBe(422);
    const both = await user.api('PATCH', '/links/bulk', { ids: [link.id], tags: ['a'], add_tags: ['b'] });
    expect(both.statusCode).toBe(422);
    const business = await user.api('PATCH', '/links/bulk', { ids: [link.id], localize: true });
    expect(business.statusCode).toBe(403);
  });
});

describe('GET /stats?tag=', () => {
  const write = (events: ReturnType<typeof clickEvent>[]) =>
    t.ctx.uow.transact(({ stores }) => stores.clicks.writeBatch(events));

  it('restricts the totals, the trend and the top links to the links carrying the tag', async () => {
    const user = await t.user('business');
    const tagged = await linkOf(user, { tags: ['Campaign'] });
    const untagged = await linkOf(user);
    const now = new Date().toISOString();
    await write([
      clickEvent(tagged.id, { at: now, visitor: 'v1' }),
      clickEvent(tagged.id, { at: now, visitor: 'v2' }),
      clickEvent(untagged.id, { at: now, visitor: 'v3' }),
    ]);
    const all = (await user.api('GET', '/stats')).json();
    expect(all.total_clicks).toBe(3);
    const res = await user.api('GET', '/stats?tag=campaign');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_clicks: 2, unique_clicks: 2, clicks_this_month: 2 });
    expect(body.trend.at(-1)).toMatchObject({ clicks: 2, unique_clicks: 2 });
    expect(body.top_links).toEqual([{ id: tagged.id, short_code: tagged.short_code, clicks: 2 }]);
    expect((await user.api('GET', '/stats?tag=nothing')).json()).toMatchObject({ total_clicks: 0, top_links: [] });
  });
});
