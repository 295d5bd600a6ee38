import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './program.ts';

function cli(moreEnv: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-cli-'));
  const env = { DATABASE_URL: `sqlite:${join(dir, 'cli.db')}`, ...moreEnv };
  return async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(argv, {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
      env,
    });
    return { code, out, err };
  };
}

describe('hoplink CLI: users and tokens', () => {
  it('creates a user and prints exactly one JSON object with --json', async () => {
    const run = cli();
    const res = await run(
      'user',
      'create',
      '--email',
      'Ann@Example.com',
      '--password',
      'long enough',
      '--plan',
      'pro',
      '--json',
    );
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out)).toEqual({ id: 1, email: 'ann@example.com', plan: 'pro' });
    expect(res.out.trim().split('\n')).toHaveLength(1);
  });

  it('runs a command and says so when the Redis that would tell running instances cannot be reached', async () => {
    // Nothing listens on port 1: the command still commits; the instances' caches expire as usual.
    const run = cli({ REDIS_URL: 'redis://127.0.0.1:1' });
    const created = await run('user', 'create', '--email', 'cy@example.com', '--plan', 'pro', '--json');
    expect(created.err, 'a command that changes nothing instances cache opens no connection').toBe('');
    const res = await run('user', 'set-plan', '--email', 'cy@example.com', '--plan', 'business', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out)).toMatchObject({ email: 'cy@example.com', plan: 'business' });
    expect(res.err).toMatch(/Redis unreachable .*caches expire/);
  });

  it('changes a plan and creates and revokes tokens', async () => {
    const run = cli();
    await run('user', 'create', '--email', 'bob@example.com', '--plan', 'free');
    expect(
      JSON.parse((await run('user', 'set-plan', '--email', 'bob@example.com', '--plan', 'business', '--json')).out),
    ).toMatchObject({ plan: 'business' });
    const token = JSON.parse(
      (
        await run(
          'token',
          'create',
          '--email',
          'bob@example.com',
          '--name',
          'zapier',
          '--abilities',
          'read,create',
          '--json',
        )
      ).out,
    );
    expect(token).toMatchObject({ id: 1, name: 'zapier', abilities: ['read', 'create'] });
    expect(token.token).toMatch(/^hl_/);
    expect((await run('token', 'revoke', '--id', '1')).code).toBe(0);
    const again = await run('token', 'revoke', '--id', '99');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/No token with id 99/);
  });

  it.each([
    [['user', 'create', '--email', 'x@example.com', '--plan', 'gold'], /free, pro or business/],
    [['user', 'create', '--plan', 'pro'], /--email/],
    [['token', 'create', '--email', 'nobody@example.com', '--name', 'n'], /No user with email/],
    [['token', 'create', '--email', 'x@example.com', '--name', 'n', '--abilities', 'read,root'], /root/],
    [['token', 'revoke', '--id', 'abc'], /positive whole number/],
    [['user', 'create', '--email', 'short@example.com', '--password', 'short'], /at least 8/],
  ])('fails clearly for %j', async (argv, message) => {
    const res = await cli()(...argv);
    expect(res.code).not.toBe(0);
    expect(res.err).toMatch(message);
  });
});

describe('hoplink CLI: refusals, help and migrations', () => {
  it('refuses a duplicate email', async () => {
    const run = cli();
    await run('user', 'create', '--email', 'dup@example.com');
    const res = await run('user', 'create', '--email', 'DUP@example.com');
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/already been taken/);
  });

  it('has --help on every command', async () => {
    const run = cli();
    for (const argv of [
      [],
      ['user'],
      ['user', 'create'],
      ['user', 'set-plan'],
      ['token'],
      ['token', 'create'],
      ['token', 'revoke'],
      ['migrate'],
    ]) {
      const res = await run(...argv, '--help');
      expect(res.code, argv.join(' ')).toBe(0);
      expect(res.out).toMatch(/Usage: hoplink/);
    }
  });

  it('migrates and says so', async () => {
    const res = await cli()('migrate', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out)).toMatchObject({ migrated: true });
  });
});
