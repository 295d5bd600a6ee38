import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteConnection } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';

/** SQLite's temp_store values. */
const FILE = 1;
const MEMORY = 2;

// A link insert's statement journal (about 29 pages with its indexes and triggers) spilled to a
// temporary file on every insert; the service's connections keep it in memory.
describe('temporary data of the SQLite connections', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hoplink-temp-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('is kept in memory on every connection', () => {
    const connection = openSqliteConnection(join(dir, 'other.db'));
    try {
      expect(connection.pragma('temp_store', { simple: true })).toBe(MEMORY);
    } finally {
      connection.close();
    }
  });

  it('goes to files while migrations build their indexes, and back to memory after them', async () => {
    const connection = openSqliteConnection(join(dir, 'migrated.db'));
    const seen: unknown[] = [];
    const db = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: connection }),
      plugins: [
        {
          transformQuery: ({ node }) => node,
          transformResult: async ({ result }) => {
            seen.push(connection.pragma('temp_store', { simple: true }));
            return result;
          },
        },
      ],
    });
    try {
      await migrateToLatest(db);
      expect(seen.length).toBeGreaterThan(10);
      // Every statement of the migrations ran with FILE; the last one put MEMORY back.
      expect(seen.slice(1, -1).every((value) => value === FILE)).toBe(true);
      expect(connection.pragma('temp_store', { simple: true })).toBe(MEMORY);
    } finally {
      await db.destroy();
    }
  });
});
