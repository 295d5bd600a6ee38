import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/storage/errors.ts';
import { engines, useMigratedDatabase } from '../helpers/database.ts';

describe.runIf(engines.includes('postgres'))('named statements on PostgreSQL', () => {
  const database = useMigratedDatabase('postgres');

  // A migration run by another instance adds a column: PostgreSQL refuses to run a prepared
  // `select *` whose result columns changed, on every connection that prepared it.
  const addColumn = async (table: string, column: string) => {
    await sql`alter table ${sql.table(table)} add column ${sql.id(column)} integer not null default 7`.execute(
      database.db,
    );
  };
  const selectAll = (table: string) => sql<{ a: number; b?: number }>`/* prepared */ select * from ${sql.table(table)}`;
  const onEveryConnection = async (table: string) => {
    // Ten at once: the pool opens its ten connections, and each prepares the statement.
    await Promise.all(
      Array.from({ length: 10 }, () => database.db.transaction().execute((trx) => selectAll(table).execute(trx))),
    );
  };

  it('are prepared again, under a new name, when their result columns change', async () => {
    await sql`create table probe_outside (a integer)`.execute(database.db);
    await sql`insert into probe_outside (a) values (1)`.execute(database.db);
    await onEveryConnection('probe_outside');
    await addColumn('probe_outside', 'b');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => selectAll('probe_outside').execute(database.db)),
    );
    for (const result of results) expect(result.rows).toEqual([{ a: 1, b: 7 }]);
  });

  it('fail a transaction as the database being unavailable, once, when their result columns change in it', async () => {
    await sql`create table probe_inside (a integer)`.execute(database.db);
    await sql`insert into probe_inside (a) values (1)`.execute(database.db);
    await onEveryConnection('probe_inside');
    await addColumn('probe_inside', 'b');
    const read = () =>
      database.db.transaction().execute(async (trx) => (await selectAll('probe_inside').execute(trx)).rows);
    const failed = await read().catch((error: unknown) => error);
    // What a unit of work turns into a 503 with "try again shortly" (UnitOfWork.transact).
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(await read()).toEqual([{ a: 1, b: 7 }]);
  });
});
