import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keepingStatements } from '../../src/storage/statement-cache.ts';

describe('the SQLite connection that keeps its statements', () => {
  it('hands the same prepared statement out for the same text, and a fresh one while it is busy', () => {
    const sqlite = new SQLite(':memory:');
    const database = keepingStatements(sqlite);
    const first = database.prepare('select 1 as one');
    expect(database.prepare('select 1 as one')).toBe(first);
    expect(database.prepare('select 2 as two')).not.toBe(first);

    const iterating = database.prepare('select value from json_each(?)');
    const rows = iterating.iterate(['[1,2,3]']);
    rows.next(); // an open iterator: the statement is busy until it is done
    const meanwhile = database.prepare('select value from json_each(?)');
    expect(meanwhile).not.toBe(iterating);
    expect(meanwhile.all(['[4]'])).toEqual([{ value: 4 }]);
    [...rows];
    expect(database.prepare('select value from json_each(?)')).toBe(iterating);
    database.close();
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const database = keepingStatements(new SQLite(':memory:'), 2);
    const a = database.prepare('select 1');
    database.prepare('select 2');
    database.prepare('select 3');
    expect(database.prepare('select 1')).not.toBe(a);
    database.close();
  });

  it('serves Kysely: plain and streamed queries, the same text again after a stream', async () => {
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: keepingStatements(new SQLite(':memory:')) }),
    });
    await sql`create table t (n integer)`.execute(db);
    for (let n = 1; n <= 5; n++) await db.insertInto('t').values({ n }).execute();
    const query = db.selectFrom('t').select('n').orderBy('n');
    for (let round = 0; round < 2; round++) {
      const seen: number[] = [];
      for await (const row of query.stream()) seen.push(row.n);
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      expect(await query.execute()).toHaveLength(5);
    }
    await db.destroy();
  });
});
