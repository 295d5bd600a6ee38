import { describe, expect, it } from 'vitest';
import { rollupChanges, type Conversion } from './conversions.ts';

const conversion = (overrides: Partial<Conversion> = {}): Conversion => ({
  id: 1,
  workspaceId: 1,
  linkId: 7,
  clickId: 'abc',
  orderId: 'o-1',
  amountMinor: 2499,
  commissionMinor: 100,
  currency: 'USD',
  status: 'pending',
  source: 'api',
  occurredAt: '2026-11-20T16:55:00.000Z',
  createdAt: '2026-11-20T16:55:00.000Z',
  updatedAt: '2026-11-20T16:55:00.000Z',
  programId: 1,
  trackingId: null,
  ...overrides,
});

/** The rollup rows' keys besides day and currency: the link, its workspace, program and tracking id. */
const KEY = { linkId: 7, workspaceId: 1, programId: 1, trackingId: null };

describe('conversion rollups', () => {
  it('count a new attributed conversion on its day and currency', () => {
    expect(rollupChanges(undefined, conversion())).toEqual([
      { ...KEY, day: '2026-11-20', currency: 'USD', conversions: 1, revenue: 2499, earnings: 100 },
    ]);
  });

  it('count nothing for an unattributed or reversed one', () => {
    expect(rollupChanges(undefined, conversion({ linkId: null }))).toEqual([]);
    expect(rollupChanges(undefined, conversion({ status: 'reversed' }))).toEqual([]);
  });

  it('change nothing when only the status moves between counted ones', () => {
    expect(rollupChanges(conversion(), conversion({ status: 'approved' }))).toEqual([]);
  });

  it('take a reversed conversion out, and a corrected amount in its place', () => {
    expect(rollupChanges(conversion(), conversion({ status: 'reversed' }))).toEqual([
      { ...KEY, day: '2026-11-20', currency: 'USD', conversions: -1, revenue: -2499, earnings: -100 },
    ]);
    expect(rollupChanges(conversion(), conversion({ amountMinor: 3000, commissionMinor: null }))).toEqual([
      { ...KEY, day: '2026-11-20', currency: 'USD', conversions: -1, revenue: -2499, earnings: -100 },
      { ...KEY, day: '2026-11-20', currency: 'USD', conversions: 1, revenue: 3000, earnings: 0 },
    ]);
  });

  it('move a conversion re-attributed to a link of another program or tracking id', () => {
    const moved = conversion({ linkId: 8, programId: 3, trackingId: 'spring-21' });
    expect(rollupChanges(conversion(), moved)).toEqual([
      { ...KEY, day: '2026-11-20', currency: 'USD', conversions: -1, revenue: -2499, earnings: -100 },
      {
        ...KEY,
        linkId: 8,
        programId: 3,
        trackingId: 'spring-21',
        day: '2026-11-20',
        currency: 'USD',
        conversions: 1,
        revenue: 2499,
        earnings: 100,
      },
    ]);
  });
});
