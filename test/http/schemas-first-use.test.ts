import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

// Route validators and serializers are compiled at a route's first request, not at start
// (api/plugins/first-use-compilers.ts): a service keeps the code of the routes it serves.
describe("the routes' schemas, compiled on first use", () => {
  it('compiles nothing at start, then only what a request needs, and checks and answers as before', async () => {
    const compilers = t.app.firstUseCompilers;
    const atStart = compilers.waiting;
    expect(atStart).toBeGreaterThan(200); // every route's parts and answers

    const refused = await t.api('POST', '/links', { redirect_url: 'javascript:alert(1)' });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('redirect_url'); // the failed check's errors reach the answer
    const created = await t.api('POST', '/links', { redirect_url: 'https://example.com/first-use', extra: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ redirect_url: 'https://example.com/first-use' });
    expect(created.json()).not.toHaveProperty('extra');

    const compiled = atStart - compilers.waiting;
    expect(compiled).toBeGreaterThan(0);
    expect(compiled).toBeLessThan(10); // POST /links's body and its answers, not the other routes'
  });

  it('compiles every schema there is, as start-up once did', () => {
    const compilers = t.app.firstUseCompilers;
    expect(() => compilers.compileAll()).not.toThrow();
    expect(compilers.waiting).toBe(0);
  });
});
