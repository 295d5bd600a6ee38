import { describe, expect, it } from 'vitest';
import { revokeToken } from '../../src/storage/tokens.kysely.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('authentication', () => {
  it('answers 401 with the Laravel body when no token is sent', async () => {
    const res = await t.api('GET', '/links');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it.each([
    ['a malformed header', 'Token abc'],
    ['an unknown token', 'Bearer hl_doesnotexist'],
    ['a token without the prefix', 'Bearer abcdef'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 for %s', async (_name, authorization) => {
    const res = await t.api('GET', '/links', undefined, { authorization });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 for a revoked token', async () => {
    const { token, api } = await t.user('pro');
    expect((await api('GET', '/links')).statusCode).toBe(200);
    await revokeToken(t.ctx.database.db, token.id);
    expect((await api('GET', '/links')).statusCode).toBe(401);
  });

  it('stores only a SHA-256 hash of the token, never the plaintext', async () => {
    const { token, plaintext } = await t.user('pro');
    const row = await t.ctx.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(plaintext).toMatch(/^hl_[A-Za-z0-9_-]{43}$/);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(plaintext.slice(3));
  });

  it('records last_used_at when the token is used, without a write on every request', async () => {
    const { token, api } = await t.user('pro');
    await api('GET', '/links');
    await t.ctx.tokens.flush();
    const first = await t.ctx.database.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(first.last_used_at).not.toBeNull();
    await api('GET', '/links');
    // Within the minute, the second use is held in memory, not written.
    const second = await t.ctx.database.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(second.last_used_at).toBe(first.last_used_at);
  });
});

describe('plans and abilities', () => {
  it('answers 403 to a free plan on every endpoint', async () => {
    const { api } = await t.user('free');
    const res = await api('GET', '/links');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/plan/i);
  });

  it.each([
    ['GET', '/api/v1/links', 'read'],
    ['POST', '/api/v1/links', 'create'],
    ['PATCH', '/api/v1/links/1', 'update'],
    ['DELETE', '/api/v1/links/1', 'delete'],
  ] as const)('answers 403 to %s %s without the %s ability', async (method, url, ability) => {
    const all = ['read', 'create', 'update', 'delete'] as const;
    const { headers } = await t.user(
      'business',
      all.filter((a) => a !== ability),
    );
    const res = await t.app.inject({
      method,
      url,
      headers,
      payload: method === 'POST' || method === 'PATCH' ? {} : undefined,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(ability);
  });

  it('checks the plan before the ability', async () => {
    const { api } = await t.user('free', ['read']);
    const res = await api('POST', '/links', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/plan/i);
  });

  it('checks the ability before a missing resource (403 before 404)', async () => {
    const { api } = await t.user('pro', ['read']);
    const res = await api('DELETE', '/links/999999');
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 before 403-not-yours, and 403-not-yours before 422', async () => {
    const owner = await t.user('pro');
    const other = await t.user('pro');
    const created = await owner.api('POST', '/links', { redirect_url: 'https://example.com' });
    const id = created.json().id;
    const missing = await other.api('PATCH', '/links/999999', { is_active: 'nope' });
    expect(missing.statusCode).toBe(404);
    const notYours = await other.api('PATCH', `/links/${id}`, { is_active: 'nope' });
    expect(notYours.statusCode).toBe(403);
    const invalid = await owner.api('PATCH', `/links/${id}`, { is_active: 'nope' });
    expect(invalid.statusCode).toBe(422);
  });

  it('answers 403 when a Pro token sends Business-only conditions', async () => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', { redirect_url: 'https://example.com', conditions: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Business/);
  });
});
