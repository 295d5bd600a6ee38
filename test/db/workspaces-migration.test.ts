import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/services/tokens.ts';
import { openDatabase } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import type { Database } from '../../src/storage/schema.ts';
import { findActiveTokenByHash } from '../../src/storage/tokens.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// Migration 020 on a database that 019 left with two users' data in every table they owned:
// written with raw SQL in that schema, then migrated to the latest, and read back.

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the schema before 020, which the app's types no longer describe
type Old = Kysely<any>;

/** `insert into table (...) values (...) returning *`, as the schema of the moment has it. */
async function insert(db: Old, table: string, row: Row): Promise<Row> {
  const columns = Object.keys(row);
  const { rows } = await sql<Row>`insert into ${sql.table(table)}
    (${sql.join(columns.map((column) => sql.ref(column)))}) values (${sql.join(Object.values(row))})
    returning *`.execute(db);
  return rows[0]!;
}

async function select(db: Old, query: string): Promise<Row[]> {
  return (await sql<Row>`${sql.raw(query)}`.execute(db)).rows;
}

/** `select count(*) from <from>`, as a number (PostgreSQL's count is a bigint, a string in pg's hands). */
async function count(db: Old, from: string): Promise<number> {
  const rows = await select(db, `select count(*) as n from ${from}`);
  return Number(rows[0]!.n);
}

/** The tables 020 keeps, by their name before it (user_daily_stats becomes workspace_daily_stats). */
const KEPT_TABLES: Record<string, string> = {
  users: 'users',
  sessions: 'sessions',
  api_tokens: 'api_tokens',
  categories: 'categories',
  domains: 'domains',
  domain_claims: 'domain_claims',
  links: 'links',
  clicks: 'clicks',
  link_daily_stats: 'link_daily_stats',
  link_daily_dimension_stats: 'link_daily_dimension_stats',
  link_dimension_stats: 'link_dimension_stats',
  link_daily_bots: 'link_daily_bots',
  link_daily_visitors: 'link_daily_visitors',
  landing_options: 'landing_options',
  affiliate_tags: 'affiliate_tags',
  webhooks: 'webhooks',
  webhook_deliveries: 'webhook_deliveries',
  webhook_attempts: 'webhook_attempts',
  imports: 'imports',
  import_sources: 'import_sources',
  import_upload_chunks: 'import_upload_chunks',
  user_daily_stats: 'workspace_daily_stats',
};
/** What a user owned, each row by its id: its `user_id` must come back as `workspace_id`. */
const OWNED_TABLES = ['categories', 'domains', 'links', 'affiliate_tags', 'webhooks', 'imports'];
/** The tables whose `workspace_id` references workspaces after 020. */
const KEYED = [...OWNED_TABLES, 'workspace_daily_stats', 'api_tokens'];

const AT = '2026-10-01T12:00:00.000Z';
const LATER = '2026-12-01T12:00:00.000Z';
let tokens = 0;

interface OldUser {
  id: number;
  email: string;
  plan: string;
  downgradedAt: string | null;
  localizeDefault: number;
  token: string;
}

