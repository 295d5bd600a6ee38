import { describe, expect, it } from 'vitest';
import { issueToken } from '../../src/services/tokens.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({}, { user: 'business' });

const turnOnTwoFactor = (userId: number) =>
  t.ctx.database.db
    .updateTable('users')
    .set({ totp_enabled_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();

describe('a workspace that requires two factors', () => {
  it('keeps out every member without them, token or not, and its owner may turn it on only with them', async () => {
    const owner = t.defaultUser;
    const refused = await t.api('PATCH', '/workspace', { require_two_factor: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.require_two_factor[0]).toMatch(/yourself first/);

    await turnOnTwoFactor(owner.user.id);
    const member = await t.user('free');
    await t.ctx.uow.transact((work) =>
      work.stores.workspaces.insertMember({
        workspaceId: owner.user.workspaceId,
        userId: member.user.id,
        role: 'member',
      }),
    );
    const { plaintext } = await t.ctx.uow.transact((work) =>
      issueToken(work, { userId: member.user.id, workspaceId: owner.user.workspaceId, name: 'm', abilities: ['read'] }),
    );
    const asMember = { authorization: `Bearer ${plaintext}`, accept: 'application/json' };
    expect((await t.api('GET', '/links', undefined, asMember)).statusCode).toBe(200);

    const turnedOn = await t.api('PATCH', '/workspace', { require_two_factor: true });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect(turnedOn.json().require_two_factor).toBe(true);
    expect((await t.api('GET', '/links')).statusCode).toBe(200);
    const kept = await t.api('GET', '/links', undefined, asMember);
    expect(kept.statusCode).toBe(403);
    expect(kept.json().message).toMatch(/requires two-factor sign-in/);

    await turnOnTwoFactor(member.user.id);
    expect((await t.api('GET', '/links', undefined, asMember)).statusCode).toBe(200);
  });
});
