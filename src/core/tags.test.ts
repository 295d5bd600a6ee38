import { describe, expect, it } from 'vitest';
import { defaultTagColor, distinctTagNames, isTagColor, TAG_COLORS, tagKey } from './tags.ts';

describe('tags', () => {
  it('treats names that differ only in case or surrounding spaces as one tag', () => {
    expect(tagKey('  Black Friday ')).toBe('black friday');
    expect(distinctTagNames(['Sale', 'sale', ' SALE ', 'Summer', '', '  '])).toEqual(['Sale', 'Summer']);
  });

  it('gives a tag made without a colour one of the palette, the same for the same name', () => {
    const colours = ['sale', 'summer', 'newsletter', 'partners', 'q4', 'instagram'].map(defaultTagColor);
    for (const colour of colours) expect(TAG_COLORS).toContain(colour);
    expect(new Set(colours).size).toBeGreaterThan(1);
    expect(defaultTagColor('Sale')).toBe(defaultTagColor(' sale'));
  });

  it('knows its colours', () => {
    expect(isTagColor('blue')).toBe(true);
    expect(isTagColor('teal')).toBe(false);
  });
});
