import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/imports', name), 'utf8');

/** Uploads `csv` as `user` and waits for the background job to finish; answers its final record. */
async function importCsv(user: TestUser, csv: string) {
  const res = await t.api('POST', '/imports', csv, { ...user.headers, 'content-type': 'text/csv' });
  expect(res.statusCode, res.body).toBe(202);
  const queued = res.json();
  expect(queued).toMatchObject({ status: 'queued', processed: 0, errors: [] });
  for (let i = 0; i < 200; i++) {
    await t.ctx.imports.runOnce();
    const job = (await t.api('GET', `/imports/${queued.id}`, undefined, user.headers)).json();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the import did not finish');
}

/** The user's links as stored, by code. */
async function linksOf(user: TestUser) {
  const rows = await t.ctx.database.db
    .selectFrom('links')
    .leftJoin('categories', 'categories.id', 'links.category_id')
    .select([
      'links.short_code',
      'links.redirect_url',
      'links.title',
      'links.created_at',
      'categories.name as category',
    ])
    .where('links.workspace_id', '=', user.user.workspaceId)
    .execute();
  return new Map(rows.map((row) => [row.short_code, row]));
}

/** Each link's tag names, by code. */
async function tagsOf(user: TestUser) {
  const page = (await user.api('GET', '/links?per_page=100')).json().data as {
    short_code: string;
    tags: { name: string }[];
  }[];
  return new Map(page.map((link) => [link.short_code, link.tags.map((tag) => tag.name)]));
}

describe('POST /imports, source formats', () => {
  it('imports a Bitly export, taking the code from the bitlink and the first tag as the category', async () => {
    const user = await t.user('business');
    const job = await importCsv(user, fixture('bitly.csv'));
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, created: 3, skipped: 0, invalid: 0 });
    const links = await linksOf(user);
    expect(links.get('3bTlyA1')).toMatchObject({
      redirect_url: 'https://example.com/bitly/spring-sale',
      title: 'Spring sale',
      category: 'newsletter',
      created_at: '2023-05-01T12:00:00.000Z',
    });
    expect(links.get('bitly-launch')).toMatchObject({ title: 'Launch, day one', category: null });
    expect(links.get('3bTlyC3')).toMatchObject({ title: null, category: 'pricing' });
    // Every tag is kept as a tag, the first one too.
    const tags = await tagsOf(user);
    expect(tags.get('3bTlyA1')).toEqual(['newsletter', 'promo']);
    expect(tags.get('bitly-launch')).toEqual([]);
  });

  it('imports a YOURLS export by keyword, with its timestamps as UTC, and reports the bad row by number', async () => {
    const user = await t.user('business');
    const job = await importCsv(user, fixture('yourls.csv'));
    expect(job).toMatchObject({ status: 'done', total: 3, created: 2, invalid: 1 });
    expect(job.errors).toEqual([{ row: 3, message: expect.stringMatching(/redirect url field must be a valid http/) }]);
    const links = await linksOf(user);
    expect(links.get('yr-home')).toMatchObject({
      redirect_url: 'https://example.com/yourls/home',
      title: 'YOURLS home page',
      created_at: '2022-03-04T05:06:07.000Z',
    });
    expect(links.get('yr-docs')?.title).toBe('Docs: "getting started"');
    expect(links.has('yr-bad')).toBe(false);
  });

  it('imports a Shlink export: shortCode, longUrl, createdAt and |-separated tags', async () => {
    const user = await t.user('business');
    const job = await importCsv(user, fixture('shlink.csv'));
    expect(job).toMatchObject({ status: 'done', created: 3 });
    const links = await linksOf(user);
    expect(links.get('shl-blog')).toMatchObject({
      redirect_url: 'https://example.com/shlink/blog',
      title: 'Blog',
      category: 'blog',
      created_at: '2024-01-10T09:00:00.000Z',
    });
    expect(links.get('shl-shop')).toMatchObject({ title: null, category: 'shop' });
    expect(links.get('shl-news')).toMatchObject({ title: 'Newsroom', category: null });
    const tags = await tagsOf(user);
    expect(tags.get('shl-blog')).toEqual(['blog', 'content']);
    expect(tags.get('shl-shop')).toEqual(['shop']);
  });

  it("imports a file with Kutt's field names: address, target, description", async () => {
    const user = await t.user('business');
    const job = await importCsv(user, fixture('kutt.csv'));
    expect(job).toMatchObject({ status: 'done', created: 2 });
    const links = await linksOf(user);
    expect(links.get('kutt-gh')).toMatchObject({
      redirect_url: 'https://github.com/thedevs-network/kutt',
      title: 'Kutt on GitHub',
    });
    expect(links.get('kutt-docs')?.title).toBeNull();
  });

  it('creates a category once per name and reuses the ones the user has', async () => {
    const user = await t.user('business');
    await user.api('POST', '/categories', { name: 'promo' });
    await importCsv(
      user,
      'url,tags\nhttps://example.com/a,promo\nhttps://example.com/b,promo|x\nhttps://example.com/c,new\n',
    );
    const names = (await user.api('GET', '/categories')).json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['new', 'promo']);
  });
});

