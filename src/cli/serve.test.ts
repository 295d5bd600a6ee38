import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './program.ts';
import { SERVICE_ENV, SERVICE_NODE_FLAGS, withServiceEnv, withServiceFlags, workersRefusal } from './serve.ts';

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

describe('the V8 settings a service process runs with', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));

  it('are added to a worker’s flags, without overriding one the operator gave', () => {
    expect(withServiceFlags(['--inspect'])).toEqual(['--inspect', ...SERVICE_NODE_FLAGS]);
    expect(withServiceFlags(['--max-semi-space-size=32'])).toEqual([
      '--max-semi-space-size=32',
      '--heap-growing-percent=20',
    ]);
    expect(withServiceFlags(['--heap-growing-percent=100', '--max-semi-space-size=8'])).toEqual([
      '--heap-growing-percent=100',
      '--max-semi-space-size=8',
    ]);
  });

  it('are the ones `npm start` and the container image start the service with', () => {
    const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    const image = readFileSync(join(root, 'Dockerfile'), 'utf8');
    for (const flag of SERVICE_NODE_FLAGS) {
      expect(start).toContain(flag);
      expect(image).toMatch(new RegExp(`CMD \\[.*"${flag}".*"serve"\\]`));
    }
  });
});

describe('the environment a service process runs with', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));

  it('is added to a worker’s environment, without overriding a value the operator set', () => {
    expect(withServiceEnv({ DATABASE_URL: 'postgres://db/x' })).toEqual({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '32768',
      MALLOC_TRIM_THRESHOLD_: '67108864',
      DATABASE_URL: 'postgres://db/x',
    });
    expect(withServiceEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(withServiceEnv({ MALLOC_ARENA_MAX: undefined }).MALLOC_ARENA_MAX).toBe('2');
  });

  it('is what `npm start`, the container image and the systemd unit set', () => {
    const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    const image = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const unit = readFileSync(join(root, 'docs/deployment.md'), 'utf8');
    for (const [name, value] of Object.entries(SERVICE_ENV)) {
      expect(start).toMatch(new RegExp(`${name}=\\$\\{${name}:-${value}\\} (\\w+=\\S+ )*exec node `));
      expect(image).toMatch(new RegExp(`^ENV [^]*^\\s+${name}=${value} \\\\$`, 'm'));
      expect(unit).toContain(`Environment=${name}=${value}`);
    }
  });
});