/** A user of the old schema with something in every table a user owned, directly or through a link. */
async function populate(db: Old, email: string, plan: string, downgradedAt: string | null, localize: number) {
  const user = await insert(db, 'users', {
    email,
    password_hash: null,
    plan,
    downgraded_at: downgradedAt,
    localize_default: localize,
    created_at: AT,
    updated_at: AT,
  });
  const userId = Number(user.id);
  const stamps = { created_at: AT, updated_at: AT };
  const local = email.split('@')[0]!;
  const category = await insert(db, 'categories', { user_id: userId, name: 'News', ...stamps });
  const hostname = `go.${local}.test`;
  const domain = await insert(db, 'domains', {
    user_id: userId,
    hostname,
    status: 'active',
    verification_token: `token-${local}`,
    ...stamps,
  });
  await insert(db, 'domain_claims', { hostname, user_id: userId, claimed_at: AT });
  for (const [index, code] of [`${local}1`, `${local}2`].entries()) {
    const link = await insert(db, 'links', {
      user_id: userId,
      // The second user's second link is on its domain; the first user's links on the default host.
      domain_id: index === 1 && plan === 'business' ? domain.id : null,
      short_code: code,
      redirect_url: `https://example.com/${code}`,
      click_count: 3,
      category_id: index === 0 ? category.id : null,
      ...stamps,
    });
    const linkId = Number(link.id);
    for (const minute of [1, 2, 3]) {
      await insert(db, 'clicks', {
        link_id: linkId,
        clicked_at: `2026-11-01T08:0${minute}:00.000Z`,
        country: 'FR',
        device: 'desktop',
        browser: 'chrome',
        os: 'windows',
      });
    }
    await insert(db, 'link_daily_stats', { link_id: linkId, day: '2026-11-01', clicks: 3, unique_clicks: 2 });
    await insert(db, 'link_daily_dimension_stats', {
      link_id: linkId,
      day: '2026-11-01',
      dimension: 'country',
      value: 'FR',
      clicks: 3,
    });
    await insert(db, 'link_dimension_stats', { link_id: linkId, dimension: 'country', value: 'FR', clicks: 3 });
    await insert(db, 'link_daily_bots', { link_id: linkId, day: '2026-11-01', bots: 1 });
    await insert(db, 'link_daily_visitors', { link_id: linkId, day: '2026-11-01', visitor: `v${linkId}` });
    await insert(db, 'landing_options', { link_id: linkId, position: 0, url: 'https://example.com/a', picks: 1 });
  }
  await insert(db, 'user_daily_stats', { user_id: userId, day: '2026-11-01', clicks: 6, unique_clicks: 4 });
  await insert(db, 'affiliate_tags', { user_id: userId, program_id: 1, tag: `${local}-20`, ...stamps });
  tokens += 1;
  const token = `hl_migrated_token_${tokens}`;
  await insert(db, 'api_tokens', {
    user_id: userId,
    name: 'zapier',
    token_hash: hashToken(token),
    abilities: 'read,create,update,delete',
    ...stamps,
  });
  const webhook = await insert(db, 'webhooks', {
    user_id: userId,
    url: 'https://hooks.example.com/',
    events: 'link.created',
    secret: 'whsec_x',
    ...stamps,
  });
  const delivery = await insert(db, 'webhook_deliveries', {
    webhook_id: webhook.id,
    delivery_id: `delivery-${local}`,
    event: 'link.created',
    payload: '{}',
    status: 'delivered',
    attempts: 1,
    ...stamps,
  });
  await insert(db, 'webhook_attempts', {
    delivery_id: delivery.id,
    attempted_at: AT,
    status_code: 200,
    duration_ms: 12,
  });
  const job = await insert(db, 'imports', { user_id: userId, status: 'queued', total: 1, ...stamps });
  await insert(db, 'import_sources', { import_id: job.id, source: 'url\nhttps://example.com/\n' });
  await insert(db, 'import_upload_chunks', { import_id: job.id, seq: 0, data: Buffer.from('url\n') });
  await insert(db, 'sessions', {
    id: `${local}`.padEnd(64, '0'),
    user_id: userId,
    csrf_token: 'csrf',
    expires_at: LATER,
    created_at: AT,
    last_seen_at: AT,
  });
  return { id: userId, email, plan, downgradedAt, localizeDefault: localize, token } satisfies OldUser;
}

/** A fresh database of `engine` at 019, for `run`; closed and dropped afterwards. */
async function at019(engine: 'sqlite' | 'postgres', run: (db: Kysely<Database>) => Promise<void>) {
  const fresh = await freshDatabaseUrl(engine);
  const handle = openDatabase(fresh.url);
  try {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('019-import-uploads')).error).toBeUndefined();
    await run(handle.db);
  } finally {
    await handle.close();
    await fresh.drop();
  }
}