describe('POST /imports, rows', () => {
  it('reports every bad row with its 1-based data row number and imports the others', async () => {
    const user = await t.user('business');
    const csv = [
      'redirect_url,short_code,title',
      'https://example.com/ok-1,,First', // row 1
      'not a url,,', // row 2
      'https://example.com/ok-3,ab,', // row 3: code too short
      'https://example.com/ok-4,api,', // row 4: reserved
      `https://example.com/ok-5,,${'t'.repeat(256)}`, // row 5: title too long
      ',,', // row 6: no destination
      'https://example.com/ok-7,good-code-7,Seventh', // row 7
    ].join('\n');
    const job = await importCsv(user, csv);
    expect(job).toMatchObject({ status: 'done', total: 7, processed: 7, created: 2, invalid: 5, skipped: 0 });
    expect(job.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4, 5, 6]);
    expect(job.errors[1].message).toMatch(/3 to 64/);
    expect(job.errors[2].message).toMatch(/reserved/);
    expect(job.errors[3].message).toMatch(/255 characters/);
    expect(job.errors[4].message).toMatch(/redirect url field is required/);
    expect([...(await linksOf(user)).keys()]).toContain('good-code-7');
  });

  it('skips a code that is taken, by another user or earlier in the same file, with the reason', async () => {
    const other = await t.user('business');
    const taken = `taken-${Date.now()}`;
    expect(
      (await other.api('POST', '/links', { redirect_url: 'https://example.com/x', short_code: taken })).statusCode,
    ).toBe(201);
    const user = await t.user('business');
    const job = await importCsv(
      user,
      [
        'url,alias',
        `https://example.com/1,${taken}`,
        `https://example.com/2,mine-${taken}`,
        `https://example.com/3,mine-${taken}`,
        '',
      ].join('\n'),
    );
    expect(job).toMatchObject({ status: 'done', created: 1, skipped: 2, invalid: 0 });
    expect(job.errors).toEqual([
      { row: 1, message: `The short code "${taken}" has already been taken; the row was skipped.` },
      { row: 3, message: `The short code "mine-${taken}" has already been taken; the row was skipped.` },
    ]);
  });

  it('keeps only the first 100 errors but counts them all', async () => {
    const user = await t.user('business');
    const rows = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? `https://example.com/${i}` : 'nope'));
    const job = await importCsv(user, `url\n${rows.join('\n')}\n`);
    expect(job).toMatchObject({ status: 'done', total: 150, created: 50, invalid: 100 });
    expect(job.errors).toHaveLength(100);
    const many = Array.from({ length: 120 }, () => 'nope');
    const more = await importCsv(user, `url\n${many.join('\n')}\n`);
    expect(more.invalid).toBe(120);
    expect(more.errors).toHaveLength(100);
    expect(more.errors.at(-1).row).toBe(100);
  });

  it('fails a file that ends inside a quoted cell, with the reason, keeping the rows before it', async () => {
    const user = await t.user('business');
    const job = await importCsv(
      user,
      'url,title\nhttps://example.com/fine,ok\nhttps://example.com/broken,"never closed\n',
    );
    expect(job.status).toBe('failed');
    expect(job.failure_reason).toMatch(/could not be read after data row 1/);
    expect(job.created).toBe(1);
  });
});

