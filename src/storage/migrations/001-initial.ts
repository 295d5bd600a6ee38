import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const bigint = pg ? 'bigint' : 'integer';

  await idColumn(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('plan', 'varchar(20)', (c) => c.notNull().defaultTo('free'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('api_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('abilities', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('categories'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('categories_user_name', ['user_id', 'name'])
    .execute();

  await idColumn(db, db.schema.createTable('domains'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hostname', 'varchar(253)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('verification_token', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_checked_at', 'varchar(30)')
    .addColumn('verified_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domains_user').on('domains').columns(['user_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('links'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('restrict'))
    .addColumn('short_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('redirect_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('simple'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('click_count', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // Codes are unique per domain; the default host is domain 0 so NULLs do not escape the index.
  await sql`create unique index links_domain_code on links ((coalesce(domain_id, 0)), short_code)`.execute(db);
  // One index per list sort and filter, each led by the owner (every list query is per user).
  for (const column of ['created_at', 'click_count', 'redirect_url', 'short_code', 'category_id']) {
    await db.schema.createIndex(`links_user_${column}`).on('links').columns(['user_id', column, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['links', 'domains', 'categories', 'api_tokens', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
