import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The key stored under `name`, made from `candidate` by the first caller: every instance of the
 * service, started together or not, ends up with the same one (the insert of all but the first
 * does nothing).
 */
export async function serverKey(
  db: Kysely<Database>,
  input: { name: string; candidate: string; now: string },
): Promise<string> {
  await db
    .insertInto('server_keys')
    .values({ name: input.name, value: input.candidate, created_at: input.now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', input.name)
    .executeTakeFirstOrThrow();
  return row.value;
}

export const serverKeyStore = { get: serverKey };