/** Each owned table's rows as `id -> owner`, under the owner column of the moment. */
async function owners(db: Old, column: 'user_id' | 'workspace_id'): Promise<Record<string, Record<number, number>>> {
  const result: Record<string, Record<number, number>> = {};
  for (const table of OWNED_TABLES) {
    const rows = await select(db, `select id, ${column} as owner from ${table} order by id`);
    result[table] = Object.fromEntries(rows.map((row) => [Number(row.id), Number(row.owner)]));
  }
  return result;
}

describe.each(engines)('migration 020 on %s', (engine) => {
  it("gives each user a workspace with the user's id, and moves everything they owned into it", async () => {
    await at019(engine, async (db) => {
      // A user who left before the migration: the ids that follow do not start at 1.
      const gone = await insert(db, 'users', { email: 'gone@example.com', created_at: AT, updated_at: AT });
      await sql`delete from users where id = ${gone.id}`.execute(db);
      const users = [
        await populate(db, 'ann@example.com', 'pro', '2026-09-01T00:00:00.000Z', 0),
        await populate(db, 'bea@example.com', 'business', null, 1),
      ];
      // Same local part as Ann: the slug must differ.
      const twin = await insert(db, 'users', { email: 'ann@elsewhere.test', created_at: AT, updated_at: AT });
      const before: Record<string, number> = {};
      for (const table of Object.keys(KEPT_TABLES)) before[table] = await count(db, table);
      const ownersBefore = await owners(db, 'user_id');
      const claimsBefore = await select(db, 'select hostname, user_id as owner from domain_claims order by hostname');
      const statsBefore = await select(db, 'select user_id as owner, day, clicks from user_daily_stats order by 1');
      const tokensBefore = await select(db, 'select id, user_id from api_tokens order by id');

      await migrateToLatest(db);

      const after: Record<string, number> = {};
      for (const [table, renamed] of Object.entries(KEPT_TABLES)) after[table] = await count(db, renamed);
      expect(after).toEqual(before);
      expect(await owners(db, 'workspace_id')).toEqual(ownersBefore);
      expect(await select(db, 'select hostname, workspace_id as owner from domain_claims order by hostname')).toEqual(
        claimsBefore,
      );
      expect(
        await select(db, 'select workspace_id as owner, day, clicks from workspace_daily_stats order by 1'),
      ).toEqual(statsBefore);

      const workspaces = await select(
        db,
        'select id, name, slug, plan, downgraded_at, localize_default from workspaces order by id',
      );
      const twinId = Number(twin.id);
      expect(workspaces.map((w) => ({ ...w, id: Number(w.id), localize_default: Number(w.localize_default) }))).toEqual(
        [
          ...users.map((user) => ({
            id: user.id,
            name: user.email.split('@')[0],
            slug: expect.any(String),
            plan: user.plan,
            downgraded_at: user.downgradedAt,
            localize_default: user.localizeDefault,
          })),
          { id: twinId, name: 'ann', slug: expect.any(String), plan: 'free', downgraded_at: null, localize_default: 0 },
        ],
      );
      const slugs = workspaces.map((w) => String(w.slug));
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/);
      expect(slugs.slice(0, 2)).toEqual(['ann', 'bea']);

      const members = await select(db, 'select workspace_id, user_id, role from workspace_members order by user_id');
      expect(members.map((m) => [Number(m.workspace_id), Number(m.user_id), m.role])).toEqual(
        [...users.map((user) => user.id), twinId].map((id) => [id, id, 'owner']),
      );
      const personal = await select(db, 'select id, personal_workspace_id from users order by id');
      for (const row of personal) expect(Number(row.personal_workspace_id)).toBe(Number(row.id));
      const columns = await db.introspection.getTables();
      const usersTable = columns.find((table) => table.name === 'users')!;
      for (const moved of ['plan', 'downgraded_at', 'localize_default'])
        expect(usersTable.columns.map((c) => c.name)).not.toContain(moved);

      // Tokens keep their maker, act in the maker's workspace, and still authenticate, as its owner.
      const tokensAfter = await select(db, 'select id, user_id, workspace_id from api_tokens order by id');
      expect(tokensAfter.map((row) => [Number(row.id), Number(row.user_id), Number(row.workspace_id)])).toEqual(
        tokensBefore.map((row) => [Number(row.id), Number(row.user_id), Number(row.user_id)]),
      );
      for (const user of users) {
        const found = await findActiveTokenByHash(db, hashToken(user.token));
        expect(found).toMatchObject({ user: { id: user.id, email: user.email }, role: 'owner' });
        expect(found?.workspace).toMatchObject({ id: user.id, plan: user.plan });
      }

      // New rows take ids above the old ones: the workspaces' sequence starts past the users' ids.
      const maxOld = Math.max(...workspaces.map((w) => Number(w.id)));
      const account = await insertAccount(db, { email: 'new@example.com', plan: 'free' });
      expect(account.workspaceId).toBeGreaterThan(maxOld);
      const maxLink = Math.max(...Object.keys(ownersBefore.links!).map(Number));
      const { rows: newLink } = await sql<{ id: number }>`insert into links
        (workspace_id, short_code, redirect_url, created_at, updated_at)
        values (${account.workspaceId}, 'after020', 'https://example.com/', ${AT}, ${AT}) returning id`.execute(db);
      expect(Number(newLink[0]!.id)).toBeGreaterThan(maxLink);
    });
  });
});

