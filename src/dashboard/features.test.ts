import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS, planFeatures } from './features.ts';

describe('planFeatures', () => {
  it('locks everything on the free plan, each with a reason a person can act on', () => {
    const features = planFeatures('free');
    for (const key of FEATURE_KEYS) {
      expect(features[key].allowed, key).toBe(false);
      expect(features[key].reason, key).toMatch(/plan/);
    }
  });

  it('gives Pro the API but keeps Business features locked', () => {
    const features = planFeatures('pro');
    expect(features.api).toEqual({ allowed: true, reason: null });
    expect(features.domains).toEqual({ allowed: false, reason: 'Needs the Business plan.' });
  });

  it('unlocks everything on Business', () => {
    expect(Object.values(planFeatures('business')).every((f) => f.allowed && f.reason === null)).toBe(true);
  });
});