describe('POST /imports, the request', () => {
  it('answers 413 with a JSON message for a body over 50 MB', async () => {
    const big = `url\n${'https://example.com/0123456789\n'.repeat(Math.ceil((50 * 1024 * 1024) / 31) + 10)}`;
    const res = await t.api('POST', '/imports', big, { ...t.headers, 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('accepts a file far over the 1 MB that JSON bodies may have', async () => {
    const user = await t.user('business');
    // Long addresses make the file large with few rows (three chunks): the size is what is tested,
    // and each row is a link written and indexed, seconds for 60,000 of them.
    const path = 'a-rather-long-path/'.repeat(12);
    const rows = Array.from({ length: 12_000 }, (_, i) => `https://example.com/${path}number/${i}`);
    const csv = `url\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const job = await importCsv(user, csv);
    expect(job).toMatchObject({ status: 'done', created: 12_000 });
  }, 60_000);

  it('is Business only: 403 for Pro, on upload and reads', async () => {
    const pro = await t.user('pro');
    const res = await t.api('POST', '/imports', 'url\nhttps://example.com\n', {
      ...pro.headers,
      'content-type': 'text/csv',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Business/);
    expect((await pro.api('GET', '/imports')).statusCode).toBe(403);
  });

  it('answers 422 for a file without a destination column, and for an empty file', async () => {
    for (const csv of ['code,title\nabc,def\n', '']) {
      const res = await t.api('POST', '/imports', csv, { ...t.headers, 'content-type': 'text/csv' });
      expect(res.statusCode, csv).toBe(422);
      expect(res.json().errors.file).toBeDefined();
    }
  });

  it('answers 415 for a body that is not CSV', async () => {
    const res = await t.api('POST', '/imports', 'x', { ...t.headers, 'content-type': 'application/xml' });
    expect(res.statusCode).toBe(415);
  });

  it("lists the user's imports, newest first, and hides other users' (404 unknown, 403 not yours)", async () => {
    const user = await t.user('business');
    const first = await importCsv(user, 'url\nhttps://example.com/l1\n');
    const second = await importCsv(user, 'url\nhttps://example.com/l2\n');
    const list = (await user.api('GET', '/imports')).json();
    expect(list.data.map((j: { id: number }) => j.id)).toEqual([second.id, first.id]);
    const stranger = await t.user('business');
    expect((await stranger.api('GET', `/imports/${first.id}`)).statusCode).toBe(403);
    expect((await stranger.api('GET', '/imports/999999')).statusCode).toBe(404);
  });
});

describe('GET /links/export', () => {
  it('streams every link as CSV with the documented header, quoting commas, quotes and newlines', async () => {
    const user = await t.user('pro');
    const title = 'Comma, "quote" and\nnewline';
    const created = await user.api('POST', '/links', {
      redirect_url: 'https://example.com/q?a=1,2',
      short_code: `exp-${Date.now()}`,
    });
    expect(created.statusCode).toBe(201);
    await t.ctx.database.db.updateTable('links').set({ title }).where('id', '=', created.json().id).execute();
    await user.api('POST', '/links', { redirect_url: 'https://example.com/second' });
    const res = await user.api('GET', '/links/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="hoplink-links-/);
    const [header] = res.body.split('\n');
    expect(header).toBe(
      'id,short_code,short_url,redirect_url,title,category,domain,is_active,click_count,expires_at,created_at',
    );
    expect(res.body).toContain('"Comma, ""quote"" and\nnewline"');
    expect(res.body).toContain('"https://example.com/q?a=1,2"');
    const records = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      id: String(created.json().id),
      short_url: created.json().short_url,
      title,
      is_active: 'true',
      click_count: '0',
      expires_at: '',
    });
  });

  it('pages through more links than one page holds, each once, in id order', async () => {
    const user = await t.user('business');
    const rows = Array.from({ length: 2500 }, (_, i) => `https://example.com/page/${i}`);
    await importCsv(user, `url\n${rows.join('\n')}\n`);
    const res = await user.api('GET', '/links/export');
    const records = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(2500);
    const ids = records.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(records.map((r) => r.redirect_url)).size).toBe(2500);
  });

  it('round-trips: an export imports back with the same codes and titles', async () => {
    const source = await t.user('business');
    await importCsv(source, 'url,short_code,title\nhttps://example.com/rt,round-trip-1,"A, b"\n');
    const exported = (await source.api('GET', '/links/export')).body;
    await t.ctx.database.db.deleteFrom('links').where('workspace_id', '=', source.user.workspaceId).execute();
    const job = await importCsv(source, exported);
    expect(job).toMatchObject({ created: 1, invalid: 0 });
    expect((await linksOf(source)).get('round-trip-1')?.title).toBe('A, b');
  });

  it('writes formula-like titles and categories spreadsheet-safe, and imports them back unchanged', async () => {
    const source = await t.user('business');
    const csv = 'url,short_code,title,category\nhttps://example.com/f,formula-1,"=HYPERLINK(""https://x/"")",@evil\n';
    await importCsv(source, csv);
    const exported = (await source.api('GET', '/links/export')).body;
    const [record] = parse(exported, { columns: true }) as Array<Record<string, string>>;
    expect(record).toMatchObject({ title: `'=HYPERLINK("https://x/")`, category: "'@evil" });
    await t.ctx.database.db.deleteFrom('links').where('workspace_id', '=', source.user.workspaceId).execute();
    await importCsv(source, exported);
    expect((await linksOf(source)).get('formula-1')).toMatchObject({
      title: '=HYPERLINK("https://x/")',
      category: '@evil',
    });
  });

  it('is refused to the free plan (403) and needs the read ability', async () => {
    const free = await t.user('free');
    expect((await free.api('GET', '/links/export')).statusCode).toBe(403);
    const writeOnly = await t.user('pro', ['create']);
    expect((await writeOnly.api('GET', '/links/export')).statusCode).toBe(403);
  });
});
