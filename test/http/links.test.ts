import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('POST /links', () => {
  it('creates a link with a random 7-character base62 code and answers 201 with the Link', async () => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', { redirect_url: 'https://example.com/page?x=1' });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link.short_code).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(link).toMatchObject({
      short_url: `http://short.test/${link.short_code}`,
      redirect_url: 'https://example.com/page?x=1',
      type: 'simple',
      is_active: true,
      click_count: 0,
      category: null,
      domain: null,
    });
    expect(Object.keys(link).sort()).toEqual([
      'category',
      'click_count',
      'created_at',
      'domain',
      'expired_url',
      'expires_at',
      'has_password',
      'health',
      'id',
      'is_active',
      'is_expired',
      'localize',
      'localize_follows_default',
      'max_clicks',
      'open_in_app',
      'pass_click_id',
      'preview',
      'redirect_url',
      'short_code',
      'short_url',
      'tags',
      'title',
      'tracking_id',
      'type',
      'updated_at',
      'utm',
      'variants',
    ]);
    expect(new Date(link.created_at).toISOString()).toBe(link.created_at);
  });

  it('creates a link with a custom short code and refuses the same code twice', async () => {
    const { api } = await t.user('pro');
    const first = await api('POST', '/links', { redirect_url: 'https://example.com', short_code: 'My-Alias_1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().short_code).toBe('My-Alias_1');
    const other = await t.user('pro');
    const again = await other.api('POST', '/links', { redirect_url: 'https://example.com', short_code: 'My-Alias_1' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.short_code).toEqual(['The short code has already been taken.']);
  });

  it('treats short codes as case-sensitive', async () => {
    const { api } = await t.user('pro');
    expect(
      (await api('POST', '/links', { redirect_url: 'https://example.com', short_code: 'CaseCode' })).statusCode,
    ).toBe(201);
    expect(
      (await api('POST', '/links', { redirect_url: 'https://example.com', short_code: 'casecode' })).statusCode,
    ).toBe(201);
  });

  it.each([
    ['too short', 'ab'],
    ['a slash', 'a/b/c'],
    ['a space', 'has space'],
    ['a reserved word', 'api'],
    ['a reserved word in another case', 'Docs'],
    ['65 characters', 'a'.repeat(65)],
  ])('refuses a custom code with %s', async (_name, code) => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', { redirect_url: 'https://example.com', short_code: code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('short_code');
  });

  it.each([
    ['missing', {}, 'The redirect url field is required.'],
    ['relative', { redirect_url: '/path' }, undefined],
    ['javascript:', { redirect_url: 'javascript:alert(1)' }, undefined],
    ['ftp', { redirect_url: 'ftp://example.com/file' }, undefined],
    ['not a string', { redirect_url: 42 }, 'The redirect url field must be a string.'],
    ['longer than 2048', { redirect_url: `https://example.com/${'a'.repeat(2040)}` }, undefined],
  ])('answers 422 when redirect_url is %s', async (_name, payload, message) => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', payload);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.redirect_url).toBeDefined();
    expect(body.message.startsWith(body.errors.redirect_url[0])).toBe(true);
    if (message) expect(body.errors.redirect_url).toContain(message);
  });

  it('reports every invalid field at once, keyed by field', async () => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', { redirect_url: 'nope', is_active: 'yes', category_id: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['category_id', 'is_active', 'redirect_url']);
    expect(res.json().message).toMatch(/and 2 more errors/);
  });

  it('answers 422 for an unknown category or another user’s category', async () => {
    const owner = await t.user('pro');
    const other = await t.user('pro');
    const category = (await other.api('POST', '/categories', { name: 'Theirs' })).json();
    for (const category_id of [999999, category.id]) {
      const res = await owner.api('POST', '/links', { redirect_url: 'https://example.com', category_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.category_id).toEqual(['The selected category id is invalid.']);
    }
  });

  it('attaches a category and returns it as {id, name}', async () => {
    const { api } = await t.user('pro');
    const category = (await api('POST', '/categories', { name: 'Newsletters' })).json();
    const res = await api('POST', '/links', { redirect_url: 'https://example.com', category_id: category.id });
    expect(res.json().category).toEqual({ id: category.id, name: 'Newsletters' });
  });

  it('creates an inactive link when asked', async () => {
    const { api } = await t.user('pro');
    expect(
      (await api('POST', '/links', { redirect_url: 'https://example.com', is_active: false })).json().is_active,
    ).toBe(false);
  });
});

