import { describe, expect, it } from 'vitest';
import { linkState } from './link-state.ts';

describe("a link's state in one word", () => {
  it('says Active, Off or Expired, and Off for a link both turned off and expired', () => {
    expect(linkState({ is_active: true, is_expired: false })).toBe('Active');
    expect(linkState({ is_active: true, is_expired: true })).toBe('Expired');
    expect(linkState({ is_active: false, is_expired: false })).toBe('Off');
    expect(linkState({ is_active: false, is_expired: true })).toBe('Off');
  });
});
