import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('OpenAPI document', () => {
  it('is served without a token and is a valid OpenAPI 3.1 document', async () => {
    const res = await t.api('GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('describes every links and categories endpoint with the bearer scheme and error responses', async () => {
    const doc = (await t.api('GET', '/openapi.json')).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const op of [
      'GET /links',
      'POST /links',
      'GET /links/{id}',
      'PATCH /links/{id}',
      'DELETE /links/{id}',
      'GET /categories',
      'POST /categories',
      'PATCH /categories/{id}',
      'DELETE /categories/{id}',
    ]) {
      expect(operations).toContain(op);
    }
    const create = doc.paths['/links'].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '422', '429']));
    expect(create.requestBody.content['application/json'].schema.properties.redirect_url).toBeDefined();
    expect(doc.paths['/links'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['sort', 'direction', 'category_id', 'search', 'per_page', 'page']),
    );
    expect(doc.components.schemas.Link.properties.short_url).toBeDefined();
  });

  it('serves a readable API reference at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});
