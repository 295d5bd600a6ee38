import { describe, expect, it } from 'vitest';
import type { ClickEvent } from '../../src/core/clicks.ts';
import { writeClickBatch } from '../../src/storage/clicks.kysely.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { topLinks, topLinksOfEveryLink, type DayRange } from '../../src/storage/stats.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { clickEvent } from '../helpers/clicks.ts';
import { engines, useMigratedDatabase } from '../helpers/database.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, 26) - n * 86_400_000).toISOString().slice(0, 10);
const at = (n: number) => `${day(n)}T12:00:00.000Z`;
const RECENT: DayRange = { from: day(29), to: day(0) };

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

describe.each(engines)('top links on %s', (engine) => {
  const handle = useMigratedDatabase(engine);
  let accounts = 0;

  /** An account whose links got `clicks(i)` clicks, written as the click writer writes them. */
  async function account(links: number, clicks: (i: number) => Array<{ daysAgo: number; count: number }>) {
    const user = await insertAccount(handle.db, { email: `top${++accounts}@example.com`, plan: 'business' });
    const events: ClickEvent[] = [];
    for (let i = 0; i < links; i++) {
      const link = await insertLink(handle.db, {
        workspaceId: user.workspaceId,
        shortCode: `t${accounts}x${i}`,
        redirectUrl: 'https://example.com/',
        isActive: true,
        categoryId: null,
        domainId: null,
        conditions: [],
      });
      for (const { daysAgo, count } of clicks(i))
        for (let n = 0; n < count; n++) events.push(clickEvent(link.id, { at: at(daysAgo) }));
    }
    await handle.db.transaction().execute((trx) => writeClickBatch(trx, events));
    return user.workspaceId;
  }

  async function expectSameAsEveryLink(userId: number, range: DayRange) {
    const fast = await topLinks(handle.db, userId, range, 10);
    expect(fast).toEqual(await topLinksOfEveryLink(handle.db, userId, range, 10));
    return fast;
  }

  it('answers from the most-clicked links when no other can reach the tenth (ties: newer first)', async () => {
    // As the bench's account: every link with the same clicks, all in the range.
    const userId = await account(70, () => [{ daysAgo: 3, count: 2 }]);
    const top = await expectSameAsEveryLink(userId, RECENT);
    expect(top.map((link) => link.clicks)).toEqual(Array(10).fill(2));
    expect(top.map((link) => link.id)).toEqual([...top.map((link) => link.id)].sort((a, b) => b - a));
  });

  it('sums every link when links popular before the range crowd the most-clicked', async () => {
    // 60 links with many clicks long ago and none in the range, then 15 quieter recent ones.
    const userId = await account(75, (i) =>
      i < 60 ? [{ daysAgo: 100, count: 20 }] : [{ daysAgo: 1, count: 1 + (i % 4) }],
    );
    const top = await expectSameAsEveryLink(userId, RECENT);
    expect(top).toHaveLength(10);
    expect(top[0]!.clicks).toBe(4);
  });

  it('lists fewer than ten when fewer links had clicks in the range', async () => {
    const userId = await account(80, (i) => (i < 3 ? [{ daysAgo: 2, count: 5 - i }] : []));
    expect((await expectSameAsEveryLink(userId, RECENT)).map((link) => link.clicks)).toEqual([5, 4, 3]);
    const quiet = await account(5, () => [{ daysAgo: 200, count: 1 }]);
    expect(await expectSameAsEveryLink(quiet, RECENT)).toEqual([]);
  });

  it('agrees with summing every link on random accounts and ranges', async () => {
    const random = seeded(24);
    for (let round = 0; round < 4; round++) {
      const userId = await account(40 + Math.floor(random() * 40), () =>
        Array.from({ length: Math.floor(random() * 4) }, () => ({
          daysAgo: Math.floor(random() * 120),
          count: 1 + Math.floor(random() * 6),
        })),
      );
      for (const range of [RECENT, { from: day(119), to: day(0) }, { from: day(90), to: day(60) }])
        await expectSameAsEveryLink(userId, range);
    }
  });
});
