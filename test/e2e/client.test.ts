import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createHoplinkClient,
  isValidationError,
  type BulkCreateResult,
  type CreateLinkInput,
  type ErrorBody,
  type HoplinkClient,
  type Link,
  type LinkPage,
  type LinkStats,
  type LinkWithConditions,
  type ValidationErrorBody,
} from '../../packages/client/src/index.ts';
import { cliUserWithToken } from '../helpers/cli.ts';
import { startService, type RunningService } from '../helpers/process.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const BAD_URL_MESSAGE = 'The redirect url field must be a valid http or https URL of at most 2048 characters.';

let service: RunningService;
let client: HoplinkClient;
beforeAll(async () => {
  service = await startService();
  const { token } = await cliUserWithToken({ env: service.env, email: 'client@example.com', plan: 'business' });
  client = createHoplinkClient({ baseUrl: service.apiUrl, token });
});
afterAll(async () => {
  await service?.stop();
});

/** The `data` of a call that must succeed with `status`; the failure shows the error body. */
async function expectData<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, status = 200) {
  const { data, error, response } = await call;
  expect({ status: response.status, error }).toEqual({ status, error: undefined });
  return data as T;
}

describe('@hoplink/client against a running service', () => {
  let link: Link;

  it('creates a link', async () => {
    link = await expectData(
      client.POST('/links', { body: { redirect_url: 'https://example.com/client/sale', short_code: 'client-sale' } }),
      201,
    );
    expectTypeOf(link).toEqualTypeOf<Link>();
    expect(link).toMatchObject({
      short_code: 'client-sale',
      redirect_url: 'https://example.com/client/sale',
      type: 'simple',
      is_active: true,
      click_count: 0,
      category: null,
      domain: null,
    });
    expect(link.short_url).toMatch(/\/client-sale$/);
    expect(new Date(link.created_at).toISOString()).toBe(link.created_at);
  });

  it('lists links with per_page and search', async () => {
    for (const path of ['spring', 'summer']) {
      await expectData(client.POST('/links', { body: { redirect_url: `https://example.com/client/${path}` } }), 201);
    }
    await expectData(client.POST('/links', { body: { redirect_url: 'https://example.org/elsewhere' } }), 201);

    const page = await expectData(
      client.GET('/links', { params: { query: { per_page: 2, search: 'example.com/client', sort: 'id' } } }),
    );
    expectTypeOf(page).toEqualTypeOf<LinkPage>();
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
    expect(page.data.map((l) => l.redirect_url)).toEqual([
      'https://example.com/client/summer',
      'https://example.com/client/spring',
    ]);
    expect(page.links.next).toMatch(/[?&]page=2(&|$)/);
    expect(page.links.next).toContain('per_page=2');

    const found = await expectData(client.GET('/links', { params: { query: { search: 'CLIENT-SALE' } } }));
    expect(found.data.map((l) => l.id)).toEqual([link.id]);
  });

  it('reads a link', async () => {
    const read = await expectData(client.GET('/links/{id}', { params: { path: { id: link.id } } }));
    expectTypeOf(read).toEqualTypeOf<LinkWithConditions>();
    expect(read).toEqual({ ...link, conditions: [] });
  });

  it("reads a link's stats after a visit", async () => {
    const visit = await fetch(`${service.shortUrl}/${link.short_code}`, {
      redirect: 'manual',
      headers: { 'user-agent': FIREFOX },
    });
    expect(visit.status).toBe(302);
    const query = { with: 'browser,device' };
    let stats: LinkStats | undefined;
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      stats = await expectData(client.GET('/links/{id}/stats', { params: { path: { id: link.id }, query } }));
      if (stats.total_clicks > 0) break;
    }
    expectTypeOf(stats!).toEqualTypeOf<LinkStats>();
    expect(stats).toMatchObject({
      link_id: link.id,
      total_clicks: 1,
      clicks_this_month: 1,
      browser: [{ value: 'firefox', clicks: 1 }],
      device: [{ value: 'desktop', clicks: 1 }],
    });
    expect(stats!.trend).toHaveLength(30);
    expect(stats!.trend!.reduce((sum, day) => sum + day.clicks, 0)).toBe(1);
  });

  it('updates a link', async () => {
    const updated = await expectData(
      client.PATCH('/links/{id}', {
        params: { path: { id: link.id } },
        body: { is_active: false, redirect_url: 'https://example.com/client/winter' },
      }),
    );
    expectTypeOf(updated).toEqualTypeOf<Link>();
    expect(updated).toMatchObject({
      id: link.id,
      short_code: 'client-sale',
      redirect_url: 'https://example.com/client/winter',
      is_active: false,
      click_count: 1,
    });
  });

  it('bulk-creates links and reports the invalid item in errors', async () => {
    const links: CreateLinkInput[] = [
      { redirect_url: 'https://example.com/client/bulk-1' },
      { redirect_url: 'example.com/client/no-scheme' },
      { redirect_url: 'https://example.com/client/bulk-3', short_code: 'client-bulk' },
    ];
    const result = await expectData(client.POST('/links/bulk', { body: { links } }));
    expectTypeOf(result).toEqualTypeOf<BulkCreateResult>();
    expect(result.created).toMatchObject([
      { redirect_url: 'https://example.com/client/bulk-1' },
      { redirect_url: 'https://example.com/client/bulk-3', short_code: 'client-bulk' },
    ]);
    expect(result.created[0]?.short_code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(result.errors).toEqual([{ index: 1, message: BAD_URL_MESSAGE }]);
  });

  it('answers a typed 422 body for an invalid link', async () => {
    const { data, error, response } = await client.POST('/links', {
      body: { redirect_url: 'example.com/no-scheme' },
    });
    expect(response.status).toBe(422);
    expect(data).toBeUndefined();
    expectTypeOf(error).toEqualTypeOf<ErrorBody | ValidationErrorBody | undefined>();
    if (!isValidationError(error)) throw new Error(`expected a validation error, got ${JSON.stringify(error)}`);
    expectTypeOf(error.errors).toEqualTypeOf<Record<string, string[]>>();
    expect(error.errors.redirect_url).toEqual([BAD_URL_MESSAGE]);
    expect(error.message).toMatch(/^The redirect url field must be a valid http or https URL/);
  });

  it('answers a typed message for other errors, and deletes', async () => {
    const stranger = createHoplinkClient({ baseUrl: service.apiUrl, token: 'hl_not-a-token' });
    const refused = await stranger.GET('/links');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ message: 'Unauthenticated.' });
    expect(isValidationError(refused.error)).toBe(false);

    const deleted = await client.DELETE('/links/{id}', { params: { path: { id: link.id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/links/{id}', { params: { path: { id: link.id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error?.message).toEqual(expect.any(String));
  });
});
