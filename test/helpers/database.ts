import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL runs when TEST_DATABASE_URL is set (CI sets it); SQLite always. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

export const engines: Array<'sqlite' | 'postgres'> = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A database URL nobody else uses: SQLite in memory, or a fresh PostgreSQL schema (selected
 * through search_path) so test files can run in parallel against one server.
 */
export async function freshDatabaseUrl(engine: 'sqlite' | 'postgres'): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { url: 'sqlite::memory:', drop: async () => {} };
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}
