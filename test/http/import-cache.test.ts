import { describe, expect, it } from 'vitest';
import { useEdge } from '../helpers/edge.ts';
import { useTestApp } from '../helpers/app.ts';

// The redirect cache remembers an unknown code for LINK_CACHE_NEGATIVE_TTL_MS (an hour here, so
// only the import's event can clear it within the test).
const t = useTestApp(
  { SHORT_PORT: '0', HOST: '127.0.0.1', SHORT_URL: 'http://127.0.0.1', LINK_CACHE_NEGATIVE_TTL_MS: '3600000' },
  { user: 'business' },
);
const edge = useEdge(t);

const visit = (code: string) => fetch(`${edge.url}/${code}`, { redirect: 'manual' });

describe('imported links on the short host', () => {
  it('redirect at once even when their code was visited (and remembered as unknown) before the import', async () => {
    const code = `imported-${Date.now()}`;
    expect((await visit(code)).status).toBe(404);
    expect((await visit(code)).status).toBe(404); // now from the negative cache

    const res = await t.api('POST', '/imports', `url,short_code\nhttps://example.com/imported,${code}\n`, {
      ...t.headers,
      'content-type': 'text/csv',
    });
    expect(res.statusCode).toBe(202);
    for (let i = 0; i < 100; i++) {
      await t.ctx.imports.runOnce();
      if ((await t.api('GET', `/imports/${res.json().id}`)).json().status === 'done') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const after = await visit(code);
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toBe('https://example.com/imported');
  });
});
