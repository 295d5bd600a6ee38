import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import {
  deleteCategory,
  insertCategory,
  listCategories,
  uncategorizeLinks,
} from '../../src/storage/categories.kysely.ts';
import { countLinksOnDomain, insertDomain, linksOnDomainCount } from '../../src/storage/domains.kysely.ts';
import { findLink, listLinks, updateLink } from '../../src/storage/links.kysely.ts';
import { findActiveTokenByHash, insertToken, revokeToken, touchTokens } from '../../src/storage/tokens.kysely.ts';
import { findUserByEmail, insertUser } from '../../src/storage/users.kysely.ts';
import { findPlanState, setWorkspacePlan } from '../../src/storage/workspaces.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import {
  deleteExpiredSessions,
  deleteUserSessions,
  expiredSessionsDeletion,
  findSession,
  insertSession,
  trimUserSessions,
} from '../../src/storage/sessions.kysely.ts';
import { AppError } from '../../src/core/errors.ts';
import { engines, explainPlan, insertPlainLink, useMigratedDatabase } from '../helpers/database.ts';

describe.each(engines)('stores on %s', (engine) => {
  const handle = useMigratedDatabase(engine);

  const newLink = (userId: number, shortCode: string, extra: Parameters<typeof insertPlainLink>[3] = {}) =>
    insertPlainLink(handle.db, userId, shortCode, extra);

  it('runs the migrations once: a second run applies nothing', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it("stores users with a normalised unique email, and changes a workspace's plan", async () => {
    const user = await insertUser(handle.db, { email: ' Mixed@Example.COM ' });
    expect(user.email).toBe('mixed@example.com');
    await expect(insertUser(handle.db, { email: 'mixed@example.com' })).rejects.toMatchObject({
      code: 'validation-failed',
    });
    expect((await findUserByEmail(handle.db, 'MIXED@example.com'))?.id).toBe(user.id);
    const { workspaceId } = await insertAccount(handle.db, { email: `plan-${engine}@example.com`, plan: 'pro' });
    expect((await setWorkspacePlan(handle.db, workspaceId, 'business', null)).plan).toBe('business');
    expect(await findPlanState(handle.db, workspaceId)).toEqual({ plan: 'business', downgradedAt: null });
  });

  it('finds live tokens by hash with their owner, and not once revoked', async () => {
    const user = await insertAccount(handle.db, { email: `tok-${engine}@example.com`, plan: 'pro' });
    const token = await insertToken(handle.db, {
      userId: user.id,
      workspaceId: user.workspaceId,
      name: 'ci',
      abilities: ['read', 'create'],
      tokenHash: 'a'.repeat(64),
    });
    const found = await findActiveTokenByHash(handle.db, 'a'.repeat(64));
    expect(found?.user.email).toBe(user.email);
    expect(found?.token.abilities).toEqual(['read', 'create']);
    await touchTokens(handle.db, new Map([[token.id, '2026-01-01T00:00:00.000Z']]));
    expect((await findActiveTokenByHash(handle.db, 'a'.repeat(64)))?.token.lastUsedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(await revokeToken(handle.db, token.id)).toBe(true);
    expect(await findActiveTokenByHash(handle.db, 'a'.repeat(64))).toBeUndefined();
    expect(await revokeToken(handle.db, token.id)).toBe(false);
  });

  it('keeps short codes unique per domain and case-sensitive, across users on the default host', async () => {
    const a = await insertAccount(handle.db, { email: `a-${engine}@example.com`, plan: 'pro' });
    const b = await insertAccount(handle.db, { email: `b-${engine}@example.com`, plan: 'pro' });
    await newLink(a.workspaceId, 'Same');
    const error = await newLink(b.workspaceId, 'Same').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('short-code-taken');
    expect((await newLink(b.workspaceId, 'same')).shortCode).toBe('same');
  });

  it('lists with sort, direction, search, category filter and counts', async () => {
    const user = await insertAccount(handle.db, { email: `list-${engine}@example.com`, plan: 'pro' });
    const category = await insertCategory(handle.db, user.workspaceId, 'Deals');
    await newLink(user.workspaceId, `x1${engine}`, { redirectUrl: 'https://b.example/100%_off' });
    await newLink(user.workspaceId, `x2${engine}`, { redirectUrl: 'https://a.example/', categoryId: category.id });
    await newLink(user.workspaceId, `x3${engine}`, { redirectUrl: 'https://c.example/SALE' });
    const base = {
      workspaceId: user.workspaceId,
      sort: 'redirect_url' as const,
      direction: 'asc' as const,
      page: 1,
      perPage: 10,
    };
    const all = await listLinks(handle.db, base);
    expect(all.total).toBe(3);
    expect(all.links.map((l) => l.redirectUrl)).toEqual([
      'https://a.example/',
      'https://b.example/100%_off',
      'https://c.example/SALE',
    ]);
    expect((await listLinks(handle.db, { ...base, search: 'sale' })).total).toBe(1);
    expect((await listLinks(handle.db, { ...base, search: '%_' })).total).toBe(1);
    expect((await listLinks(handle.db, { ...base, categoryId: category.id })).links[0]?.category).toEqual({
      id: category.id,
      name: 'Deals',
    });
    const page2 = await listLinks(handle.db, { ...base, perPage: 2, page: 2 });
    expect(page2.links).toHaveLength(1);
    expect(page2.total).toBe(3);
  });

  it('sets links to no category when the category is deleted', async () => {
    const user = await insertAccount(handle.db, { email: `cat-${engine}@example.com`, plan: 'pro' });
    const category = await insertCategory(handle.db, user.workspaceId, 'Old');
    const link = await newLink(user.workspaceId, `cat${engine}`, { categoryId: category.id });
    await handle.db.transaction().execute((trx) => deleteCategory(trx, category.id));
    expect((await findLink(handle.db, link.id))?.category).toBeNull();
    expect(await listCategories(handle.db, user.workspaceId)).toEqual([]);
  });

  it("finds a deleted category's links through their own index, not by reading every link", async () => {
    const plan = await explainPlan(handle.db, engine, uncategorizeLinks(handle.db, 1).compile());
    expect(plan).toMatch(
      engine === 'sqlite'
        ? /SEARCH links USING (COVERING )?INDEX links_category \(category_id=\?\)/
        : /Index Scan using links_category/,
    );
    expect(plan).not.toMatch(/SCAN links|Seq Scan on links/);
  });

  it("counts a domain's links and checks its foreign key through their own index", async () => {
    const user = await insertAccount(handle.db, { email: `dom-${engine}@example.com`, plan: 'business' });
    const domain = await insertDomain(handle.db, {
      workspaceId: user.workspaceId,
      hostname: `go-${engine}.example`,
      verificationToken: 'token',
      requiresTxt: false,
    });
    await newLink(user.workspaceId, `dom${engine}`, { domainId: domain.id });
    expect(await countLinksOnDomain(handle.db, domain.id)).toBe(1);

    const plan = await explainPlan(handle.db, engine, linksOnDomainCount(handle.db, domain.id).compile());
    expect(plan).toMatch(
      engine === 'sqlite'
        ? /SEARCH links USING (COVERING )?INDEX links_domain \(domain_id=\?\)/
        : /Index Only Scan using links_domain|Index Scan using links_domain/,
    );
    expect(plan).not.toMatch(/SCAN links|Seq Scan on links/);
    const unused = await insertDomain(handle.db, {
      workspaceId: user.workspaceId,
      hostname: `unused-${engine}.example`,
      verificationToken: 'token',
      requiresTxt: false,
    });
    const reads = await linkReadsOfDomainDeletion(unused.id);
    expect(reads.scans).toBe(0);
    expect(reads.seeks).toBeGreaterThan(0);
  });

  /**
   * How deleting a domain reads links for its foreign key check, which no plan shows: SQLite's
   * program opens a cursor on links or on an index of them and either rewinds it (a scan) or
   * seeks it; PostgreSQL counts the transaction's scans of links.
   */
  async function linkReadsOfDomainDeletion(domainId: number) {
    if (engine === 'sqlite') {
      const { rows: schema } = await sql<{ name: string; rootpage: number }>`
        select name, rootpage from sqlite_schema where tbl_name = 'links'`.execute(handle.db);
      const linkPages = new Set(schema.map((entry) => entry.rootpage));
      const { rows: program } = await sql<{ opcode: string; p1: number; p2: number }>`
        explain delete from domains where id = ${domainId}`.execute(handle.db);
      const linkCursors = new Set(
        program.filter((op) => op.opcode === 'OpenRead' && linkPages.has(op.p2)).map((op) => op.p1),
      );
      const on = (opcode: string) => program.filter((op) => op.opcode === opcode && linkCursors.has(op.p1)).length;
      return { scans: on('Rewind'), seeks: on('SeekGE') };
    }
    return handle.db.transaction().execute(async (trx) => {
      // As explainPlan does: a table of a few rows would be read whole even with the index.
      await sql`set local enable_seqscan = off`.execute(trx);
      const counts = async () => {
        const { rows } = await sql<{ seq_scan: string; idx_scan: string }>`
          select seq_scan, idx_scan from pg_stat_xact_user_tables where relid = 'links'::regclass`.execute(trx);
        return { scans: Number(rows[0]!.seq_scan), seeks: Number(rows[0]!.idx_scan) };
      };
      const before = await counts();
      await trx.deleteFrom('domains').where('id', '=', domainId).execute();
      const after = await counts();
      return { scans: after.scans - before.scans, seeks: after.seeks - before.seeks };
    });
  }

  it('updates only the given columns and stores conditions as JSON', async () => {
    const user = await insertAccount(handle.db, { email: `upd-${engine}@example.com`, plan: 'business' });
    const link = await newLink(user.workspaceId, `upd${engine}`);
    const conditions = [
      { type: 'country' as const, operator: 'in' as const, values: ['US'], redirect_url: 'https://us.example' },
    ];
    const updated = await updateLink(handle.db, link.id, { isActive: false, conditions });
    expect(updated).toMatchObject({ isActive: false, redirectUrl: 'https://example.com', conditions });
  });

  it('ends all sessions of one user, or all but the one kept, and no one else’s', async () => {
    const user = await insertAccount(handle.db, { email: `sess-${engine}@example.com`, plan: 'free' });
    const other = await insertAccount(handle.db, { email: `sess-other-${engine}@example.com`, plan: 'free' });
    const now = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const session = (id: string, userId: number) =>
      insertSession(handle.db, { id: `${engine}-${id}`, userId, csrfToken: 'csrf', expiresAt, now });
    await session('a', user.id);
    await session('b', user.id);
    await session('c', user.id);
    await session('theirs', other.id);
    expect(await deleteUserSessions(handle.db, user.id, `${engine}-a`)).toBe(2);
    expect(await findSession(handle.db, `${engine}-a`)).toBeDefined();
    expect(await findSession(handle.db, `${engine}-b`)).toBeUndefined();
    expect(await deleteUserSessions(handle.db, user.id)).toBe(1);
    expect(await findSession(handle.db, `${engine}-a`)).toBeUndefined();
    expect(await findSession(handle.db, `${engine}-theirs`)).toBeDefined();
  });

  it('keeps the new session and the newest others up to the cap, ending the oldest, no one else’s', async () => {
    const user = await insertAccount(handle.db, { email: `trim-${engine}@example.com`, plan: 'free' });
    const other = await insertAccount(handle.db, { email: `trim-other-${engine}@example.com`, plan: 'free' });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const session = (id: string, userId: number, minute: number) =>
      insertSession(handle.db, {
        id: `${engine}-trim-${id}`,
        userId,
        csrfToken: 'csrf',
        expiresAt,
        now: `2026-06-01T00:0${minute}:00.000Z`,
      });
    for (const minute of [1, 2, 3, 4]) await session(`old${minute}`, user.id, minute);
    await session('theirs', other.id, 0);
    // Started in the same millisecond as the newest other: the one just started stays all the same.
    await session('started', user.id, 4);
    const trimmed = await handle.db
      .transaction()
      .execute((trx) => trimUserSessions(trx, { userId: user.id, started: `${engine}-trim-started`, keep: 3 }));
    expect(trimmed).toBe(2);
    const left = await handle.db.selectFrom('sessions').select('id').where('id', 'like', `${engine}-trim-%`).execute();
    expect(left.map((row) => row.id.trimEnd()).sort()).toEqual(
      ['old3', 'old4', 'started', 'theirs'].map((id) => `${engine}-trim-${id}`),
    );
  });

  it('sweeps expired sessions, keeps live ones, and finds them through the expiry index', async () => {
    const user = await insertAccount(handle.db, { email: `sweep-${engine}@example.com`, plan: 'free' });
    const now = '2026-06-01T00:00:00.000Z';
    const session = (id: string, expiresAt: string) =>
      insertSession(handle.db, { id: `${engine}-${id}`, userId: user.id, csrfToken: 'csrf', expiresAt, now });
    await session('expired', '2026-05-31T23:59:59.999Z');
    await session('live', '2026-06-01T00:00:00.001Z');
    await deleteExpiredSessions(handle.db, now);
    const left = await handle.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    // char(64): PostgreSQL pads the id with spaces.
    expect(left.map((row) => row.id.trimEnd())).toEqual([`${engine}-live`]);

    const plan = await explainPlan(handle.db, engine, expiredSessionsDeletion(handle.db, now).compile());
    expect(plan).toMatch(
      engine === 'sqlite'
        ? /SEARCH sessions USING (COVERING )?INDEX sessions_expiry \(expires_at<\?\)/
        : /Index Scan (using|on) sessions_expiry/,
    );
    expect(plan).not.toMatch(/SCAN sessions|Seq Scan on sessions/);
  });
});
