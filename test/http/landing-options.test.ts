import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

async function newLink(h?: Record<string, string>): Promise<number> {
  return (await t.api('POST', '/links', { redirect_url: 'https://example.com/main' }, h)).json().id;
}
const options = (id: number, method: 'GET' | 'PUT' | 'DELETE', payload?: unknown, h?: Record<string, string>) =>
  t.api(method, `/links/${id}/landing-options`, payload, h);
const linkType = async (id: number) => (await t.api('GET', `/links/${id}`)).json().type;

describe('choice pages: the spec state table', () => {
  it('moves single -> choice page -> choice page (replaced) -> single', async () => {
    const id = await newLink();
    expect((await options(id, 'GET')).json()).toEqual({ options: [] });
    expect(await linkType(id)).toBe('simple');

    const first = await options(id, 'PUT', { options: ['https://a.example', 'https://b.example'] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ options: ['https://a.example', 'https://b.example'] });
    expect(await linkType(id)).toBe('choice_page');

    const replaced = await options(id, 'PUT', {
      options: ['https://c.example', 'https://a.example', 'https://d.example'],
    });
    expect(replaced.json()).toEqual({ options: ['https://c.example', 'https://a.example', 'https://d.example'] });
    expect((await options(id, 'GET')).json().options).toEqual([
      'https://c.example',
      'https://a.example',
      'https://d.example',
    ]);
    expect(await linkType(id)).toBe('choice_page');

    const removed = await options(id, 'DELETE');
    expect(removed.statusCode).toBe(204);
    expect(await linkType(id)).toBe('simple');
    expect((await options(id, 'GET')).json()).toEqual({ options: [] });
  });

  it('accepts 2 and 8 options and refuses 1 and 9', async () => {
    const id = await newLink();
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://o${i}.example`);
    expect((await options(id, 'PUT', { options: urls(2) })).statusCode).toBe(200);
    expect((await options(id, 'PUT', { options: urls(8) })).statusCode).toBe(200);
    for (const n of [0, 1, 9]) {
      const res = await options(id, 'PUT', { options: urls(n) });
      expect(res.statusCode, String(n)).toBe(422);
      expect(res.json().errors.options).toBeDefined();
    }
    expect((await options(id, 'GET')).json().options).toEqual(urls(8));
  });

  it.each([
    ['a relative URL', '/path'],
    ['a non-URL', 'not a url'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a script injection', 'https://x.example/"><script>alert(1)</script>'.replace('https://', 'data:')],
  ])('refuses %s, naming the option', async (_name, bad) => {
    const id = await newLink();
    const res = await options(id, 'PUT', { options: ['https://ok.example', bad] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['options.1']).toBeDefined();
  });

  it('is Business only, and 403 for another user’s link', async () => {
    const pro = await t.user('pro');
    const proLink = await newLink(pro.headers);
    expect((await options(proLink, 'GET', undefined, pro.headers)).statusCode).toBe(403);
    const other = await t.user('business');
    const id = await newLink();
    expect(
      (await options(id, 'PUT', { options: ['https://a.example', 'https://b.example'] }, other.headers)).statusCode,
    ).toBe(403);
    expect((await options(999999, 'GET')).statusCode).toBe(404);
  });
});
