import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

const bulk = (payload: unknown, h?: Record<string, string>) => t.api('POST', '/links/bulk', payload, h);

describe('POST /links/bulk', () => {
  it('has PostgreSQL analyze the links when it grows them by a tenth, so lists are planned for them', async () => {
    const links = Array.from({ length: 100 }, (_, i) => ({ redirect_url: `https://example.com/grown/${i}` }));
    expect((await bulk({ links })).statusCode).toBe(200);
    if (t.ctx.database.engine !== 'postgres') return;
    const { rows } = await sql<{ counted: number; links: number }>`
      select reltuples as counted, (select count(*) from links) as links from pg_class
      where oid = 'links'::regclass`.execute(t.ctx.database.db);
    expect(Number(rows[0]!.counted)).toBe(Number(rows[0]!.links));
  });

  it('creates the valid items in order and reports each invalid one by index', async () => {
    const taken = `taken${Date.now()}`;
    await bulk({ links: [{ redirect_url: 'https://example.com/first', short_code: taken }] });
    const res = await bulk({
      links: [
        { redirect_url: 'https://example.com/1' },
        { redirect_url: 'not a url' },
        { redirect_url: 'https://example.com/3', short_code: taken },
        {},
        { redirect_url: 'https://example.com/5', category_id: 999999 },
        { redirect_url: 'https://example.com/6', short_code: `own${Date.now()}` },
        'not an object',
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created.map((l: { redirect_url: string }) => l.redirect_url)).toEqual([
      'https://example.com/1',
      'https://example.com/6',
    ]);
    expect(body.errors).toEqual([
      { index: 1, message: expect.stringMatching(/redirect url/) },
      { index: 2, message: 'The short code has already been taken.' },
      { index: 3, message: 'The redirect url field is required.' },
      { index: 4, message: 'The selected category id is invalid.' },
      { index: 6, message: expect.any(String) },
    ]);
    const list = (await t.api('GET', '/links?per_page=100')).json();
    expect(list.data.map((l: { redirect_url: string }) => l.redirect_url)).toEqual(
      expect.arrayContaining(['https://example.com/1', 'https://example.com/6']),
    );
  });

  it('refuses a duplicate code inside the same call for the second item only', async () => {
    const code = `dup${Date.now()}`;
    const res = await bulk({
      links: [
        { redirect_url: 'https://a.example', short_code: code },
        { redirect_url: 'https://b.example', short_code: code },
      ],
    });
    expect(res.json().created).toHaveLength(1);
    expect(res.json().errors).toEqual([{ index: 1, message: 'The short code has already been taken.' }]);
  });

  it('accepts exactly 100 items', async () => {
    const res = await bulk({
      links: Array.from({ length: 100 }, (_, i) => ({ redirect_url: `https://example.com/bulk/${i}` })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toHaveLength(100);
    expect(new Set(res.json().created.map((l: { short_code: string }) => l.short_code)).size).toBe(100);
  });

  it.each([
    ['an empty list', { links: [] }],
    ['101 items', { links: Array.from({ length: 101 }, () => ({ redirect_url: 'https://example.com' })) }],
    ['no list', {}],
    ['a list that is not an array', { links: { redirect_url: 'https://example.com' } }],
  ])('answers 422 for %s', async (_name, payload) => {
    const res = await bulk(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.links).toBeDefined();
  });

  it('is Business only', async () => {
    const pro = await t.user('pro');
    const res = await bulk({ links: [{ redirect_url: 'https://example.com' }] }, pro.headers);
    expect(res.statusCode).toBe(403);
  });
});
