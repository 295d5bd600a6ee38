import { describe, expect, it } from 'vitest';
import { runCli } from './program.ts';
import { workersRefusal } from './serve.ts';

describe('hoplink serve --workers', () => {
  it('refuses several workers on SQLite or without Redis, with the reason', () => {
    expect(workersRefusal(2, 'sqlite:./data/hoplink.db', 'redis://127.0.0.1:6379')).toMatch(/PostgreSQL/);
    expect(workersRefusal(2, 'postgres://db/x', undefined)).toMatch(/REDIS_URL/);
    expect(workersRefusal(2, 'postgres://db/x', 'redis://r')).toBeUndefined();
    expect(workersRefusal(1, 'sqlite:./x.db', undefined)).toBeUndefined();
  });

  it('says so on the command line and exits non-zero', async () => {
    let err = '';
    const code = await runCli(['serve', '--workers', '2'], {
      out: () => {},
      err: (t) => {
        err += t;
      },
      env: { DATABASE_URL: 'sqlite:/tmp/never.db' },
    });
    expect(code).toBe(1);
    expect(err).toMatch(/several workers need PostgreSQL/);
  });
});
