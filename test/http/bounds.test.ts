import { describe, expect, it } from 'vitest';
import { CreateTokenBody, Credentials } from '../../src/schemas/account.ts';
import { useTestApp } from '../helpers/app.ts';

// Every request does bounded work. Every array, string and number a client can send
// has a limit the OpenAPI document shows, and a hostile body gets a small, fast 422.
const t = useTestApp({ RATE_LIMIT_BUSINESS: '100000' }, { user: 'business' });

type Schema = Record<string, unknown>;

/** Paths (json-pointer-ish) of every unbounded array, string or number in a request schema. */
function unbounded(
  schema: unknown,
  where: string,
  resolve: (ref: string) => Schema,
  seen = new Set<unknown>(),
): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return unbounded(resolve(s.$ref), where, resolve, seen);
  const found: string[] = [];
  const types = ([] as unknown[]).concat(s.type ?? []);
  const bounded = 'const' in s || 'enum' in s;
  if (types.includes('string') && !bounded && s.maxLength === undefined)
    found.push(`${where}: string without maxLength`);
  if (types.includes('array') && s.maxItems === undefined) found.push(`${where}: array without maxItems`);
  if ((types.includes('integer') || types.includes('number')) && !bounded && s.maximum === undefined) {
    found.push(`${where}: number without maximum`);
  }
  for (const [name, child] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    found.push(...unbounded(child, `${where}.${name}`, resolve, seen));
  }
  if (s.items) found.push(...unbounded(s.items, `${where}[]`, resolve, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const [i, child] of ((s[key] as unknown[]) ?? []).entries()) {
      found.push(...unbounded(child, `${where}(${key} ${i})`, resolve, seen));
    }
  }
  return found;
}

describe('bounded work per request', () => {
  it('gives every array, string and number of every request a limit in the OpenAPI document', async () => {
    const doc = (await t.api('GET', '/openapi.json', undefined, {})).json();
    const resolve = (ref: string) => {
      const name = ref.split('/').pop()!;
      return (doc.components.schemas[name] ?? doc.components.schemas[`def-${name}`]) as Schema;
    };
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of (operation.parameters as Schema[]) ?? []) {
          problems.push(
            ...unbounded(parameter.schema, `${where} ${String(parameter.in)}.${String(parameter.name)}`, resolve),
          );
        }
        const body = (operation.requestBody as { content?: Record<string, { schema: unknown }> }) ?? {};
        for (const content of Object.values(body.content ?? {}))
          problems.push(...unbounded(content.schema, `${where} body`, resolve));
      }
    }
    problems.push(...unbounded(Credentials, 'dashboard credentials', resolve));
    problems.push(...unbounded(CreateTokenBody, 'dashboard token', resolve));
    expect(problems).toEqual([]);
  });

  it('answers 200,000 condition values with one short 422, not a body of every value', async () => {
    const values = Array.from({ length: 200_000 }, () => 'ZZ');
    const started = performance.now();
    const res = await t.api('POST', '/links', {
      redirect_url: 'https://example.com',
      conditions: [{ type: 'country', operator: 'in', values, redirect_url: 'https://example.fr' }],
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['conditions.0.values']).toEqual([
      'The conditions.0.values field must not have more than 250 items.',
    ]);
    expect(res.body.length).toBeLessThan(2_000);
    // Not a timing assertion on speed: a generous ceiling that the quadratic check (1.3 s) broke.
    expect(elapsed).toBeLessThan(1_000);
  });

  it('stops collecting errors after 50', async () => {
    const conditions = Array.from({ length: 20 }, () => ({
      type: 'country',
      operator: 'in',
      values: Array(250).fill(7),
      redirect_url: 'x',
    }));
    const res = await t.api('POST', '/links', { redirect_url: 'https://example.com', conditions });
    expect(res.statusCode).toBe(422);
    expect(Object.values(res.json().errors as Record<string, string[]>).flat()).toHaveLength(50);
  });

  it('refuses arrays past their limit in every body: options, bulk items, webhook events', async () => {
    const link = (await t.api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    const options = Array.from({ length: 10_000 }, (_, i) => `https://example.com/${i}`);
    const put = await t.api('PUT', `/links/${link.id}/landing-options`, { options });
    expect(put.statusCode).toBe(422);
    expect(put.body.length).toBeLessThan(10_000);
    const bulk = await t.api('POST', '/links/bulk', {
      links: Array(1000).fill({ redirect_url: 'https://example.com' }),
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().errors.links).toEqual(['The links field must not have more than 100 items.']);
  });

  it.each(['Infinity', '1e308', '99999999999999999999', '1000001', 'NaN', '-Infinity'])(
    'answers page=%s with a 422, never a 500',
    async (page) => {
      const res = await t.api('GET', `/links?page=${page}&per_page=100`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.page).toBeDefined();
    },
  );

  it('answers the last page there can be, past the data, with an empty list', async () => {
    const res = await t.api('GET', '/links?page=1000000&per_page=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it.each(['Infinity', '1e400', '99999999999999999999'])('answers an id of %s with a 404', async (id) => {
    expect((await t.api('GET', `/links/${id}`)).statusCode).toBe(404);
  });

  it('refuses a category name of spaces only', async () => {
    const res = await t.api('POST', '/categories', { name: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toBeDefined();
  });
});
