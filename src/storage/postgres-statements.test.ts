import { describe, expect, it } from 'vitest';
import { isChangedResultType, PREPARED, StatementNames } from './postgres-statements.ts';

const marked = (text: string) => `${PREPARED} ${text}`;

describe('statement names', () => {
  it('names a marked statement once and gives it the same name every time', () => {
    const names = new StatementNames();
    const first = names.nameOf(marked('select * from links where id = $1'), 1);
    expect(first).toMatch(/^hoplink_\d+$/);
    expect(names.nameOf(marked('select * from links where id = $1'), 1)).toBe(first);
    expect(names.nameOf(`\n  ${marked('insert into links (a) values ($1)')}`, 1)).not.toBe(first);
  });

  it('leaves unmarked statements, long texts and long parameter lists unnamed', () => {
    const names = new StatementNames({ maxLength: 100, maxParameters: 3 });
    expect(names.nameOf('select * from links where id = $1', 1)).toBeUndefined();
    expect(names.nameOf(`select 1 ${PREPARED}`, 0)).toBeUndefined();
    expect(names.nameOf(marked(`select ${'a, '.repeat(50)}b from t`), 0)).toBeUndefined();
    expect(names.nameOf(marked('select * from t where id in ($1, $2, $3, $4)'), 4)).toBeUndefined();
    expect(names.nameOf(marked('select * from t where id in ($1, $2, $3)'), 3)).toBeDefined();
  });

  it('stops naming new statements at its bound, and keeps the names it gave', () => {
    const names = new StatementNames({ max: 2 });
    const a = names.nameOf(marked('select 1 from a'), 0);
    const b = names.nameOf(marked('select 1 from b'), 0);
    expect(names.nameOf(marked('select 1 from c'), 0)).toBeUndefined();
    expect([names.nameOf(marked('select 1 from a'), 0), names.nameOf(marked('select 1 from b'), 0)]).toEqual([a, b]);
  });

  it('gives a renamed statement a name never used before', () => {
    const names = new StatementNames({ max: 2 });
    const a = names.nameOf(marked('select * from a'), 0);
    const b = names.nameOf(marked('select * from b'), 0);
    names.rename(marked('select * from a'));
    const renamed = names.nameOf(marked('select * from a'), 0);
    expect(renamed).toBeDefined();
    expect([a, b]).not.toContain(renamed);
    names.rename(marked('select * from nowhere')); // never named: nothing to do
    expect(names.nameOf(marked('select * from c'), 0)).toBeUndefined();
  });

  it("recognises PostgreSQL's refusal of a statement whose result columns changed", () => {
    expect(isChangedResultType({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isChangedResultType({ code: '0A000', message: 'something else not supported' })).toBe(false);
    expect(isChangedResultType({ code: '42P01', message: 'cached plan must not change result type' })).toBe(false);
    expect(isChangedResultType(undefined)).toBe(false);
  });
});
