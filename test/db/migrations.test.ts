import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

describe.each(engines)('migrations on %s', (engine) => {
  it('apply every migration in name order on an empty database', async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    try {
      expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort());
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});

describe('a SQLite database file', () => {
  it('is created with its folder on first open', async () => {
    const { mkdtempSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hoplink-'));
    const path = join(dir, 'nested', 'hoplink.db');
    const handle = openDatabase(`sqlite:${path}`);
    await migrateToLatest(handle.db);
    await handle.close();
    expect(existsSync(path)).toBe(true);
  });
});
