import { describe, expect, it } from 'vitest';
import { countOf, rangeOf } from './counts.ts';

describe('counts in words', () => {
  it('says 1 click and 0, 2 or 1,234 clicks', () => {
    expect(countOf(1, 'click')).toBe('1 click');
    expect(countOf(0, 'click')).toBe('0 clicks');
    expect(countOf(2, 'click')).toBe('2 clicks');
    expect(countOf(1234, 'click')).toBe(`${(1234).toLocaleString()} clicks`);
  });

  it('says where a page sits in the list', () => {
    expect(rangeOf(1, 25, 1234, 'link')).toBe(`1–25 of ${(1234).toLocaleString()} links`);
    expect(rangeOf(26, 26, 26, 'link')).toBe('26 of 26 links');
    expect(rangeOf(1, 1, 1, 'link')).toBe('1 link');
    expect(rangeOf(1, 3, 3, 'link')).toBe('3 links');
    expect(rangeOf(0, 0, 0, 'link')).toBe('No links');
  });
});
