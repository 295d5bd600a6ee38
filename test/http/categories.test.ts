import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithToken, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('categories', () => {
  it('creates, lists in the {data} shape, renames and deletes', async () => {
    const { headers } = await createUserWithToken(t.ctx, 'pro');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers,
      payload: { name: 'Social' },
    });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name: 'Social' });
    expect(Object.keys(category).sort()).toEqual(['created_at', 'id', 'name', 'updated_at']);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/categories', headers })).json();
    expect(list).toEqual({ data: [category] });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${category.id}`,
      headers,
      payload: { name: 'Social media' },
    });
    expect(renamed.json().name).toBe('Social media');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${category.id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/categories/${category.id}`, headers })).statusCode).toBe(
      404,
    );
  });

  it('keeps names unique per user, not across users', async () => {
    const a = await createUserWithToken(t.ctx, 'pro');
    const b = await createUserWithToken(t.ctx, 'pro');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/categories',
          headers: a.headers,
          payload: { name: 'Promo' },
        })
      ).statusCode,
    ).toBe(201);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: a.headers,
      payload: { name: 'Promo' },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['The name has already been taken.']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/categories',
          headers: b.headers,
          payload: { name: 'Promo' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('leaves links with category null when their category is deleted', async () => {
    const { headers } = await createUserWithToken(t.ctx, 'pro');
    const category = (
      await t.app.inject({ method: 'POST', url: '/api/v1/categories', headers, payload: { name: 'Temp' } })
    ).json();
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers,
        payload: { redirect_url: 'https://example.com', category_id: category.id },
      })
    ).json();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${category.id}`, headers });
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/links/${link.id}`, headers });
    expect(after.statusCode).toBe(200);
    expect(after.json().category).toBeNull();
  });

  it("answers 403 for another user's category and 422 for an empty name", async () => {
    const a = await createUserWithToken(t.ctx, 'pro');
    const b = await createUserWithToken(t.ctx, 'pro');
    const category = (
      await t.app.inject({ method: 'POST', url: '/api/v1/categories', headers: a.headers, payload: { name: 'Mine' } })
    ).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/categories/${category.id}`, headers: b.headers }))
        .statusCode,
    ).toBe(403);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: a.headers,
      payload: { name: '' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toEqual(['The name field is required.']);
  });
});
