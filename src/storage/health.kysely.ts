import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A round trip to the database: resolves when it answers. */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

export const healthStore = { ping };
