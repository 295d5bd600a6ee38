import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';

describe('driver errors', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: 'SQLITE_BUSY', message: 'database is locked' }],
    [{ code: 'SQLITE_IOERR_SHORT_READ', message: 'disk I/O error' }],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
  ])('tells an unreachable database (%o) from a bad query', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([[{ code: '23505' }], [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }], [new Error('syntax error')], ['text'], [null]])(
    'does not call %o unavailable',
    (error) => {
      expect(isDatabaseUnavailable(error)).toBe(false);
    },
  );

  it('knows a unique violation from either engine', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation({ code: 'ECONNRESET' })).toBe(false);
  });
});
