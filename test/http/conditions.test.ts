import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

const uk = { type: 'country', operator: 'in', values: ['gb'], redirect_url: 'https://uk.example' };
const phones = { type: 'device', operator: 'in', values: ['mobile'], redirect_url: 'https://m.example' };

describe('targeting conditions on links (Business)', () => {
  it('are accepted on create, normalised, and returned by GET /links/{id} in order', async () => {
    const created = await t.api('POST', '/links', { redirect_url: 'https://example.com', conditions: [uk, phones] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).not.toHaveProperty('conditions');
    const read = (await t.api('GET', `/links/${created.json().id}`)).json();
    expect(read.conditions).toEqual([{ ...uk, values: ['GB'] }, phones]);
  });

  it('are replaced by PATCH, and cleared with an empty list', async () => {
    const id = (await t.api('POST', '/links', { redirect_url: 'https://example.com', conditions: [uk] })).json().id;
    await t.api('PATCH', `/links/${id}`, { conditions: [phones] });
    expect((await t.api('GET', `/links/${id}`)).json().conditions).toEqual([phones]);
    await t.api('PATCH', `/links/${id}`, { conditions: [] });
    expect((await t.api('GET', `/links/${id}`)).json().conditions).toEqual([]);
  });

  it('answer 422 with conditions.N.field keys for values outside the vocabularies', async () => {
    const res = await t.api('POST', '/links', {
      redirect_url: 'https://example.com',
      conditions: [
        { type: 'device', operator: 'in', values: ['phone'], redirect_url: 'https://m.example' },
        { type: 'os', operator: 'is', values: ['ios'], redirect_url: 'ftp://x' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'conditions.0.values.0',
      'conditions.1.operator',
      'conditions.1.redirect_url',
    ]);
  });

  it('allow at most 20 conditions', async () => {
    const ok = await t.api('POST', '/links', { redirect_url: 'https://example.com', conditions: Array(20).fill(uk) });
    expect(ok.statusCode).toBe(201);
    const tooMany = await t.api('POST', '/links', {
      redirect_url: 'https://example.com',
      conditions: Array(21).fill(uk),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.conditions).toBeDefined();
  });

  it('are refused to Pro with 403, on create and on PATCH', async () => {
    const pro = await t.user('pro');
    const id = (await pro.api('POST', '/links', { redirect_url: 'https://example.com' })).json().id;
    const res = await pro.api('PATCH', `/links/${id}`, { conditions: [uk] });
    expect(res.statusCode).toBe(403);
  });
});
