import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

const uk = { type: 'country', operator: 'in', values: ['gb'], redirect_url: 'https://uk.example' };
const phones = { type: 'device', operator: 'in', values: ['mobile'], redirect_url: 'https://m.example' };

const URL_MESSAGE = 'must be a valid http or https URL of at most 2048 characters.';

/** POST /links with these conditions. */
const create = (conditions: unknown) => t.api('POST', '/links', { redirect_url: 'https://example.com', conditions });

// Each bad condition, alone in a create: the 422 names exactly what is wrong, in the API's usual
// body ({message, errors}, docs/api.md), whether the schema or the check of ISO codes refused it.
const REFUSED: Array<[string, unknown, Record<string, string[]>]> = [
  ['not a list', uk, { conditions: ['The conditions field must be an array.'] }],
  ['not an object', ['GB'], { 'conditions.0': ['The conditions.0 field must be an object.'] }],
  [
    'an unknown type',
    [{ ...uk, type: 'planet' }],
    { 'conditions.0.type': ['The selected conditions.0.type is invalid.'] },
  ],
  [
    'a type that is not a string',
    [{ ...uk, type: 3 }],
    { 'conditions.0.type': ['The selected conditions.0.type is invalid.'] },
  ],
  [
    'no type',
    [{ operator: 'in', values: ['GB'], redirect_url: 'https://uk.example' }],
    { 'conditions.0.type': ['The conditions.0.type field is required.'] },
  ],
  [
    'an unknown operator',
    [{ ...uk, operator: 'near' }],
    { 'conditions.0.operator': ['The selected conditions.0.operator is invalid.'] },
  ],
  [
    'only a type',
    [{ type: 'os' }],
    {
      'conditions.0.operator': ['The conditions.0.operator field is required.'],
      'conditions.0.values': ['The conditions.0.values field is required.'],
      'conditions.0.redirect_url': ['The conditions.0.redirect url field is required.'],
    },
  ],
  [
    'no values',
    [{ ...uk, values: [] }],
    { 'conditions.0.values': ['The conditions.0.values field must have at least 1 items.'] },
  ],
  [
    'values that are not a list',
    [{ ...uk, values: 'GB' }],
    { 'conditions.0.values': ['The conditions.0.values field must be an array.'] },
  ],
  [
    'a value that is not a string',
    [{ ...uk, values: [44] }],
    { 'conditions.0.values.0': ['The conditions.0.values.0 field must be a string.'] },
  ],
  [
    'words outside their vocabulary, or in another case',
    [{ ...phones, values: ['phone', 'Mobile'] }],
    {
      'conditions.0.values.0': ['The selected conditions.0.values.0 is invalid.'],
      'conditions.0.values.1': ['The selected conditions.0.values.1 is invalid.'],
    },
  ],
  [
    "another kind's values (a country as a device)",
    [{ ...phones, values: ['DE'] }],
    { 'conditions.0.values.0': ['The selected conditions.0.values.0 is invalid.'] },
  ],
  [
    'country values that are not codes',
    [{ ...uk, values: ['Narnia', 'G1', 'GBR'] }],
    {
      'conditions.0.values.0': ['The selected conditions.0.values.0 is invalid for country.'],
      'conditions.0.values.1': ['The selected conditions.0.values.1 is invalid for country.'],
      'conditions.0.values.2': ['The selected conditions.0.values.2 is invalid for country.'],
    },
  ],
  [
    'a language value of three letters',
    [{ type: 'language', operator: 'in', values: ['eng'], redirect_url: 'https://e.example' }],
    { 'conditions.0.values.0': ['The selected conditions.0.values.0 is invalid for language.'] },
  ],
  [
    'a value over 16 characters',
    [{ ...uk, values: ['United Kingdom of GB'] }],
    { 'conditions.0.values.0': ['The conditions.0.values.0 field must not be greater than 16 characters.'] },
  ],
  [
    'two letters that name no country',
    [{ ...uk, values: ['GB', 'zz', 'XX'] }],
    {
      'conditions.0.values.1': ['The selected conditions.0.values.1 is invalid for country.'],
      'conditions.0.values.2': ['The selected conditions.0.values.2 is invalid for country.'],
    },
  ],
  [
    'two letters that name no language',
    [{ type: 'language', operator: 'in', values: ['qq'], redirect_url: 'https://e.example' }],
    { 'conditions.0.values.0': ['The selected conditions.0.values.0 is invalid for language.'] },
  ],
  [
    'a destination that is not http(s)',
    [{ ...uk, redirect_url: 'javascript:alert(1)' }],
    { 'conditions.0.redirect_url': [`The conditions.0.redirect url field ${URL_MESSAGE}`] },
  ],
  [
    'a destination over 2048 characters',
    [{ ...uk, redirect_url: `https://uk.example/${'a'.repeat(2048)}` }],
    {
      'conditions.0.redirect_url': [
        'The conditions.0.redirect url field must not be greater than 2048 characters.',
        `The conditions.0.redirect url field ${URL_MESSAGE}`,
      ],
    },
  ],
];

