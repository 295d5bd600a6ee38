import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { clickEvent } from '../helpers/clicks.ts';

// The link controls (docs/api.md, Link controls) through the API: every one on create, PATCH and
// bulk, its bounds, its plan, and what the record shows.
const t = useTestApp();

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const CONTROLS = {
  title: 'Black Friday',
  expires_at: '2099-01-01T10:00:00+02:00',
  max_clicks: 500,
  expired_url: 'https://example.com/over',
  password: 'open sesame',
  utm: { source: 'newsletter', medium: 'email', campaign: 'bf' },
  variants: [
    { url: 'https://a.example/x', weight: 70 },
    { url: 'https://b.example/y', weight: 30 },
  ],
  preview: { title: 'Card', description: 'A <b>deal</b>', image: 'https://img.example/c.png' },
};

const EXPECTED_RECORD = {
  title: 'Black Friday',
  expires_at: '2099-01-01T08:00:00.000Z',
  max_clicks: 500,
  expired_url: 'https://example.com/over',
  has_password: true,
  utm: { source: 'newsletter', medium: 'email', campaign: 'bf', term: null, content: null },
  variants: CONTROLS.variants,
  preview: { title: 'Card', description: 'A <b>deal</b>', image: 'https://img.example/c.png' },
  is_expired: false,
};