describe('GET /links/{id}', () => {
  it('includes the targeting conditions, an empty array by default', async () => {
    const { api } = await t.user('pro');
    const id = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json().id;
    const res = await api('GET', `/links/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, conditions: [] });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('answers 404 JSON for the id %s', async (id) => {
    const { api } = await t.user('pro');
    const res = await api('GET', `/links/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });

  it("answers 403 for another user's link", async () => {
    const owner = await t.user('pro');
    const other = await t.user('pro');
    const id = (await owner.api('POST', '/links', { redirect_url: 'https://example.com' })).json().id;
    expect((await other.api('GET', `/links/${id}`)).statusCode).toBe(403);
  });
});

describe('PATCH /links/{id}', () => {
  it('changes only the fields sent', async () => {
    const { api } = await t.user('pro');
    const category = (await api('POST', '/categories', { name: 'Keep' })).json();
    const created = (
      await api('POST', '/links', { redirect_url: 'https://example.com/a', category_id: category.id })
    ).json();
    const res = await api('PATCH', `/links/${created.id}`, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_active: false,
      redirect_url: 'https://example.com/a',
      category: { id: category.id },
      short_code: created.short_code,
    });
    const again = await api('PATCH', `/links/${created.id}`, {
      is_active: true,
      redirect_url: 'https://example.org/b',
    });
    expect(again.json()).toMatchObject({
      is_active: true,
      redirect_url: 'https://example.org/b',
      category: { id: category.id },
    });
  });

  it('removes the category with category_id null', async () => {
    const { api } = await t.user('pro');
    const category = (await api('POST', '/categories', { name: 'Gone' })).json();
    const created = (
      await api('POST', '/links', { redirect_url: 'https://example.com', category_id: category.id })
    ).json();
    expect((await api('PATCH', `/links/${created.id}`, { category_id: null })).json().category).toBeNull();
  });

  it('refuses a non-boolean is_active instead of guessing', async () => {
    const { api } = await t.user('pro');
    const created = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    const res = await api('PATCH', `/links/${created.id}`, { is_active: 'false' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.is_active).toEqual(['The is active field must be true or false.']);
    expect((await api('GET', `/links/${created.id}`)).json().is_active).toBe(true);
  });
});

describe('DELETE /links/{id}', () => {
  it('answers 204 with no body, and the link is gone', async () => {
    const { api } = await t.user('pro');
    const created = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    const res = await api('DELETE', `/links/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await api('GET', `/links/${created.id}`)).statusCode).toBe(404);
  });

  it('accepts a JSON content type with an empty body, as many clients send', async () => {
    const { api, headers } = await t.user('pro');
    const created = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    const res = await t.api('DELETE', `/links/${created.id}`, undefined, {
      ...headers,
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('GET /links', () => {
  it('answers the Laravel pagination envelope', async () => {
    const { api } = await t.user('pro');
    for (let i = 0; i < 5; i++) await api('POST', '/links', { redirect_url: `https://example.com/${i}` });
    const res = await api('GET', '/links?per_page=2&page=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta).toEqual({
      current_page: 2,
      from: 3,
      last_page: 3,
      path: 'http://api.test/api/v1/links',
      per_page: 2,
      to: 4,
      total: 5,
    });
    expect(body.links).toEqual({
      first: 'http://api.test/api/v1/links?per_page=2&page=1',
      last: 'http://api.test/api/v1/links?per_page=2&page=3',
      prev: 'http://api.test/api/v1/links?per_page=2&page=1',
      next: 'http://api.test/api/v1/links?per_page=2&page=3',
    });
    const last = (await api('GET', '/links?per_page=2&page=3')).json();
    expect(last.links.next).toBeNull();
    expect(last.data).toHaveLength(1);
  });

  it('defaults to 15 per page, newest first', async () => {
    const { api } = await t.user('pro');
    const ids: number[] = [];
    for (let i = 0; i < 17; i++)
      ids.push((await api('POST', '/links', { redirect_url: `https://example.com/${i}` })).json().id);
    const body = (await api('GET', '/links')).json();
    expect(body.meta.per_page).toBe(15);
    expect(body.data).toHaveLength(15);
    expect(body.data[0].id).toBe(ids[16]);
  });

  it('lists only the caller’s links', async () => {
    const a = await t.user('pro');
    const b = await t.user('pro');
    await a.api('POST', '/links', { redirect_url: 'https://a.example' });
    const body = (await b.api('GET', '/links')).json();
    expect(body.meta.total).toBe(0);
    expect(body.data).toEqual([]);
    expect(body.meta.from).toBeNull();
  });

  it('sorts by each allowed column in both directions', async () => {
    const { api } = await t.user('pro');
    for (const [code, url] of [
      ['ccc', 'https://b.example'],
      ['aaa', 'https://c.example'],
      ['bbb', 'https://a.example'],
    ]) {
      await api('POST', '/links', { redirect_url: url, short_code: `${code}${Date.now()}` });
    }
    const codes = (q: string) =>
      api('GET', `/links?${q}`).then((r) => r.json().data.map((l: { short_code: string }) => l.short_code.slice(0, 3)));
    expect(await codes('sort=short_code&direction=asc')).toEqual(['aaa', 'bbb', 'ccc']);
    expect(await codes('sort=short_code&direction=desc')).toEqual(['ccc', 'bbb', 'aaa']);
    expect(await codes('sort=redirect_url&direction=asc')).toEqual(['bbb', 'ccc', 'aaa']);
    expect(await codes('sort=id&direction=asc')).toEqual(['ccc', 'aaa', 'bbb']);
    expect(await codes('sort=created_at&direction=asc')).toEqual(['ccc', 'aaa', 'bbb']);
    expect(await codes('sort=click_count')).toHaveLength(3);
  });

  it('filters by category and searches redirect_url and short_code case-insensitively', async () => {
    const { api } = await t.user('pro');
    const cat = (await api('POST', '/categories', { name: `Filter${Date.now()}` })).json();
    await api('POST', '/links', { redirect_url: 'https://shop.example/Summer-Sale', category_id: cat.id });
    await api('POST', '/links', { redirect_url: 'https://blog.example/post', short_code: `SALEcode${Date.now()}` });
    await api('POST', '/links', { redirect_url: 'https://other.example/' });
    expect((await api('GET', `/links?category_id=${cat.id}`)).json().meta.total).toBe(1);
    expect((await api('GET', '/links?search=sale')).json().meta.total).toBe(2);
    expect((await api('GET', '/links?search=SUMMER')).json().meta.total).toBe(1);
    expect((await api('GET', '/links?search=%25')).json().meta.total).toBe(0);
  });

  it('keeps search true through the index: after edits and deletes, for short searches and search syntax', async () => {
    const { api } = await t.user('pro');
    const count = async (search: string) =>
      (await api('GET', `/links?search=${encodeURIComponent(search)}`)).json().meta.total;
    // Own codes: a random one could hold "al" itself.
    const a = (
      await api('POST', '/links', {
        redirect_url: 'https://one.example/alpha',
        short_code: `one-${Date.now()}`,
        title: 'Quoted "deal" *now*',
      })
    ).json();
    const b = (
      await api('POST', '/links', { redirect_url: 'https://two.example/beta-50%_off', short_code: `two-${Date.now()}` })
    ).json();
    expect(await count('alpha')).toBe(1);
    expect(await count('al')).toBe(1);
    expect(await count('"deal"')).toBe(1);
    expect(await count('*now*')).toBe(1);
    expect(await count('deal AND beta')).toBe(0);
    expect(await count('50%_off')).toBe(1);
    expect(await count('ALPHA')).toBe(1);
    await api('PATCH', `/links/${a.id}`, { redirect_url: 'https://one.example/gamma', title: null });
    expect(await count('alpha')).toBe(0);
    expect(await count('gamma')).toBe(1);
    expect(await count('deal')).toBe(0);
    await api('DELETE', `/links/${b.id}`);
    expect(await count('beta')).toBe(0);
    // Another user's links are never in the answer.
    const other = await t.user('pro');
    await other.api('POST', '/links', { redirect_url: 'https://one.example/gamma-too' });
    expect(await count('gamma')).toBe(1);
  });

  it('indexes changed links for search in the background (SQLite: migration 011)', async () => {
    const { api } = await t.user('pro');
    await api('POST', '/links', { redirect_url: 'https://queued.example/waiting' });
    const queued = () => t.ctx.uow.read((stores) => stores.links.hasQueued());
    await expect.poll(queued, { timeout: 3_000 }).toBe(false);
    expect((await api('GET', '/links?search=queued.example')).json().meta.total).toBe(1);
  });

  it.each([
    'per_page=0',
    'per_page=101',
    'per_page=abc',
    'page=0',
    'page=-1',
    'sort=name',
    'direction=up',
    'category_id=x',
  ])('answers 422 for %s', async (query) => {
    const { api } = await t.user('pro');
    const res = await api('GET', `/links?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[query.split('=')[0]!]).toBeDefined();
  });

  it('accepts per_page 100', async () => {
    const { api } = await t.user('pro');
    expect((await api('GET', '/links?per_page=100')).json().meta.per_page).toBe(100);
  });
});
