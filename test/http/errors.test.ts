import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

describe('bad input is a clear 4xx JSON answer, never a 500', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await t.api('POST', '/links', '{"redirect_url":', { ...t.headers, 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.api('POST', '/links', 'redirect_url=https://example.com', {
      ...t.headers,
      'content-type': 'text/plain',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await t.api(
      'POST',
      '/links',
      JSON.stringify({ redirect_url: 'https://example.com', pad: 'x'.repeat(1_100_000) }),
      { ...t.headers, 'content-type': 'application/json' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers 422 for a JSON array or scalar body', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.api('POST', '/links', payload, { ...t.headers, 'content-type': 'application/json' });
      expect(res.statusCode, payload).toBe(422);
    }
  });

  it('refuses prototype pollution attempts', async () => {
    const res = await t.api('POST', '/links', '{"redirect_url":"https://example.com","__proto__":{"x":1}}', {
      ...t.headers,
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 JSON for an unknown route', async () => {
    const res = await t.api('GET', '/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('ignores unknown body fields, as Laravel does', async () => {
    const res = await t.api('POST', '/links', { redirect_url: 'https://example.com', colour: 'blue' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('colour');
  });

  it('loses nothing already stored when an update is refused', async () => {
    const link = (await t.api('POST', '/links', { redirect_url: 'https://example.com/keep' })).json();
    await t.api('PATCH', `/links/${link.id}`, { redirect_url: 'javascript:alert(1)', is_active: false });
    const after = (await t.api('GET', `/links/${link.id}`)).json();
    expect(after).toMatchObject({ redirect_url: 'https://example.com/keep', is_active: true });
  });
});