describe('link controls on create, read, list and PATCH', () => {
  it('takes every control on create and shows it on every record, never the password', async () => {
    const { api } = await t.user('business');
    const created = await api('POST', '/links', { redirect_url: 'https://example.com/sale', ...CONTROLS });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject(EXPECTED_RECORD);
    expect(created.body).not.toContain('open sesame');
    expect(created.json()).not.toHaveProperty('password');
    const read = (await api('GET', `/links/${created.json().id}`)).json();
    expect(read).toMatchObject(EXPECTED_RECORD);
    const listed = (await api('GET', '/links')).json().data[0];
    expect(listed).toMatchObject(EXPECTED_RECORD);
    const stored = await t.ctx.database.db
      .selectFrom('links')
      .select('password_hash')
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('starts every control empty on a link that sets none', async () => {
    const { api } = await t.user('pro');
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    expect(link).toMatchObject({
      title: null,
      expires_at: null,
      max_clicks: null,
      expired_url: null,
      has_password: false,
      utm: null,
      variants: null,
      preview: null,
      is_expired: false,
    });
  });

  it('changes only the controls sent on PATCH, and null clears one', async () => {
    const { api } = await t.user('business');
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com/p', ...CONTROLS })).json();
    const patched = await api('PATCH', `/links/${link.id}`, { title: 'Renamed', password: null, utm: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      ...EXPECTED_RECORD,
      title: 'Renamed',
      has_password: false,
      utm: null,
    });
    const again = await api('PATCH', `/links/${link.id}`, { password: 'another one' });
    expect(again.json().has_password).toBe(true);
  });

  it('takes the controls on bulk items, each item on its own', async () => {
    const { api } = await t.user('business');
    const res = await api('POST', '/links/bulk', {
      links: [
        { redirect_url: 'https://example.com/1', ...CONTROLS },
        { redirect_url: 'https://example.com/2', max_clicks: 0 },
        { redirect_url: 'https://example.com/3', title: 'Third' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.created).toHaveLength(2);
    expect(body.created[0]).toMatchObject(EXPECTED_RECORD);
    expect(body.created[1]).toMatchObject({ title: 'Third', has_password: false });
    expect(body.errors).toEqual([{ index: 1, message: 'The max clicks field must be at least 1.' }]);
  });

  it('trims a title, and refuses a blank one', async () => {
    const { api } = await t.user('pro');
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com', title: '  Spaced  ' })).json();
    expect(link.title).toBe('Spaced');
    const blank = await api('POST', '/links', { redirect_url: 'https://example.com', title: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ title: ['The title field is required.'] });
  });

  it('drops UTM fields left empty and a preview with nothing in it', async () => {
    const { api } = await t.user('business');
    const link = (
      await api('POST', '/links', {
        redirect_url: 'https://example.com',
        utm: { source: 'x', medium: '', campaign: null },
        preview: { title: null, description: '' },
      })
    ).json();
    expect(link.utm).toEqual({ source: 'x', medium: null, campaign: null, term: null, content: null });
    expect(link.preview).toBeNull();
  });

  it('matches the title in search', async () => {
    const { api } = await t.user('pro');
    await api('POST', '/links', { redirect_url: 'https://example.com/a', title: 'Winter Campaign' });
    await api('POST', '/links', { redirect_url: 'https://example.com/b', title: 'Summer' });
    const found = (await api('GET', '/links?search=winter')).json();
    expect(found.data.map((link: { title: string }) => link.title)).toEqual(['Winter Campaign']);
  });
});

describe('validation of link controls (422, dot paths)', () => {
  it.each([
    [{ title: 'x'.repeat(256) }, 'title', 'The title field must not be greater than 255 characters.'],
    [
      { expires_at: 'tomorrow' },
      'expires_at',
      'The expires at field must be an ISO 8601 date and time with a time zone.',
    ],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 'The expires at field must be a date in the future.'],
    [{ max_clicks: 0 }, 'max_clicks', 'The max clicks field must be at least 1.'],
    [{ max_clicks: 1.5 }, 'max_clicks', 'The max clicks field must be an integer.'],
    [{ max_clicks: 2 ** 31 }, 'max_clicks', 'The max clicks field must not be greater than 2147483647.'],
    [
      { expired_url: 'javascript:alert(1)' },
      'expired_url',
      'The expired url field must be a valid http or https URL of at most 2048 characters.',
    ],
    [{ password: 'abc' }, 'password', 'The password field must be at least 4 characters.'],
    [{ password: 'x'.repeat(129) }, 'password', 'The password field must not be greater than 128 characters.'],
    [
      { utm: { source: 'x'.repeat(256) } },
      'utm.source',
      'The utm.source field must not be greater than 255 characters.',
    ],
    [{ utm: 'source=x' }, 'utm', 'The utm field must be an object.'],
    [
      { variants: [{ url: 'https://a.example', weight: 1 }] },
      'variants',
      'The variants field must have at least 2 items.',
    ],
    [
      { variants: Array.from({ length: 6 }, (_, i) => ({ url: `https://v${i}.example`, weight: 1 })) },
      'variants',
      'The variants field must not have more than 5 items.',
    ],
    [
      {
        variants: [
          { url: 'https://a.example', weight: 1 },
          { url: 'https://b.example', weight: 101 },
        ],
      },
      'variants.1.weight',
      'The variants.1.weight field must not be greater than 100.',
    ],
    [
      {
        variants: [
          { url: 'ftp://a.example', weight: 1 },
          { url: 'https://b.example', weight: 1 },
        ],
      },
      'variants.0.url',
      'The variants.0.url field must be a valid http or https URL of at most 2048 characters.',
    ],
    [
      { preview: { image: 'http://img.example/a.png' } },
      'preview.image',
      'The preview.image field must be a valid https URL of at most 2048 characters.',
    ],
    [
      { preview: { description: 'x'.repeat(1001) } },
      'preview.description',
      'The preview.description field must not be greater than 1000 characters.',
    ],
  ])('refuses %j', async (controls, field, message) => {
    const { api } = await t.user('business');
    const res = await api('POST', '/links', { redirect_url: 'https://example.com', ...controls });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
  });

  it('accepts an expiry an hour ahead in any time zone and stores it in UTC', async () => {
    const { api } = await t.user('pro');
    const at = inAnHour();
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com', expires_at: at })).json();
    expect(link.expires_at).toBe(at);
  });
});

describe('plans of the link controls', () => {
  it.each(['password', 'variants', 'preview'] as const)('refuses %s to a Pro token with 403', async (field) => {
    const { api } = await t.user('pro');
    const res = await api('POST', '/links', { redirect_url: 'https://example.com', [field]: CONTROLS[field] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/requires the Business plan/);
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    const patch = await api('PATCH', `/links/${link.id}`, { [field]: null });
    expect(patch.statusCode).toBe(403);
  });

  it('lets Pro set the Pro controls', async () => {
    const { api } = await t.user('pro');
    const { password: _p, variants: _v, preview: _r, ...pro } = CONTROLS;
    const res = await api('POST', '/links', { redirect_url: 'https://example.com', ...pro });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 403 before validating: a Pro token sending a bad password or variants hears of the plan', async () => {
    const { api } = await t.user('pro');
    for (const body of [{ password: 'abc' }, { variants: 'many' }, { preview: { image: 'http://x' } }]) {
      const res = await api('POST', '/links', { redirect_url: 'not a url', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    expect((await api('PATCH', `/links/${link.id}`, { password: 'abc' })).statusCode).toBe(403);
    // Before the 404 too.
    expect((await api('PATCH', '/links/999999999', { password: 'abc' })).statusCode).toBe(403);
  });
});

describe('variants and choice-page options exclude each other', () => {
  it('refuses variants on a choice page (422 on variants)', async () => {
    const { api } = await t.user('business');
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com' })).json();
    await api('PUT', `/links/${link.id}/landing-options`, { options: ['https://a.example', 'https://b.example'] });
    const res = await api('PATCH', `/links/${link.id}`, { variants: CONTROLS.variants });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['variants']);
    // Clearing variants is no conflict.
    expect((await api('PATCH', `/links/${link.id}`, { variants: null })).statusCode).toBe(200);
  });

  it('refuses options on a link with variants (422 on options)', async () => {
    const { api } = await t.user('business');
    const link = (
      await api('POST', '/links', { redirect_url: 'https://example.com', variants: CONTROLS.variants })
    ).json();
    const res = await api('PUT', `/links/${link.id}/landing-options`, {
      options: ['https://a.example', 'https://b.example'],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['options']);
    await api('PATCH', `/links/${link.id}`, { variants: null });
    const after = await api('PUT', `/links/${link.id}/landing-options`, {
      options: ['https://a.example', 'https://b.example'],
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('is_expired', () => {
  it('is true once click_count reaches max_clicks', async () => {
    const { api } = await t.user('pro');
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com', max_clicks: 2 })).json();
    expect(link.is_expired).toBe(false);
    await t.ctx.uow.transact(({ stores }) =>
      stores.clicks.writeBatch([clickEvent(link.id), clickEvent(link.id, { at: '2026-05-10T12:00:01.000Z' })]),
    );
    const read = (await api('GET', `/links/${link.id}`)).json();
    expect(read).toMatchObject({ click_count: 2, is_expired: true });
  });

  it('is true from expires_at on', async () => {
    const { api } = await t.user('pro');
    const soon = new Date(Date.now() + 1_500).toISOString();
    const link = (await api('POST', '/links', { redirect_url: 'https://example.com', expires_at: soon })).json();
    expect(link.is_expired).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await api('GET', `/links/${link.id}`)).json().is_expired).toBe(true);
  });
});
