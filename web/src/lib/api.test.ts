import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The clients take fetch and Request when they are created, and their base URLs are relative to the
// dashboard's address: both are stood in for before api.ts is loaded.
const ORIGIN = 'http://dashboard.test';
class DashboardRequest extends Request {
  constructor(input: string | URL | Request, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
  }
}
const answers: Response[] = [];
const sent: Request[] = [];
vi.stubGlobal('Request', DashboardRequest);
vi.stubGlobal('fetch', async (request: Request) => {
  sent.push(request);
  return answers.shift() ?? new Response(null, { status: 204 });
});
const api = await import('./api.ts');
const { ApiError, setCsrf } = await import('./http.ts');
const { showWorkspace } = await import('./workspace-route.ts');
afterAll(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const lastRequest = () => sent.at(-1)!;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('resolved'),
    (e: unknown) => e,
  );

beforeEach(() => {
  answers.length = 0;
  sent.length = 0;
  setCsrf('csrf-1');
  showWorkspace(undefined);
});

describe('what the dashboard sends', () => {
  it('a GET with the session cookie, asking for JSON, without the CSRF header', async () => {
    answers.push(json({ data: [] }));
    await api.listCategories();
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.url).toBe(`${ORIGIN}/api/v1/categories`);
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.has('x-csrf-token')).toBe(false);
  });

  it("any other method with the session's CSRF token, and a JSON body as JSON", async () => {
    answers.push(json({ id: 7 }, 201));
    await api.createCategory({ name: 'Shoes' });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{"name":"Shoes"}');
  });

  it('the dashboard-only endpoints under /dashboard-api, with the same headers', async () => {
    setCsrf('csrf-2');
    await api.revokeToken(12);
    const request = lastRequest();
    expect([request.method, request.url]).toEqual(['DELETE', `${ORIGIN}/dashboard-api/tokens/12`]);
    expect(request.headers.get('x-csrf-token')).toBe('csrf-2');
    expect(request.headers.has('content-type')).toBe(false);
  });

  it('path parameters and queries where the schema puts them; the breakdowns joined by plain commas', async () => {
    answers.push(json({ link_id: 3 }));
    await api.linkStats(3, ['country', 'device'], { from: '2026-01-01', to: '2026-01-31' });
    expect(lastRequest().url).toBe(`${ORIGIN}/api/v1/links/3/stats?with=country,device&from=2026-01-01&to=2026-01-31`);
    answers.push(json({ link_id: 3 }));
    await api.linkStats(3);
    expect(lastRequest().url).toBe(`${ORIGIN}/api/v1/links/3/stats`);
    answers.push(json({ data: [], next_cursor: null }));
    await api.rawClicks(3, 50, '');
    expect(lastRequest().url).toBe(`${ORIGIN}/api/v1/links/3/clicks?limit=50`);
  });

  it('a CSV import as the file itself, typed text/csv', async () => {
    answers.push(json({ id: 1, status: 'queued' }, 202));
    const file = new Blob(['long_url\nhttps://example.com/\n']);
    expect(await api.startImport(file)).toEqual({ id: 1, status: 'queued' });
    const request = lastRequest();
    expect(request.headers.get('content-type')).toBe('text/csv');
    expect(request.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(await request.text()).toBe('long_url\nhttps://example.com/\n');
  });

  it('the workspace of the address with every request, to both APIs; none for a bare address', async () => {
    await api.listCategories();
    expect(lastRequest().headers.has('x-hoplink-workspace')).toBe(false);
    showWorkspace('acme');
    answers.push(json({ data: [] }));
    await api.listCategories();
    expect(lastRequest().headers.get('x-hoplink-workspace')).toBe('acme');
    await api.leaveWorkspace();
    expect(lastRequest().url).toBe(`${ORIGIN}/dashboard-api/workspace/leave`);
    expect(lastRequest().headers.get('x-hoplink-workspace')).toBe('acme');
  });

  it('the session asked for a named workspace, or with an empty header for the personal one', async () => {
    showWorkspace('acme');
    answers.push(json({}));
    await api.getMe('other');
    expect(lastRequest().headers.get('x-hoplink-workspace')).toBe('other');
    answers.push(json({}));
    await api.getMe(undefined);
    expect(lastRequest().headers.get('x-hoplink-workspace')).toBe('');
  });

  it('the plain links point at the API', () => {
    expect(api.EXPORT_URL).toBe('/api/v1/links/export');
    expect(api.rawClicksCsvUrl(9)).toBe('/api/v1/links/9/clicks?format=csv');
  });

  it('the QR code’s preview and downloads are the API’s, naming the workspace in the query', async () => {
    const { DEFAULT_QR_OPTIONS } = await import('./qr-options.ts');
    showWorkspace('acme');
    expect(api.linkQrUrl(7, { ...DEFAULT_QR_OPTIONS, fg: '#1d4ed8' }, 'png')).toBe(
      '/api/v1/links/7/qr?format=png&size=512&fg=%231d4ed8&bg=%23ffffff&ec=M&margin=1&logo=false&workspace=acme',
    );
    expect(api.qrLogoUrl(3)).toBe('/api/v1/workspace/qr-logo?v=3&workspace=acme');
    answers.push(new Response(null, { status: 404 }));
    expect(await api.hasQrLogo()).toBe(false);
    answers.push(new Response(new Uint8Array([137, 80]), { status: 200, headers: { 'content-type': 'image/png' } }));
    expect(await api.hasQrLogo()).toBe(true);
    showWorkspace(undefined);
  });
});

describe('what the dashboard makes of the answers', () => {
  it('a success resolves with its JSON, a 204 with undefined', async () => {
    answers.push(json({ data: [{ id: 1, name: 'Shoes' }] }));
    expect(await api.listCategories()).toEqual({ data: [{ id: 1, name: 'Shoes' }] });
    expect(await api.deleteCategory(1)).toBeUndefined();
  });

  it('a 422 rejects with its message and its messages by field', async () => {
    const errors = { name: ['The name field is required.'] };
    answers.push(json({ message: 'The given data was invalid.', errors }, 422));
    const error = await rejection(api.createCategory({ name: '' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.', errors });
  });

  it('a 401, a rate limit and a server error in words a person can act on', async () => {
    answers.push(json({ message: 'Unauthenticated.' }, 401));
    expect(await rejection(api.getMe(undefined))).toMatchObject({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
    answers.push(json({ message: 'Too Many Attempts.' }, 429));
    expect(await rejection(api.listLinks({}))).toMatchObject({
      message: 'Too many requests just now. Wait a moment and try again.',
    });
    const ownWords =
      'You have 2 imports under way (uploading, queued or running); an account may have at most 2 at once.';
    answers.push(json({ message: ownWords }, 429));
    expect(await rejection(api.startImport(new Blob(['x'])))).toMatchObject({ message: ownWords });
    answers.push(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await rejection(api.listDomains())).toMatchObject({
      status: 502,
      message: 'Something went wrong on our side. Please try again.',
      errors: {},
    });
  });

  it('a refusal with no body says its status', async () => {
    answers.push(new Response(null, { status: 404 }));
    expect(await rejection(api.getLink(5))).toMatchObject({ status: 404, message: 'Request failed (404).' });
  });
});
