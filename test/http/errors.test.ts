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

describe('bad input is a clear 4xx JSON answer, never a 500', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"redirect_url":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'redirect_url=https://example.com',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ redirect_url: 'https://example.com', pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers 422 for a JSON array or scalar body', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
    }
  });

  it('refuses prototype pollution attempts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"redirect_url":"https://example.com","__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 JSON for an unknown route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('ignores unknown body fields, as Laravel does', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers,
      payload: { redirect_url: 'https://example.com', colour: 'blue' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('colour');
  });

  it('loses nothing already stored when an update is refused', async () => {
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers,
        payload: { redirect_url: 'https://example.com/keep' },
      })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/links/${link.id}`,
      headers,
      payload: { redirect_url: 'javascript:alert(1)', is_active: false },
    });
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/links/${link.id}`, headers })).json();
    expect(after).toMatchObject({ redirect_url: 'https://example.com/keep', is_active: true });
  });
});
