import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.ts';
import { acceptInvitation, describeInvitation } from '../../src/services/members.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { createWorkspace } from '../../src/services/workspaces.ts';
import { openDatabase } from '../../src/storage/database.ts';
import type { Database } from '../../src/storage/schema.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, freshDatabaseUrl } from '../helpers/database.ts';

// The operator's workspace commands, run in process as `hoplink ...` on a database of each engine.

const APP_URL = 'https://links.example/app';

/** The CLI on a fresh database of `engine`, and that database for setting up and checking; dropped after. */
async function withCli(
  engine: 'sqlite' | 'postgres',
  test: (
    run: (...argv: string[]) => Promise<{ code: number; out: string; err: string }>,
    uow: UnitOfWork,
    db: Kysely<Database>,
  ) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-cli-workspaces-'));
  const database =
    engine === 'sqlite'
      ? { url: `sqlite:${join(dir, 'cli.db')}`, drop: async () => {} }
      : await freshDatabaseUrl(engine);
  const env = { DATABASE_URL: database.url, APP_URL };
  const run = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), env });
    return { code, out, err };
  };
  // The CLI migrates the database on its first command.
  expect((await run('user', 'create', '--email', 'ann@example.com', '--plan', 'free')).code).toBe(0);
  const handle = openDatabase(database.url);
  try {
    await test(run, new UnitOfWork(handle.db, new EventBus()), handle.db);
  } finally {
    await handle.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(engines)('hoplink workspace and user set-plan on %s', (engine) => {
  it("workspace set-plan changes one workspace's plan by its slug, and the audit log says so", async () => {
    await withCli(engine, async (run, uow) => {
      const ann = (await uow.read((stores) => stores.users.findByEmail('ann@example.com')))!;
      const team = await uow.transact((work) => createWorkspace(work, ann, { name: 'Team', slug: 'team' }));

      const human = await run('workspace', 'set-plan', '--slug', 'team', '--plan', 'business');
      expect(human).toEqual({ code: 0, out: 'Workspace "team" is now on plan business.\n', err: '' });
      const json = await run('workspace', 'set-plan', '--slug', 'team', '--plan', 'pro', '--json');
      expect(JSON.parse(json.out)).toEqual({ id: team.id, slug: 'team', plan: 'pro' });

      const state = await uow.read(async (stores) => ({
        team: await stores.workspaces.planState(team.id),
        personal: (await stores.workspaces.findBySlug('ann'))!.plan,
        log: await stores.auditLog.list(team.id, {}, 10),
      }));
      // Leaving Business starts the custom domains' grace period.
      expect(state.team).toEqual({ plan: 'pro', downgradedAt: expect.any(String) });
      expect(state.personal).toBe('free');
      expect(state.log.map((entry) => [entry.action, entry.fields, entry.actor.userId])).toEqual([
        ['workspace.plan_changed', ['plan'], null],
        ['workspace.plan_changed', ['plan'], null],
      ]);

      const missing = await run('workspace', 'set-plan', '--slug', 'nope', '--plan', 'pro');
      expect(missing.code).toBe(1);
      expect(missing.err).toBe('hoplink: No workspace with the slug nope.\n');
      const badPlan = await run('workspace', 'set-plan', '--slug', 'team', '--plan', 'gold');
      expect(badPlan.code).not.toBe(0);
      expect(badPlan.err).toMatch(/free, pro, business/);
    });
  });

  it("user set-plan changes the user's personal workspace, not the others they own", async () => {
    await withCli(engine, async (run, uow) => {
      const ann = (await uow.read((stores) => stores.users.findByEmail('ann@example.com')))!;
      const team = await uow.transact((work) => createWorkspace(work, ann, { name: 'Team', slug: 'team' }));
      const res = await run('user', 'set-plan', '--email', 'Ann@Example.com', '--plan', 'business', '--json');
      expect(res.code, res.err).toBe(0);
      expect(JSON.parse(res.out)).toEqual({ email: 'Ann@Example.com', workspace: 'ann', plan: 'business' });
      const plans = await uow.read(async (stores) => [
        (await stores.workspaces.findBySlug('ann'))!.plan,
        (await stores.workspaces.find(team.id))!.plan,
      ]);
      expect(plans).toEqual(['business', 'free']);
      const human = await run('user', 'set-plan', '--email', 'ann@example.com', '--plan', 'pro');
      expect(human.out).toBe(`ann@example.com's personal workspace "ann" is now on plan pro.\n`);
      const missing = await run('user', 'set-plan', '--email', 'nobody@example.com', '--plan', 'pro');
      expect(missing).toMatchObject({ code: 1, err: 'hoplink: No user with email nobody@example.com.\n' });
    });
  });

  it('workspace invite prints the link that the invited address accepts; inviting again replaces it', async () => {
    await withCli(engine, async (run, uow, db) => {
      // An owner who signed up and has not verified their address: the operator's invitation goes all the same.
      const owner = await insertAccount(db, { email: 'owner@example.com', plan: 'free', emailVerified: false });
      const team = await uow.transact((work) => createWorkspace(work, owner, { name: 'Crew', slug: 'crew' }));

      const printed = await run(
        'workspace',
        'invite',
        '--slug',
        'crew',
        '--email',
        'Bob@Example.com',
        '--role',
        'viewer',
      );
      expect(printed.code, printed.err).toBe(0);
      const lines = printed.out.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^Invited bob@example\.com as viewer until \S+Z:$/);
      expect(lines[1]).toMatch(/^https:\/\/links\.example\/app\/#\/invitations\/accept\?token=[\w-]{43}$/);
      const first = new URL(lines[1]!.replace('/#/', '/')).searchParams.get('token')!;

      const json = JSON.parse(
        (await run('workspace', 'invite', '--slug', 'crew', '--email', 'bob@example.com', '--role', 'member', '--json'))
          .out,
      );
      expect(json).toEqual({
        id: expect.any(Number),
        email: 'bob@example.com',
        role: 'member',
        expires_at: expect.any(String),
        link: expect.stringMatching(/^https:\/\/links\.example\/app\/#\/invitations\/accept\?token=[\w-]{43}$/),
      });
      const second = new URL(json.link.replace('/#/', '/')).searchParams.get('token')!;
      await expect(uow.read((stores) => describeInvitation(stores, first))).rejects.toThrow(/no longer valid/);

      const bob = await insertAccount(db, { email: 'bob@example.com', plan: 'free', emailVerified: true });
      await uow.transact((work) => acceptInvitation(work, bob, second, null));
      const state = await uow.read(async (stores) => ({
        role: await stores.workspaces.role(team.id, bob.id),
        log: await stores.auditLog.list(team.id, {}, 10),
      }));
      expect(state.role).toBe('member');
      expect(state.log.map((entry) => [entry.action, entry.actor.userId, entry.address])).toEqual([
        ['member.joined', bob.id, null],
        ['member.invited', owner.id, null],
        ['member.invited', owner.id, null],
      ]);

      const ownerRole = await run(
        'workspace',
        'invite',
        '--slug',
        'crew',
        '--email',
        'cy@example.com',
        '--role',
        'owner',
      );
      expect(ownerRole.code).not.toBe(0);
      expect(ownerRole.err).toMatch(/admin, member, viewer/);
      const missing = await run('workspace', 'invite', '--slug', 'nope', '--email', 'cy@example.com');
      expect(missing).toMatchObject({ code: 1, err: 'hoplink: No workspace with the slug nope.\n' });
      const member = await run('workspace', 'invite', '--slug', 'crew', '--email', 'bob@example.com');
      expect(member.code).toBe(1);
      expect(member.err).toMatch(/already a member/);
    });
  });
});
