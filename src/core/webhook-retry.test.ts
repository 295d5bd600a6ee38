import { describe, expect, it } from 'vitest';
import { retryDelayMs, shouldDisable } from './webhook-retry.ts';

describe('webhook retries', () => {
  it('backs off 1 min, 5 min, 30 min, 2 h, then 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([
      60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 21_600_000, 21_600_000,
    ]);
  });

  it('disables after 3 days of failing, not before', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    expect(shouldDisable(since, new Date('2026-01-03T23:59:59Z'))).toBe(false);
    expect(shouldDisable(since, new Date('2026-01-04T00:00:00Z'))).toBe(true);
    expect(shouldDisable(null, new Date())).toBe(false);
  });
});
