import { describe, expect, it } from 'vitest';
import { affiliatePrograms, applyAffiliateTag, findProgram, programForHost, validateTag } from './affiliate.ts';

const tags = new Map([
  [1, 'mytag-20'],
  [9, '5338000000'],
]);

describe('the programs catalog', () => {
  it('has the Amazon marketplaces with tag and eBay with campid', () => {
    for (const host of [
      'amazon.com',
      'amazon.co.uk',
      'amazon.de',
      'amazon.fr',
      'amazon.it',
      'amazon.es',
      'amazon.ca',
      'amazon.co.jp',
    ]) {
      expect(programForHost(host)?.param, host).toBe('tag');
    }
    expect(programForHost('ebay.com')?.param).toBe('campid');
    expect(new Set(affiliatePrograms.map((p) => p.id)).size).toBe(affiliatePrograms.length);
  });

  it('validates the tag format per program', () => {
    expect(() => validateTag(findProgram(9)!, '5338000000')).not.toThrow();
    expect(() => validateTag(findProgram(9)!, 'abc')).toThrow(/format is invalid/);
    expect(() => validateTag(findProgram(1)!, 'has space')).toThrow();
  });
});

describe('applyAffiliateTag', () => {
  it.each([
    ['appends the tag', 'https://www.amazon.com/dp/B00X', 'https://www.amazon.com/dp/B00X?tag=mytag-20'],
    [
      'replaces an existing tag',
      'https://amazon.com/dp/B00X?tag=someone-20&psc=1',
      'https://amazon.com/dp/B00X?tag=mytag-20&psc=1',
    ],
    [
      'replaces every existing tag, once',
      'https://amazon.com/x?tag=a&ref=b&tag=c',
      'https://amazon.com/x?tag=mytag-20&ref=b',
    ],
    [
      'keeps other parameters byte for byte',
      'https://smile.amazon.com/s?k=caf%C3%A9+cr%C3%A8me&x=%2F&tag=old',
      'https://smile.amazon.com/s?k=caf%C3%A9+cr%C3%A8me&x=%2F&tag=mytag-20',
    ],
    ['keeps the fragment', 'https://amazon.com/dp/1#reviews', 'https://amazon.com/dp/1?tag=mytag-20#reviews'],
    [
      'uses campid on eBay',
      'https://www.ebay.com/itm/123?mkevt=1',
      'https://www.ebay.com/itm/123?mkevt=1&campid=5338000000',
    ],
    ['ignores a lookalike domain', 'https://notamazon.com/dp/1', 'https://notamazon.com/dp/1'],
    ['ignores a program the owner has no tag for', 'https://amazon.de/dp/1', 'https://amazon.de/dp/1'],
  ])('%s', (_name, input, expected) => {
    expect(applyAffiliateTag(input, tags)).toBe(expected);
  });

  it('leaves every URL alone when the owner has no tags', () => {
    const url = 'https://amazon.com/dp/1?tag=x';
    expect(applyAffiliateTag(url, new Map())).toBe(url);
  });
});
