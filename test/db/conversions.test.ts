import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/services/events.ts';
import { upsertConversion, type ReportedConversion } from '../../src/services/conversions.ts';
import { UnitOfWork } from '../../src/services/unit-of-work.ts';
import { writeClickBatch } from '../../src/storage/clicks.kysely.ts';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { clickEvent } from '../helpers/clicks.ts';
import { engines, freshMigratedDatabaseUrl, insertPlainLink } from '../helpers/database.ts';

// Conversions on both engines: once per (workspace, order_id) whatever races to record it,
// attributed through the raw click's click id, and the link rollups kept in step with each change.
describe.each(engines)('conversions on %s', (engine) => {
  let handle: DatabaseHandle;
  let uow: UnitOfWork;
  let drop: () => Promise<void>;
  let url: string;
  let workspaceId: number;
  let linkId: number;
  let n = 0;

  beforeAll(async () => {
    const fresh = await freshMigratedDatabaseUrl(engine);
    drop = fresh.drop;
    url = fresh.url;
    handle = openDatabase(url);
    if (engine === 'sqlite') await migrateToLatest(handle.db);
    uow = new UnitOfWork(handle.db, new EventBus());
    ({ workspaceId } = await insertAccount(handle.db, {
      email: `conversions-${engine}@example.com`,
      plan: 'business',
    }));
    linkId = (await insertPlainLink(handle.db, workspaceId, 'money')).id;
    await handle.db
      .transaction()
      .execute((trx) => writeClickBatch(trx, [clickEvent(linkId, { clickId: 'the-click' })]));
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const record = (report: ReportedConversion, on = uow) =>
    on.transact((work) => upsertConversion(work, workspaceId, report, 'postback'));
  const order = () => `order-${engine}-${++n}`;
  const rollup = async () =>
    (
      await handle.db
        .selectFrom('link_daily_conversions')
        .select(['day', 'currency', 'conversions', 'revenue_minor', 'earnings_minor'])
        .where('link_id', '=', linkId)
        .orderBy('currency')
        .execute()
    ).map((row) => ({ ...row, revenue_minor: Number(row.revenue_minor), earnings_minor: Number(row.earnings_minor) }));
  const year = { from: '2026-01-01', to: '2026-12-31' };
  const totals = async () => (await uow.read(({ conversions }) => conversions.ofLink(linkId, year, year))).totals;

  it('attributes by click id, adds exactly, and takes a reversed conversion out of the rollups', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const sale = { click_id: 'the-click', currency: 'EUR', occurred_at: at };
    const first = await record({ ...sale, order_id: order(), amount: '0.1', commission: '0.01' });
    expect(first.conversion.linkId).toBe(linkId);
    const second = order();
    await record({ ...sale, order_id: second, amount: '0.2', commission: '0.02' });
    await record({ ...sale, order_id: order(), amount: '1500', currency: 'JPY' });
    expect(await totals()).toEqual([
      { currency: 'EUR', conversions: 2, revenueMinor: 30n, earningsMinor: 3n },
      { currency: 'JPY', conversions: 1, revenueMinor: 1500n, earningsMinor: 0n },
    ]);
    await record({ order_id: second, amount: '0.2', commission: '0.02', currency: 'EUR', status: 'reversed' });
    expect((await rollup()).find((row) => row.currency === 'EUR')).toEqual({
      day: '2026-11-20',
      currency: 'EUR',
      conversions: 1,
      revenue_minor: 10,
      earnings_minor: 1,
    });
  });

  it('records an order once when two reports of it race, and counts it once', async () => {
    const id = order();
    const before = (await totals()).find((row) => row.currency === 'USD')?.conversions ?? 0;
    // A second instance on the same database: its own pool (on SQLite, the one connection there is).
    const other = engine === 'postgres' ? openDatabase(url) : undefined;
    const otherUow = other ? new UnitOfWork(other.db, new EventBus()) : uow;
    try {
      const report = { click_id: 'the-click', order_id: id, amount: '9.99', currency: 'USD', status: 'approved' };
      const results = await Promise.all([record(report), record(report, otherUow), record(report)]);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.conversion.id)).size).toBe(1);
    } finally {
      await other?.close();
    }
    const rows = await handle.db.selectFrom('conversions').select('id').where('order_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect((await totals()).find((row) => row.currency === 'USD')?.conversions).toBe(before + 1);
  });

  it('keeps a conversion whose click id names no click, unattributed, out of the rollups', async () => {
    const before = await rollup();
    const recorded = await record({ click_id: 'unknown', order_id: order(), amount: '5.00', currency: 'EUR' });
    expect(recorded.conversion).toMatchObject({ linkId: null, clickId: 'unknown' });
    expect(await rollup()).toEqual(before);
  });
  it("keeps a deleted link's conversions, unattributed, and deletes its rollups", async () => {
    const doomed = (await insertPlainLink(handle.db, workspaceId, 'doomed')).id;
    await handle.db
      .transaction()
      .execute((trx) => writeClickBatch(trx, [clickEvent(doomed, { clickId: 'doomed-click' })]));
    const recorded = await record({ click_id: 'doomed-click', order_id: order(), amount: '2.00', currency: 'EUR' });
    expect(recorded.conversion.linkId).toBe(doomed);
    await uow.transact(({ stores }) => stores.links.delete(doomed));
    const kept = await handle.db
      .selectFrom('conversions')
      .select('link_id')
      .where('id', '=', recorded.conversion.id)
      .executeTakeFirstOrThrow();
    expect(kept.link_id).toBeNull();
    const rollups = await handle.db
      .selectFrom('link_daily_conversions')
      .select('link_id')
      .where('link_id', '=', doomed)
      .execute();
    expect(rollups).toEqual([]);
  });
});
