import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { UNCHECKED_HEALTH, type LinkHealth } from '../../src/core/link-health.ts';
import { timestamp } from '../../src/core/time.ts';
import { claimLink, dueLinkIds, recordHealth } from '../../src/storage/link-health.kysely.ts';
import { findLink, insertLink, listLinks } from '../../src/storage/links.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, explainPlan, statementsOf, useMigratedDatabase } from '../helpers/database.ts';

describe.each(engines)('the link health store on %s', (engine) => {
  const handle = useMigratedDatabase(engine);

  const broken: LinkHealth = {
    status: 'broken',
    checkedAt: '2026-11-25T10:00:00.000Z',
    httpStatus: 404,
    error: 'HTTP 404',
    affiliateTagLost: false,
  };

  it('a lease keeps other checkers off until it expires, and only its holder records', async () => {
    const user = await insertAccount(handle.db, { email: `lease-${engine}@example.com`, plan: 'business' });
    const link = await insertLink(handle.db, {
      workspaceId: user.workspaceId,
      shortCode: 'leased',
      redirectUrl: 'https://example.com/',
      isActive: true,
      categoryId: null,
      domainId: null,
      conditions: [],
    });
    expect((await findLink(handle.db, link.id))!.health).toEqual(UNCHECKED_HEALTH);
    const t0 = new Date('2026-11-25T10:00:00.000Z');
    expect(await dueLinkIds(handle.db, t0, 10)).toEqual([{ id: link.id, workspaceId: user.workspaceId }]);
    expect(await claimLink(handle.db, link.id, t0, 60_000, 'first')).toBe(true);
    expect(await dueLinkIds(handle.db, t0, 10)).toEqual([]);
    expect(await claimLink(handle.db, link.id, new Date(t0.getTime() + 59_000), 60_000, 'second')).toBe(false);
    // The first checker died: once its lease has run out, another takes the link.
    expect(await claimLink(handle.db, link.id, new Date(t0.getTime() + 61_000), 60_000, 'second')).toBe(true);
    // The first checker's late result is dropped; the holder's is kept, and says what was there before.
    expect(await recordHealth(handle.db, link.id, 'first', broken, null)).toBeUndefined();
    expect((await findLink(handle.db, link.id))!.health.status).toBe('unknown');
    const next = new Date(t0.getTime() + 24 * 3_600_000);
    expect(await recordHealth(handle.db, link.id, 'second', broken, next)).toBe('unknown');
    expect((await findLink(handle.db, link.id))!.health).toEqual(broken);
    // Released, and due only at `next`.
    expect(await dueLinkIds(handle.db, new Date(next.getTime() - 1), 10)).toEqual([]);
    expect(await dueLinkIds(handle.db, next, 10)).toEqual([{ id: link.id, workspaceId: user.workspaceId }]);
    const filtered = await listLinks(handle.db, {
      workspaceId: user.workspaceId,
      sort: 'id',
      direction: 'asc',
      page: 1,
      perPage: 10,
      health: 'broken',
    });
    expect(filtered.links.map((l) => l.id)).toEqual([link.id]);
  });

  it('lists due links of the accounts in turn: each one’s longest-waiting first, then each one’s next', async () => {
    const t0 = new Date('2026-11-26T09:00:00.000Z'); // before the first test's link is due again
    const link = async (workspaceId: number, shortCode: string, dueAt: Date | null) => {
      const { id } = await insertLink(handle.db, {
        workspaceId,
        shortCode,
        redirectUrl: 'https://example.com/',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      });
      await handle.db
        .updateTable('links')
        .set({ health_due_at: dueAt && timestamp(dueAt) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const minutesAgo = (minutes: number) => new Date(t0.getTime() - minutes * 60_000);
    const flood = await insertAccount(handle.db, { email: `flood-${engine}@example.com`, plan: 'business' });
    const early = await insertAccount(handle.db, { email: `early-${engine}@example.com`, plan: 'business' });
    const late = await insertAccount(handle.db, { email: `late-${engine}@example.com`, plan: 'business' });
    // The flooding account's links have waited longest (one never checked); the others' came due later.
    const f1 = await link(flood.workspaceId, 'flood-1', null);
    const f2 = await link(flood.workspaceId, 'flood-2', minutesAgo(60));
    const f3 = await link(flood.workspaceId, 'flood-3', minutesAgo(50));
    const l1 = await link(late.workspaceId, 'late-1', minutesAgo(1));
    const e1 = await link(early.workspaceId, 'early-1', minutesAgo(2));
    const e2 = await link(early.workspaceId, 'early-2', minutesAgo(1));
    const lease = await link(flood.workspaceId, 'flood-4', null);
    expect(await claimLink(handle.db, lease, t0, 60_000, 'held')).toBe(true);

    const due = await dueLinkIds(handle.db, t0, 10);
    expect(due.map((row) => row.id)).toEqual([f1, e1, l1, f2, e2, f3]);
    expect(due.slice(0, 3).map((row) => row.workspaceId)).toEqual([
      flood.workspaceId,
      early.workspaceId,
      late.workspaceId,
    ]);
    expect((await dueLinkIds(handle.db, t0, 2)).map((row) => row.id)).toEqual([f1, e1]);
  });

  it('deals due links out in turns as the rule says, across more accounts than the list holds', async () => {
    const at = new Date('2026-11-27T12:00:00.000Z');
    const minutes = (n: number) => timestamp(new Date(at.getTime() + n * 60_000));
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    for (let a = 0; a < 36; a++) {
      const plan = a % 6 === 5 ? 'free' : 'business';
      const account = await insertAccount(handle.db, { email: `turns-${a}-${engine}@example.com`, plan });
      const rows = Array.from({ length: 1 + random(a % 4 === 0 ? 40 : 4) }, (_, i) => ({
        workspace_id: account.workspaceId,
        short_code: `turns-${a}-${i}`,
        redirect_url: 'https://example.com/',
        click_count: 0,
        type: 'simple',
        is_active: random(8) === 0 ? 0 : 1,
        conditions: '[]',
        created_at: minutes(-1_000),
        updated_at: minutes(-1_000),
        // Never checked, due a while ago (ties included), or not yet due; now and then held.
        health_due_at: [null, minutes(-random(3) * 10), minutes(5)][random(3)] ?? null,
        health_locked_until: random(10) === 0 ? minutes(1) : random(10) === 0 ? minutes(-1) : null,
      }));
      await handle.db.insertInto('links').values(rows).execute();
    }
    // The rule, over every link there is: each Business account's due, free, active links in its
    // queue's order (never checked first, then by due time, then by id), dealt out one a turn.
    const links = await handle.db
      .selectFrom('links')
      .innerJoin('workspaces', 'workspaces.id', 'links.workspace_id')
      .select(['links.id', 'links.workspace_id', 'links.is_active', 'links.health_due_at', 'links.health_locked_until'])
      .select('workspaces.plan')
      .execute();
    const now = timestamp(at);
    const queues = new Map<number, { id: number; waited: string }[]>();
    for (const link of links) {
      const due = (link.health_due_at ?? '') <= now && (link.health_locked_until ?? '') < now;
      if (link.plan !== 'business' || link.is_active !== 1 || !due) continue;
      const queue = queues.get(link.workspace_id) ?? [];
      queue.push({ id: link.id, waited: link.health_due_at ?? '' });
      queues.set(link.workspace_id, queue);
    }
    const dealt = [...queues].flatMap(([workspaceId, queue]) =>
      queue
        .sort((x, y) => (x.waited < y.waited ? -1 : x.waited > y.waited ? 1 : x.id - y.id))
        .map((link, turn) => ({ ...link, workspaceId, turn })),
    );
    dealt.sort((x, y) => x.turn - y.turn || (x.waited < y.waited ? -1 : x.waited > y.waited ? 1 : x.id - y.id));
    expect(queues.size).toBeGreaterThan(25);
    for (const limit of [1, 5, 24, 25, 26, 60, 500]) {
      const expected = dealt.slice(0, limit).map(({ id, workspaceId }) => ({ id, workspaceId }));
      expect(await dueLinkIds(handle.db, at, limit)).toEqual(expected);
    }
  });

  it("reads each account's queue down the turns index, never scanning the links", async () => {
    const at = new Date('2026-11-27T12:00:00.000Z');
    // An import's worth of links never checked, and the planner told how many there are.
    const account = await insertAccount(handle.db, { email: `queue-${engine}@example.com`, plan: 'business' });
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      workspace_id: account.workspaceId,
      short_code: `queue-${i}`,
      redirect_url: 'https://example.com/',
      click_count: 0,
      type: 'simple',
      is_active: 1,
      conditions: '[]',
      created_at: timestamp(at),
      updated_at: timestamp(at),
    }));
    await handle.db.insertInto('links').values(rows).execute();
    await sql`analyze`.execute(handle.db);
    const statements = await statementsOf(handle.db, (captured) => dueLinkIds(captured, at, 20));
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      const plan = await explainPlan(handle.db, engine, statement);
      expect(plan).toMatch(/links_health_turns/);
      if (engine === 'sqlite') expect(plan).not.toMatch(/SCAN links\b/);
    }
  });
});
