import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithToken, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await createUserWithToken(t.ctx, 'business')).headers;
});
afterAll(async () => {
  await t.close();
});

const uk = { type: 'country', operator: 'in', values: ['gb'], redirect_url: 'https://uk.example' };
const phones = { type: 'device', operator: 'in', values: ['mobile'], redirect_url: 'https://m.example' };

describe('targeting conditions on links (Business)', () => {
  it('are accepted on create, normalised, and returned by GET /links/{id} in order', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers,
      payload: { redirect_url: 'https://example.com', conditions: [uk, phones] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).not.toHaveProperty('conditions');
    const read = (await t.app.inject({ method: 'GET', url: `/api/v1/links/${created.json().id}`, headers })).json();
    expect(read.conditions).toEqual([{ ...uk, values: ['GB'] }, phones]);
  });

  it('are replaced by PATCH, and cleared with an empty list', async () => {
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers,
        payload: { redirect_url: 'https://example.com', conditions: [uk] },
      })
    ).json().id;
    await t.app.inject({ method: 'PATCH', url: `/api/v1/links/${id}`, headers, payload: { conditions: [phones] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/links/${id}`, headers })).json().conditions).toEqual([
      phones,
    ]);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/links/${id}`, headers, payload: { conditions: [] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/links/${id}`, headers })).json().conditions).toEqual([]);
  });

  it('answer 422 with conditions.N.field keys for values outside the vocabularies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers,
      payload: {
        redirect_url: 'https://example.com',
        conditions: [
          { type: 'device', operator: 'in', values: ['phone'], redirect_url: 'https://m.example' },
          { type: 'os', operator: 'is', values: ['ios'], redirect_url: 'ftp://x' },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'conditions.0.values.0',
      'conditions.1.operator',
      'conditions.1.redirect_url',
    ]);
  });

  it('allow at most 20 conditions', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers,
      payload: { redirect_url: 'https://example.com', conditions: Array(20).fill(uk) },
    });
    expect(ok.statusCode).toBe(201);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers,
      payload: { redirect_url: 'https://example.com', conditions: Array(21).fill(uk) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.conditions).toBeDefined();
  });

  it('are refused to Pro with 403, on create and on PATCH', async () => {
    const pro = await createUserWithToken(t.ctx, 'pro');
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers: pro.headers,
        payload: { redirect_url: 'https://example.com' },
      })
    ).json().id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/links/${id}`,
      headers: pro.headers,
      payload: { conditions: [uk] },
    });
    expect(res.statusCode).toBe(403);
  });
});
