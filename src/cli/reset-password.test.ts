import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resetPassword } from '../services/account-recovery.ts';
import { checkCredentials } from '../services/accounts.ts';
import { EventBus } from '../services/events.ts';
import { UnitOfWork } from '../services/unit-of-work.ts';
import { openDatabase } from '../storage/database.ts';
import { runCli } from './program.ts';

/** The CLI on a database of its own, and the database itself for what the test checks afterwards. */
function cli(moreEnv: Record<string, string> = {}) {
  const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'hoplink-cli-reset-')), 'cli.db')}`;
  const env = { DATABASE_URL: databaseUrl, APP_URL: 'https://links.example/app', ...moreEnv };
  const run = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t), env };
    const code = await runCli(argv, io);
    return { code, out, err };
  };
  const withUow = async <T>(use: (uow: UnitOfWork) => Promise<T>): Promise<T> => {
    const handle = openDatabase(databaseUrl);
    try {
      return await use(new UnitOfWork(handle.db, new EventBus()));
    } finally {
      await handle.close();
    }
  };
  return { run, withUow };
}

const NEW_PASSWORD = 'a brand new long passphrase';

describe('hoplink user reset-password and verify-email', () => {
  it('prints a link on APP_URL that sets a new password once, within an hour', { timeout: 20_000 }, async () => {
    const { run, withUow } = cli();
    await run('user', 'create', '--email', 'ann@example.com', '--password', 'the first passphrase');
    const printed = await run('user', 'reset-password', '--email', 'Ann@Example.com');
    expect(printed.code, printed.err).toBe(0);
    const lines = printed.out.trim().split('\n');
    expect(lines[0]).toMatch(/^A link to choose a new password for <ann@example.com>, valid once until \S+Z:$/);
    expect(lines[1]).toMatch(/^https:\/\/links\.example\/app\/#\/reset-password\?token=[\w-]{43}$/);
    expect(lines[2]).toBe('Using it signs the user out everywhere.');

    const json = JSON.parse((await run('user', 'reset-password', '--email', 'ann@example.com', '--json')).out);
    expect(Object.keys(json)).toEqual(['email', 'link', 'expires_at']);
    expect(json.email).toBe('ann@example.com');
    const lifetime = Date.parse(json.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(3_500_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);

    const token = new URL(json.link.replace('/#/', '/')).searchParams.get('token')!;
    await withUow(async (uow) => {
      await resetPassword(uow, { token, newPassword: NEW_PASSWORD });
      expect((await checkCredentials(uow, 'ann@example.com', NEW_PASSWORD)).email).toBe('ann@example.com');
      // Used: and the link printed first was voided with it.
      await expect(resetPassword(uow, { token, newPassword: 'yet another passphrase' })).rejects.toThrow(
        /does not work any more/,
      );
      const first = new URL(lines[1]!.replace('/#/', '/')).searchParams.get('token')!;
      await expect(resetPassword(uow, { token: first, newPassword: 'yet another passphrase' })).rejects.toThrow(
        /does not work any more/,
      );
    });
  });

  it('works with SMTP_URL set too, and sends nothing: the operator hands the link over', async () => {
    // Nothing listens on port 1: a send would fail the command.
    const { run } = cli({ SMTP_URL: 'smtp://127.0.0.1:1' });
    await run('user', 'create', '--email', 'bo@example.com');
    const printed = await run('user', 'reset-password', '--email', 'bo@example.com', '--json');
    expect(printed.code, printed.err).toBe(0);
    expect(JSON.parse(printed.out).link).toMatch(/^https:\/\/links\.example\/app\/#\/reset-password\?token=/);
  });

  it('fails clearly for an address no user has', async () => {
    const res = await cli().run('user', 'reset-password', '--email', 'nobody@example.com');
    expect(res.code).toBe(1);
    expect(res.err).toBe('hoplink: No user with email nobody@example.com.\n');
  });

  it('verifies the address of a user who signed up, for an instance that sends no email', async () => {
    const { run, withUow } = cli();
    await run('migrate');
    // As a sign-up makes it: unverified.
    const user = await withUow((uow) =>
      uow.transact(({ stores }) => stores.users.insert({ email: 'dee@example.com' })),
    );
    expect(user.emailVerified).toBe(false);
    const printed = await run('user', 'verify-email', '--email', 'Dee@Example.com', '--json');
    expect(printed.code, printed.err).toBe(0);
    expect(JSON.parse(printed.out)).toEqual({ id: user.id, email: 'dee@example.com', email_verified: true });
    const found = await withUow((uow) => uow.read((stores) => stores.users.findByEmail('dee@example.com')));
    expect(found?.emailVerified).toBe(true);
    expect((await run('user', 'verify-email', '--email', 'dee@example.com')).out).toBe(
      `User ${user.id} <dee@example.com> has a verified address.\n`,
    );
    const nobody = await run('user', 'verify-email', '--email', 'nobody@example.com');
    expect([nobody.code, nobody.err]).toEqual([1, 'hoplink: No user with email nobody@example.com.\n']);
  });

  it('creates users whose address counts as verified: the operator vouches for it', async () => {
    const { run, withUow } = cli();
    await run('user', 'create', '--email', 'cy@example.com');
    const user = await withUow((uow) => uow.read((stores) => stores.users.findByEmail('cy@example.com')));
    expect(user?.emailVerified).toBe(true);
  });
});
