import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import type { Database } from '../../src/storage/schema.ts';

/** PostgreSQL runs when TEST_DATABASE_URL is set (CI sets it); SQLite always. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

export const engines: Array<'sqlite' | 'postgres'> = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A database nobody else uses: SQLite in memory, or a fresh PostgreSQL database on the server
 * of TEST_DATABASE_URL, so test files run in parallel against one server. (A schema per test
 * is not enough: Kysely's migrator looks for its own tables in every schema.)
 */
export async function freshDatabaseUrl(engine: 'sqlite' | 'postgres'): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { url: 'sqlite::memory:', drop: async () => {} };
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hoplink_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database of `engine` with every migration applied. On PostgreSQL, a copy of a template
 * migrated once (about 30 ms, against 200 ms of migrating each database): the template's name
 * carries a hash of the migrations, so an edited or new migration gets a template of its own.
 */
export async function freshMigratedDatabaseUrl(
  engine: 'sqlite' | 'postgres',
): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === 'sqlite') return freshDatabaseUrl(engine);
  const template = await migratedTemplate();
  const name = `hoplink_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

const MIGRATIONS = resolve(import.meta.dirname, '../../src/storage/migrations');
let template: Promise<string> | undefined;

/**
 * The name of the migrated template, made by the first caller on this server that finds none:
 * migrated under a name of its own, then renamed, so a copy is only ever made of a whole one.
 * Files running side by side may both make one; the rename of the second fails and it is dropped.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const file of readdirSync(MIGRATIONS).sort())
      hash.update(`${file}\0`).update(readFileSync(join(MIGRATIONS, file)));
    const name = `hoplink_template_${hash.digest('hex').slice(0, 16)}`;
    if (await databaseExists(name)) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${building}`);
    const handle = openDatabase(databaseUrl(building));
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    // The pool's connections may take a moment to leave once closed (55006: still in use).
    for (let attempt = 1; ; attempt++) {
      try {
        await adminQuery(`alter database ${building} rename to ${name}`);
        return name;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === '55006' && attempt < 50) {
          await new Promise((resolveWait) => setTimeout(resolveWait, 20));
          continue;
        }
        await adminQuery(`drop database if exists ${building} with (force)`);
        if (code === '42P04') return name; // made meanwhile by another file: use that one
        throw error;
      }
    }
  })();
  return template;
}

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database of `engine` for the calling suite: opened before its tests, closed
 * and dropped after them. Read `db` inside tests (it exists once the suite has started).
 */
export function useMigratedDatabase(engine: 'sqlite' | 'postgres'): { readonly db: Kysely<Database> } {
  let handle: DatabaseHandle | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const fresh = await freshMigratedDatabaseUrl(engine);
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    if (engine === 'sqlite') await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop();
  });
  return {
    get db() {
      if (!handle) throw new Error('the database opens when the suite starts');
      return handle.db;
    },
  };
}

/** A link of `userId`'s as most tests need one: active, plain, no category or domain, unless `extra` says otherwise. */
export function insertPlainLink(
  db: Kysely<Database>,
  workspaceId: number,
  shortCode: string,
  extra: Partial<Parameters<typeof insertLink>[1]> = {},
) {
  return insertLink(db, {
    workspaceId,
    shortCode,
    redirectUrl: 'https://example.com',
    isActive: true,
    categoryId: null,
    domainId: null,
    conditions: [],
    ...extra,
  });
}

/**
 * The plan of a statement, as text: SQLite's `explain query plan`, or PostgreSQL's `explain` with
 * sequential scans discouraged (a test's table of a few rows is cheaper to read whole; what a test
 * asks is whether PostgreSQL can seek). The statement is planned, not run.
 */
export async function explainPlan(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  statement: CompiledQuery,
): Promise<string> {
  const parameters = [...statement.parameters];
  if (engine === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, parameters),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${statement.sql}`, parameters),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * The statements `run` sends through `db`, captured as they are compiled. A CTE's query is
 * compiled on its own too, before the statement that embeds it, and is left out: it is not sent.
 */
export async function statementsOf(
  db: Kysely<Database>,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const compiled: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(db.withPlugin(capture));
  return compiled.filter(
    (one) => !compiled.some((other) => other.sql.length > one.sql.length && other.sql.includes(one.sql)),
  );
}
