import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
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
