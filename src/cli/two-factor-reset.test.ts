import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { totpCodeAt, totpStep } from '../core/totp.ts';
import { EventBus } from '../services/events.ts';
import { enableTwoFactor, startEnrolment } from '../services/two-factor.ts';
import { UnitOfWork } from '../services/unit-of-work.ts';
import { openDatabase } from '../storage/database.ts';
import { runCli } from './program.ts';

async function run(env: Record<string, string>, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), env });
  return { code, out, err };
}

describe('hoplink user reset-two-factor', () => {
  it('turns a locked-out person’s two factors off, and says when there were none', async () => {
    const url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'hoplink-cli-')), 'cli.db')}`;
    const env = { DATABASE_URL: url };
    const email = 'lost@example.com';
    await run(env, 'user', 'create', '--email', email, '--password', 'a good long password');
    const handle = openDatabase(url);
    const uow = new UnitOfWork(handle.db, new EventBus());
    const enrolled = async () => (await uow.read((stores) => stores.users.findByEmail(email)))!.twoFactorEnabled;
    try {
      const user = (await uow.read((stores) => stores.users.findByEmail(email)))!;
      const { secret } = await startEnrolment(uow, user, 'a good long password');
      await enableTwoFactor(uow, user.id, totpCodeAt(secret, totpStep(Date.now())));
      expect(await enrolled()).toBe(true);

      const reset = await run(env, 'user', 'reset-two-factor', '--email', email, '--json');
      expect(reset.code).toBe(0);
      expect(JSON.parse(reset.out)).toEqual({ email, two_factor_reset: true });
      expect(await enrolled()).toBe(false);
      const codes = await uow.read((stores) => stores.twoFactor.unusedRecoveryCodes(user.id));
      expect(codes).toBe(0);

      const again = await run(env, 'user', 'reset-two-factor', '--email', email);
      expect(again.out).toBe(`<${email}> had no two-factor sign-in on; nothing changed.\n`);
      const nobody = await run(env, 'user', 'reset-two-factor', '--email', 'nobody@example.com');
      expect(nobody.code).not.toBe(0);
      expect(nobody.err).toMatch(/No user with email nobody@example.com/);
    } finally {
      await handle.close();
    }
  });
});