describe('targeting conditions on links (Business)', () => {
  it('are accepted on create, normalised, and returned by GET /links/{id} in order', async () => {
    const created = await create([uk, phones]);
    expect(created.statusCode).toBe(201);
    expect(created.json()).not.toHaveProperty('conditions');
    const read = (await t.api('GET', `/links/${created.json().id}`)).json();
    expect(read.conditions).toEqual([{ ...uk, values: ['GB'] }, phones]);
  });

  it('accept every kind, both operators, ISO codes in either case, and drop fields of their own', async () => {
    const conditions = [
      { type: 'country', operator: 'not_in', values: ['de', 'AT', 'De'], redirect_url: 'https://a.example' },
      { type: 'device', operator: 'in', values: ['desktop', 'mobile', 'tablet'], redirect_url: 'https://b.example' },
      {
        type: 'os',
        operator: 'in',
        values: ['ios', 'android', 'windows', 'macos', 'linux'],
        redirect_url: 'http://c.example',
      },
      { type: 'browser', operator: 'not_in', values: ['chrome', 'samsung'], redirect_url: 'https://d.example' },
      { type: 'language', operator: 'in', values: ['FR', 'en'], redirect_url: 'https://e.example', note: 'mine' },
    ];
    const created = await create(conditions);
    expect(created.statusCode).toBe(201);
    const read = (await t.api('GET', `/links/${created.json().id}`)).json();
    expect(read.conditions).toEqual([
      { ...conditions[0], values: ['DE', 'AT'] },
      conditions[1],
      conditions[2],
      conditions[3],
      { type: 'language', operator: 'in', values: ['fr', 'en'], redirect_url: 'https://e.example' },
    ]);
  });

  it('are replaced by PATCH, and cleared with an empty list', async () => {
    const id = (await create([uk])).json().id;
    await t.api('PATCH', `/links/${id}`, { conditions: [phones] });
    expect((await t.api('GET', `/links/${id}`)).json().conditions).toEqual([phones]);
    await t.api('PATCH', `/links/${id}`, { conditions: [] });
    expect((await t.api('GET', `/links/${id}`)).json().conditions).toEqual([]);
  });

  it('answer 422 with conditions.N.field keys for values outside the vocabularies', async () => {
    const res = await create([
      { type: 'device', operator: 'in', values: ['phone'], redirect_url: 'https://m.example' },
      { type: 'os', operator: 'is', values: ['ios'], redirect_url: 'ftp://x' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'conditions.0.values.0',
      'conditions.1.operator',
      'conditions.1.redirect_url',
    ]);
  });

  it('allow at most 20 conditions, and 250 values in each', async () => {
    const countries = Array.from({ length: 250 }, () => 'GB');
    const ok = await create(Array(20).fill({ ...uk, values: countries }));
    expect(ok.statusCode).toBe(201);
    const tooMany = await create(Array(21).fill(uk));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({
      conditions: ['The conditions field must not have more than 20 items.'],
    });
    const tooManyValues = await create([{ ...uk, values: [...countries, 'FR'] }]);
    expect(tooManyValues.json().errors).toEqual({
      'conditions.0.values': ['The conditions.0.values field must not have more than 250 items.'],
    });
  });
});

describe('targeting conditions refused', () => {
  it.each(REFUSED)('refuse %s with a 422 naming the field', async (_what, conditions, errors) => {
    const res = await create(conditions);
    expect(res.statusCode).toBe(422);
    const first = Object.values(errors)[0]![0]!;
    const more = Object.values(errors).flat().length - 1;
    expect(res.json()).toEqual({
      message: more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first,
      errors,
    });
  });

  it('report at most 50 unknown codes', async () => {
    const conditions = Array(20).fill({ ...uk, values: Array(250).fill('ZZ') });
    const res = await create(conditions);
    expect(res.statusCode).toBe(422);
    expect(Object.values(res.json().errors as Record<string, string[]>).flat()).toHaveLength(50);
  });

  it('refused by PATCH leave the link’s conditions as they were', async () => {
    const id = (await create([uk])).json().id;
    const bad = await t.api('PATCH', `/links/${id}`, { conditions: [{ ...phones, values: ['phone'] }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'conditions.0.values.0': ['The selected conditions.0.values.0 is invalid.'] });
    const unknown = await t.api('PATCH', `/links/${id}`, { conditions: [{ ...uk, values: ['ZZ'] }] });
    expect(unknown.statusCode).toBe(422);
    expect((await t.api('GET', `/links/${id}`)).json().conditions).toEqual([{ ...uk, values: ['GB'] }]);
  });

  it('are checked in each bulk item on its own', async () => {
    const res = await t.api('POST', '/links/bulk', {
      links: [
        { redirect_url: 'https://example.com/1', conditions: [uk] },
        { redirect_url: 'https://example.com/2', conditions: [{ ...uk, type: 'planet' }] },
        { redirect_url: 'https://example.com/3', conditions: [{ ...uk, values: ['ZZ'] }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toHaveLength(1);
    expect(res.json().errors).toEqual([
      { index: 1, message: 'The selected conditions.0.type is invalid.' },
      { index: 2, message: 'The selected conditions.0.values.0 is invalid for country.' },
    ]);
  });

  it('are refused to Pro with 403, on create and on PATCH, valid or not', async () => {
    const pro = await t.user('pro');
    const id = (await pro.api('POST', '/links', { redirect_url: 'https://example.com' })).json().id;
    expect((await pro.api('PATCH', `/links/${id}`, { conditions: [uk] })).statusCode).toBe(403);
    const bad = await pro.api('POST', '/links', { redirect_url: 'https://example.com', conditions: [{ type: 1 }] });
    expect(bad.statusCode).toBe(403);
  });
});
