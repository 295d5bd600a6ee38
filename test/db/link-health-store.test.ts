import { describe, expect, it } from 'vitest';
import { UNCHECKED_HEALTH, type LinkHealth } from '../../src/core/link-health.ts';
import { claimLink, dueLinkIds, recordHealth } from '../../src/storage/link-health.kysely.ts';
import { findLink, insertLink, listLinks } from '../../src/storage/links.kysely.ts';
import { insertUser } from '../../src/storage/users.kysely.ts';
import { engines, useMigratedDatabase } from '../helpers/database.ts';

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
    const user = await insertUser(handle.db, { email: `lease-${engine}@example.com`, plan: 'business' });
    const link = await insertLink(handle.db, {
      userId: user.id,
      shortCode: 'leased',
      redirectUrl: 'https://example.com/',
      isActive: true,
      categoryId: null,
      domainId: null,
      conditions: [],
    });
    expect((await findLink(handle.db, link.id))!.health).toEqual(UNCHECKED_HEALTH);
    const t0 = new Date('2026-11-25T10:00:00.000Z');
    expect(await dueLinkIds(handle.db, t0, 10)).toEqual([link.id]);
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
    expect(await dueLinkIds(handle.db, next, 10)).toEqual([link.id]);
    const filtered = await listLinks(handle.db, {
      userId: user.id,
      sort: 'id',
      direction: 'asc',
      page: 1,
      perPage: 10,
      health: 'broken',
    });
    expect(filtered.links.map((l) => l.id)).toEqual([link.id]);
  });
});
