import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('categories', () => {
  it('creates, lists in the {data} shape, renames and deletes', async () => {
    const { api } = await t.user('pro');
    const created = await api('POST', '/categories', { name: 'Social' });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name: 'Social' });
    expect(Object.keys(category).sort()).toEqual(['created_at', 'id', 'name', 'updated_at']);
    const list = (await api('GET', '/categories')).json();
    expect(list).toEqual({ data: [category] });
    const renamed = await api('PATCH', `/categories/${category.id}`, { name: 'Social media' });
    expect(renamed.json().name).toBe('Social media');
    expect((await api('DELETE', `/categories/${category.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/categories/${category.id}`)).statusCode).toBe(404);
  });

  it('keeps names unique per user, not across users', async () => {
    const a = await t.user('pro');
    const b = await t.user('pro');
    expect((await a.api('POST', '/categories', { name: 'Promo' })).statusCode).toBe(201);
    const dup = await a.api('POST', '/categories', { name: 'Promo' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['The name has already been taken.']);
    expect((await b.api('POST', '/categories', { name: 'Promo' })).statusCode).toBe(201);
  });

  it('leaves links with category null when their category is deleted', async () => {
    const { api } = await t.user('pro');
    const category = (await api('POST', '/categories', { name: 'Temp' })).json();
    const link = (
      await api('POST', '/links', { redirect_url: 'https://example.com', category_id: category.id })
    ).json();
    await api('DELETE', `/categories/${category.id}`);
    const after = await api('GET', `/links/${link.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().category).toBeNull();
  });

  it("answers 403 for another user's category and 422 for an empty name", async () => {
    const a = await t.user('pro');
    const b = await t.user('pro');
    const category = (await a.api('POST', '/categories', { name: 'Mine' })).json();
    expect((await b.api('DELETE', `/categories/${category.id}`)).statusCode).toBe(403);
    const empty = await a.api('POST', '/categories', { name: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toEqual(['The name field is required.']);
  });

  it('refuses a name of spaces only with 422 at the name, on create and on rename, and trims names', async () => {
    const { api } = await t.user('pro');
    const blank = await api('POST', '/categories', { name: ' \t  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    const created = await api('POST', '/categories', { name: '  Spring sale  ' });
    expect(created.json().name).toBe('Spring sale');
    const renamed = await api('PATCH', `/categories/${created.json().id}`, { name: '   ' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ name: ['The name field is required.'] });
    expect((await api('GET', `/categories/${created.json().id}`)).json().name).toBe('Spring sale');
  });
});
