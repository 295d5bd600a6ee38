import { Migrator, sql } from 'kysely';
import { insertAccount } from '../helpers/accounts.ts';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.ts';
import {
  deleteExpiredAccountTokens,
  insertAccountToken,
  useAccountToken,
  voidAccountTokens,
} from '../../src/storage/account-tokens.kysely.ts';
import { migrations } from '../../src/storage/migrations/index.ts';
import { findSession, insertSession } from '../../src/storage/sessions.kysely.ts';
import { findActiveTokenByHash, insertToken } from '../../src/storage/tokens.kysely.ts';
import { findUserByEmail, markUserEmailVerified } from '../../src/storage/users.kysely.ts';
import { engines, freshDatabaseUrl, useMigratedDatabase } from '../helpers/database.ts';

const NOW = '2030-01-01T00:00:00.000Z';
const HOUR_LATER = '2030-01-01T01:00:00.000Z';
const hash = (c: string) => c.repeat(64);

describe.each(engines)('account tokens and verified addresses on %s', (engine) => {
  const handle = useMigratedDatabase(engine);
  let n = 0;
  const newUser = (emailVerified?: boolean) =>
    insertAccount(handle.db, { email: `acct${++n}-${engine}@example.com`, plan: 'free', emailVerified });

  it('uses a token once, only for its purpose and before its expiry', async () => {
    const user = await newUser();
    const base = { userId: user.id, email: user.email, expiresAt: HOUR_LATER, now: NOW };
    await insertAccountToken(handle.db, { ...base, purpose: 'reset-password', tokenHash: hash('a') });
    const use = (tokenHash: string, purpose: 'reset-password' | 'verify-email', now = NOW) =>
      useAccountToken(handle.db, { tokenHash, purpose, now });
    expect(await use(hash('a'), 'verify-email')).toBeUndefined();
    expect(await use(hash('a'), 'reset-password', HOUR_LATER)).toBeUndefined();
    expect(await use(hash('a'), 'reset-password')).toEqual({ userId: user.id, email: user.email });
    expect(await use(hash('a'), 'reset-password')).toBeUndefined();
    expect(await use(hash('z'), 'reset-password')).toBeUndefined();
  });

  it("voids an account's unused tokens of one purpose, no other account's or purpose's", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const token = (userId: number, purpose: 'reset-password' | 'verify-email', tokenHash: string) =>
      insertAccountToken(handle.db, {
        userId,
        purpose,
        tokenHash,
        email: 'x@example.com',
        expiresAt: HOUR_LATER,
        now: NOW,
      });
    await token(user.id, 'reset-password', hash('b'));
    await token(user.id, 'reset-password', hash('c'));
    await token(user.id, 'verify-email', hash('d'));
    await token(other.id, 'reset-password', hash('e'));
    expect(await voidAccountTokens(handle.db, { userId: user.id, purpose: 'reset-password', now: NOW })).toBe(2);
    const use = (tokenHash: string, purpose: 'reset-password' | 'verify-email') =>
      useAccountToken(handle.db, { tokenHash, purpose, now: NOW });
    expect(await use(hash('b'), 'reset-password')).toBeUndefined();
    expect(await use(hash('c'), 'reset-password')).toBeUndefined();
    expect(await use(hash('d'), 'verify-email')).toMatchObject({ userId: user.id });
    expect(await use(hash('e'), 'reset-password')).toMatchObject({ userId: other.id });
  });

  it('deletes tokens once expired, used or not, and keeps the others', async () => {
    const user = await newUser();
    const base = { userId: user.id, purpose: 'reset-password' as const, email: user.email, now: NOW };
    await insertAccountToken(handle.db, { ...base, tokenHash: hash('f'), expiresAt: NOW });
    await insertAccountToken(handle.db, { ...base, tokenHash: hash('g'), expiresAt: HOUR_LATER });
    await deleteExpiredAccountTokens(handle.db, NOW);
    const hashes = await handle.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.map((row) => row.token_hash)).toEqual([hash('g')]);
  });

  it('verifies an address only while it is still the account’s, and says whether it did', async () => {
    const user = await newUser();
    expect(user.emailVerified).toBe(false);
    expect(await markUserEmailVerified(handle.db, { id: user.id, email: 'someone-else@example.com', at: NOW })).toBe(
      false,
    );
    expect(await markUserEmailVerified(handle.db, { id: user.id, email: user.email.toUpperCase(), at: NOW })).toBe(
      true,
    );
    expect(await markUserEmailVerified(handle.db, { id: user.id, email: user.email, at: HOUR_LATER })).toBe(false);
    expect((await findUserByEmail(handle.db, user.email))?.emailVerified).toBe(true);
  });

  it('tells whether the address is verified wherever a user is read: by email, by session, by token', async () => {
    const [verified, unverified] = [await newUser(true), await newUser()];
    expect(verified.emailVerified).toBe(true);
    for (const [user, expected, c] of [
      [verified, true, '1'],
      [unverified, false, '2'],
    ] as const) {
      expect((await findUserByEmail(handle.db, user.email))?.emailVerified).toBe(expected);
      await insertSession(handle.db, {
        id: hash(c),
        userId: user.id,
        csrfToken: 'csrf',
        expiresAt: HOUR_LATER,
        now: NOW,
      });
      expect((await findSession(handle.db, hash(c)))?.user.emailVerified).toBe(expected);
      await insertToken(handle.db, {
        userId: user.id,
        workspaceId: user.workspaceId,
        name: 't',
        abilities: ['read'],
        tokenHash: hash(c),
      });
      expect((await findActiveTokenByHash(handle.db, hash(c)))?.user.emailVerified).toBe(expected);
    }
  });
});

describe.each(engines)('migration 021 on %s', (engine) => {
  it('counts the accounts that exist already as verified, from their creation', async () => {
    const fresh = await freshDatabaseUrl(engine);
    const handle = openDatabase(fresh.url);
    try {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('019-import-uploads')).error).toBeUndefined();
      await sql`insert into users (email, plan, created_at, updated_at)
        values ('old@example.com', 'free', '2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000Z')`.execute(handle.db);
      expect((await migrator.migrateTo('021-account-recovery')).error).toBeUndefined();
      const row = await handle.db.selectFrom('users').select('email_verified_at').executeTakeFirstOrThrow();
      expect(row.email_verified_at).toBe('2026-01-02T03:04:05.000Z');
      expect((await findUserByEmail(handle.db, 'old@example.com'))?.emailVerified).toBe(true);
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
