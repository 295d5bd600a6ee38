import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/** The tables a user owned that a workspace owns now: their `user_id` becomes `workspace_id`. */
const OWNED = ['categories', 'domains', 'links', 'affiliate_tags', 'webhooks', 'imports'] as const;

/**
 * Workspaces own what users owned. Every existing user gets a personal workspace whose id is the
 * user's id, so each owned row's `user_id` value is already its workspace's id: the column is
 * renamed and its foreign key pointed at `workspaces`, and no row changes. The plan, the downgrade
 * time and the storefront default move from the user to the workspace. API tokens keep their
 * maker (`user_id`) and gain the workspace they act in. Members with roles, pending invitations
 * and the audit log are new tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL runs a migration in a transaction; SQLite runs it outside one, so this one opens its
  // own, with foreign keys off meanwhile (a pragma that only works outside a transaction) so that
  // rebuilding a table cascades nothing. The keys are checked before the commit.
  if (isPostgres(db)) return migrate(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    await migrate(db);
    const { rows } = await sql`pragma foreign_key_check`.execute(db);
    if (rows.length > 0) throw new Error(`foreign keys broken: ${JSON.stringify(rows.slice(0, 5))}`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function migrate(db: Kysely<any>): Promise<void> {
  await createTables(db);
  await copyUsersToWorkspaces(db);
  await db.schema
    .alterTable('users')
    .addColumn('personal_workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('set null'))
    .execute();
  await sql`update users set personal_workspace_id = id`.execute(db);
  await sql`insert into workspace_members (workspace_id, user_id, role, created_at, updated_at)
    select id, id, 'owner', created_at, created_at from users`.execute(db);
  await db.schema
    .alterTable('api_tokens')
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('cascade'))
    .execute();
  await sql`update api_tokens set workspace_id = user_id`.execute(db);
  await db.schema.createIndex('api_tokens_workspace').on('api_tokens').columns(['workspace_id', 'id']).execute();
  await db.schema.alterTable('user_daily_stats').renameTo('workspace_daily_stats').execute();
  await db.schema.alterTable('domain_claims').renameColumn('user_id', 'workspace_id').execute();
  for (const table of [...OWNED, 'workspace_daily_stats']) {
    await db.schema.alterTable(table).renameColumn('user_id', 'workspace_id').execute();
    if (isPostgres(db)) await retargetPostgres(db, table);
  }
  if (isPostgres(db)) {
    await sql`alter table api_tokens alter column workspace_id set not null`.execute(db);
  } else {
    for (const table of [...OWNED, 'workspace_daily_stats']) await rebuildSqliteTable(db, table);
  }
  for (const column of ['plan', 'downgraded_at', 'localize_default']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

async function createTables(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('workspaces'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('slug', 'varchar(48)', (c) => c.notNull().unique())
    .addColumn('plan', 'varchar(20)', (c) => c.notNull().defaultTo('free'))
    .addColumn('downgraded_at', 'varchar(30)')
    .addColumn('localize_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('workspace_members_user').on('workspace_members').columns(['user_id']).execute();
  await idColumn(db, db.schema.createTable('workspace_invitations'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('workspace_invitations_email', ['workspace_id', 'email'])
    .execute();
  // No AUTOINCREMENT on SQLite: its sequence table is one more write a change; ids only grow anyway,
  // since the retention pass deletes the oldest entries, never the newest.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_email', 'varchar(320)')
    .addColumn('actor_token_id', 'integer')
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('resource_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('resource_id', 'varchar(64)')
    .addColumn('fields', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('address', 'varchar(45)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_workspace').on('audit_log').columns(['workspace_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at']).execute();
}

/** A personal workspace per user, with the user's id, plan and settings; its slug from the email. */
async function copyUsersToWorkspaces(db: Kysely<any>): Promise<void> {
  const taken = new Set<string>();
  for (let after = 0; ;) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'plan', 'downgraded_at', 'localize_default', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (users.length === 0) break;
    const rows = users.map((user) => {
      const local = String(user.email).split('@')[0] ?? '';
      const base =
        local
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 32) || 'workspace';
      // The user's id makes a taken slug free, unless another user's email gave that very slug
      // (bob-12@ before the second bob@, whose id is 12): then a number more.
      let slug = base;
      for (let n = 1; taken.has(slug); n++) slug = n === 1 ? `${base}-${user.id}` : `${base}-${user.id}-${n}`;
      taken.add(slug);
      return {
        id: user.id,
        name: local.slice(0, 100) || 'Personal',
        slug,
        plan: user.plan,
        downgraded_at: user.downgraded_at,
        localize_default: user.localize_default,
        created_at: user.created_at,
        updated_at: user.created_at,
      };
    });
    await db.insertInto('workspaces').values(rows).execute();
    after = users[users.length - 1]!.id as number;
  }
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('workspaces', 'id'), coalesce(max(id), 0) + 1, false)
      from workspaces`.execute(db);
  }
}

/** PostgreSQL: the renamed column's foreign key to users is replaced by one to workspaces. */
async function retargetPostgres(db: Kysely<any>, table: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
    where conrelid = ${table}::regclass and confrelid = 'users'::regclass and contype = 'f'`.execute(db);
  for (const { name } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_workspace_fk`)}
    foreign key (workspace_id) references workspaces (id) on delete cascade`.execute(db);
}

/**
 * SQLite cannot change a foreign key in place: the table is built again with its key pointing at
 * workspaces (SQLite's documented procedure: new table, copy, drop, rename, then its indexes and
 * triggers again). Runs with foreign keys off, so dropping the old table cascades nothing.
 */
async function rebuildSqliteTable(db: Kysely<any>, table: string): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_schema
    where tbl_name = ${table} and sql is not null order by type = 'table' desc`.execute(db);
  const [created, ...dependents] = rows;
  const rebuilt = `${table}_rebuilt`;
  const definition = created!.sql
    .replace(/^CREATE TABLE (IF NOT EXISTS )?("?)\w+\2/i, `CREATE TABLE "${rebuilt}"`)
    .replace(
      '"workspace_id" integer not null references "users"',
      '"workspace_id" integer not null references "workspaces"',
    );
  if (!definition.includes('references "workspaces"')) throw new Error(`no key to users in ${table}`);
  const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(
    db,
  );
  await sql.raw(definition).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const dependent of dependents) await sql.raw(dependent.sql).execute(db);
  if (sequence[0])
    await sql`update sqlite_sequence set seq = cast(${sequence[0].seq} as integer) where name = ${table}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migration 020 (workspaces) cannot be undone: restore the backup taken before it.');
}
