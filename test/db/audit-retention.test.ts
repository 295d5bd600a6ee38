import { describe, expect, it } from 'vitest';
import { pruneAuditLog } from '../../src/services/audit.ts';
import { EventBus } from '../../src/services/events.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { insertAuditEntries, listAuditEntries } from '../../src/storage/audit-log.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, useMigratedDatabase } from '../helpers/database.ts';

const DAY_MS = 86_400_000;

describe.each(engines)('the audit log retention on %s', (engine) => {
  const handle = useMigratedDatabase(engine);

  it('deletes the entries older than the retention, a chunk at a time, and keeps the rest', async () => {
    const { workspaceId } = await insertAccount(handle.db, { email: `audit-${engine}@example.com`, plan: 'pro' });
    const now = new Date('2026-11-28T12:00:00.000Z');
    const entry = (daysAgo: number, resourceId: string) => ({
      workspaceId,
      actor: { userId: null, email: null, tokenId: null },
      action: 'link.created',
      resourceType: 'link',
      resourceId,
      fields: [],
      address: null,
      createdAt: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
    });
    await insertAuditEntries(handle.db, [
      entry(400, 'a'),
      entry(366, 'b'),
      entry(366, 'c'),
      entry(364, 'd'),
      entry(1, 'e'),
    ]);
    const uow = new UnitOfWork(handle.db, new EventBus());
    expect(await pruneAuditLog(uow, 365, now, 2)).toBe(3);
    const left = await listAuditEntries(handle.db, workspaceId, {}, 10);
    expect(left.map((e) => e.resourceId)).toEqual(['e', 'd']);
    expect(await pruneAuditLog(uow, 365, now, 2)).toBe(0);
  });
});