describe('migration 020 on sqlite', () => {
  it('points owned tables at workspaces, keeps their indexes and triggers, leaves the file consistent', async () => {
    await at019('sqlite', async (db) => {
      const ann = await populate(db, 'ann@example.com', 'pro', null, 0);
      const bea = await populate(db, 'bea@example.com', 'business', null, 0);
      const dependents = async () =>
        (
          await select(
            db,
            `select type, name, tbl_name from sqlite_schema where type in ('index', 'trigger') and sql is not null
              and tbl_name in ('links', 'categories', 'domains', 'affiliate_tags', 'webhooks', 'imports')
              order by name`,
          )
        ).map((row) => `${row.type} ${row.name}`);
      const before = await dependents();

      await migrateToLatest(db);

      // Migration 029 adds the link count's triggers and 034 replaces the checker's due index; every
      // other index and trigger is as it was.
      const kept = (await dependents()).filter((name) => !name.startsWith('trigger links_count_'));
      expect(kept).toEqual(before.map((name) => name.replace('links_health_due', 'links_health_turns')));
      expect(await select(db, 'pragma foreign_key_check')).toEqual([]);
      expect(await select(db, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      for (const table of KEYED) {
        const keys = await select(db, `pragma foreign_key_list(${table})`);
        const toWorkspaces = keys.filter((key) => key.table === 'workspaces');
        expect(toWorkspaces, table).toEqual([
          expect.objectContaining({ from: 'workspace_id', to: 'id', on_delete: 'CASCADE' }),
        ]);
        if (table !== 'api_tokens')
          expect(
            keys.filter((key) => key.table === 'users'),
            table,
          ).toEqual([]);
      }
      // The search triggers were made again with the table: a new link is queued for indexing.
      await sql`insert into links (workspace_id, short_code, redirect_url, created_at, updated_at)
        values (${ann.id}, 'indexed', 'https://example.com/', ${AT}, ${AT})`.execute(db);
      const queued = await select(
        db,
        "select link_id from links_search_queue where link_id in (select id from links where short_code = 'indexed')",
      );
      expect(queued).toHaveLength(1);

      // Deleting Ann's workspace takes what it owns, and what its links own, by cascade; Bea's stays.
      const owned = async (workspaceId: number) => {
        const counts: Record<string, number> = {};
        for (const table of [...OWNED_TABLES, 'api_tokens', 'workspace_members', 'workspace_daily_stats'])
          counts[table] = await count(db, `${table} where workspace_id = ${workspaceId}`);
        return counts;
      };
      /** Rows owned through a link, a webhook or an import: Ann's two links, one webhook, one import. */
      const THROUGH = {
        clicks: 6,
        link_daily_stats: 2,
        link_daily_dimension_stats: 2,
        link_dimension_stats: 2,
        link_daily_bots: 2,
        landing_options: 2,
        webhook_deliveries: 1,
        webhook_attempts: 1,
        import_sources: 1,
        import_upload_chunks: 1,
      };
      const totals = async () => {
        const counts: Record<string, number> = {};
        for (const table of Object.keys(THROUGH)) counts[table] = await count(db, table);
        return counts;
      };
      const beaBefore = await owned(bea.id);
      const totalsBefore = await totals();
      await sql`delete from workspaces where id = ${ann.id}`.execute(db);
      expect(Object.values(await owned(ann.id)).every((n) => n === 0)).toBe(true);
      expect(await owned(bea.id)).toEqual(beaBefore);
      expect(await totals()).toEqual(
        Object.fromEntries(Object.entries(THROUGH).map(([table, annHad]) => [table, totalsBefore[table]! - annHad])),
      );
      // Ann the person is still there, without a personal workspace now.
      expect(await select(db, `select personal_workspace_id from users where id = ${ann.id}`)).toEqual([
        { personal_workspace_id: null },
      ]);
      expect(await select(db, 'pragma foreign_key_check')).toEqual([]);
    });
  });
});

describe.runIf(engines.includes('postgres'))('migration 020 on postgres', () => {
  it("points every owned table's workspace_id at workspaces, cascading, and none of them at users", async () => {
    await at019('postgres', async (db) => {
      await populate(db, 'ann@example.com', 'pro', null, 0);
      await migrateToLatest(db);
      const keys = await select(
        db,
        `select conrelid::regclass::text as "table", confrelid::regclass::text as "references",
           confdeltype as on_delete, (select array_agg(attname order by attname) from pg_attribute
             where attrelid = conrelid and attnum = any(conkey))::text as columns
         from pg_constraint where contype = 'f'
           and conrelid::regclass::text in (${KEYED.map((table) => `'${table}'`).join(', ')})
         order by 1, 2`,
      );
      for (const table of KEYED) {
        const own = keys.filter((key) => key.table === table);
        expect(
          own.filter((key) => key.references === 'workspaces'),
          table,
        ).toEqual([expect.objectContaining({ columns: '{workspace_id}', on_delete: 'c' })]);
        const toUsers = own.filter((key) => key.references === 'users');
        expect(toUsers, table).toEqual(
          table === 'api_tokens' ? [expect.objectContaining({ columns: '{user_id}' })] : [],
        );
      }
      const notNull = await select(
        db,
        `select table_name, is_nullable from information_schema.columns
          where column_name = 'workspace_id' and table_name = 'api_tokens'`,
      );
      expect(notNull).toEqual([{ table_name: 'api_tokens', is_nullable: 'NO' }]);
    });
  });
});

describe.each(engines)('migration 020 slugs on %s', (engine) => {
  it("gives every workspace a slug of its own, even when one user's suffixed slug is another's email", async () => {
    await at019(engine, async (db) => {
      // bob-12 for the user of id 10 first; then bob for 11; then the second bob, id 12, would be bob-12 too.
      for (const [id, email] of [
        [10, 'bob-12@example.com'],
        [11, 'bob@example.com'],
        [12, 'bob@elsewhere.test'],
        [13, '...@example.com'],
      ] as const) {
        await insert(db, 'users', { id, email, created_at: AT, updated_at: AT });
      }
      await migrateToLatest(db);
      const slugs = (await select(db, 'select slug from workspaces order by id')).map((row) => String(row.slug));
      expect(slugs).toHaveLength(4);
      expect(new Set(slugs).size).toBe(4);
      expect(slugs.slice(0, 2)).toEqual(['bob-12', 'bob']);
      expect(slugs[3]).toBe('workspace');
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/);
    });
  });
});
