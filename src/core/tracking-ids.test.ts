import { describe, expect, it } from 'vitest';
import { tagsForLink } from './tracking-ids.ts';

describe('tagsForLink', () => {
  const tags = new Map([
    [1, 'us-20'],
    [2, 'uk-21'],
  ]);
  const ids = new Map([
    [1, ['us-yt-20', 'shared-20']],
    [2, ['shared-20']],
  ]);

  it("is the owner's tags for a link without a choice", () => {
    expect(tagsForLink(tags, ids, null)).toBe(tags);
    expect(tagsForLink(tags, undefined, 'us-yt-20')).toBe(tags);
  });

  it('puts the chosen id in place of the tag of the program whose record holds it', () => {
    expect([...tagsForLink(tags, ids, 'us-yt-20')]).toEqual([
      [1, 'us-yt-20'],
      [2, 'uk-21'],
    ]);
    expect([...tagsForLink(tags, ids, 'shared-20')]).toEqual([
      [1, 'shared-20'],
      [2, 'shared-20'],
    ]);
    expect(tags.get(1)).toBe('us-20');
  });

  it('ignores an id no record holds any more', () => {
    expect(tagsForLink(tags, ids, 'gone-20')).toBe(tags);
  });
});
