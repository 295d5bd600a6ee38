import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

describe('affiliate programs and tags (Business)', () => {
  it('serves the programs catalog', async () => {
    const { data } = (await t.api('GET', '/affiliate-programs')).json();
    expect(data.find((p: { name: string }) => p.name === 'Amazon US')).toEqual({
      id: 1,
      name: 'Amazon US',
      hostnames: ['amazon.com'],
      param: 'tag',
    });
    expect(data.find((p: { param: string }) => p.param === 'campid')).toBeDefined();
  });

  it('creates, lists, changes and deletes a tag', async () => {
    const created = await t.api('POST', '/affiliates', { affiliate_program_id: 1, tag: 'mine-20' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ affiliate_program: { id: 1, name: 'Amazon US' }, tag: 'mine-20' });
    const id = created.json().id;
    expect((await t.api('GET', '/affiliates')).json().data).toHaveLength(1);
    expect((await t.api('PATCH', `/affiliates/${id}`, { tag: 'other-21' })).json().tag).toBe('other-21');
    expect((await t.api('DELETE', `/affiliates/${id}`)).statusCode).toBe(204);
    expect((await t.api('GET', '/affiliates')).json().data).toEqual([]);
  });

  it('allows one tag per program per user, and validates the format per program', async () => {
    const h = (await t.user('business')).headers;
    expect((await t.api('POST', '/affiliates', { affiliate_program_id: 2, tag: 'uk-21' }, h)).statusCode).toBe(201);
    const again = await t.api('POST', '/affiliates', { affiliate_program_id: 2, tag: 'uk-22' }, h);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.affiliate_program_id).toBeDefined();
    expect(
      (await t.api('POST', '/affiliates', { affiliate_program_id: 9, tag: 'abc' }, h)).json().errors.tag,
    ).toBeDefined();
    expect(
      (await t.api('POST', '/affiliates', { affiliate_program_id: 999, tag: 'x' }, h)).json().errors
        .affiliate_program_id,
    ).toBeDefined();
  });

  it("answers 403 for another user's tag and for Pro", async () => {
    const id = (await t.api('POST', '/affiliates', { affiliate_program_id: 3, tag: 'de-21' })).json().id;
    const other = (await t.user('business')).headers;
    expect((await t.api('PATCH', `/affiliates/${id}`, { tag: 'steal-20' }, other)).statusCode).toBe(403);
    const pro = (await t.user('pro')).headers;
    expect((await t.api('GET', '/affiliates', undefined, pro)).statusCode).toBe(403);
  });

  it('tells the redirect cache that the owner’s tags changed', async () => {
    const { user, headers: h } = await t.user('business');
    const seen: unknown[] = [];
    const stop = t.ctx.events.subscribe((change) => seen.push(change));
    await t.api('POST', '/affiliates', { affiliate_program_id: 4, tag: 'fr-21' }, h);
    stop();
    expect(seen).toContainEqual({ kind: 'tags-changed', workspaceId: user.workspaceId });
  });
});
