import { Migrator, sql, type Kysely } from 'kysely';
import { messageOf } from '../core/errors.ts';
import { isSqlite } from './engine.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Runs pending migrations; throws (so the process exits non-zero) when one fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  // SQLite connections keep temporary data in memory (sqlite-connection.ts); a migration that
  // builds an index over a large table sorts it in temporary files instead.
  const sqlite = isSqlite(db);
  if (sqlite) await sql`pragma temp_store = FILE`.execute(db);
  const { error, results } = await migrator.migrateToLatest().finally(async () => {
    if (sqlite) await sql`pragma temp_store = MEMORY`.execute(db);
  });
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` "${failed.migrationName}"` : '';
    throw new MigrationError(`Migration${name} failed: ${messageOf(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
