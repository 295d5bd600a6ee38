import { describe, expect, it } from 'vitest';
import { primaryLanguage } from './accept-language.ts';

describe('primaryLanguage', () => {
  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
    ['en;q=0.5, de', 'de'],
    ['da, en-gb;q=0.8, en;q=0.7', 'da'],
    ['en-US', 'en'],
    ['de;q=0, nl;q=0.3', 'nl'],
    ['*', null],
    ['', null],
    [undefined, null],
    ['garbage;;;,q=2', null],
    ['es;q=0.8, pt;q=0.8', 'es'],
  ])('reads %j as %j', (header, expected) => {
    expect(primaryLanguage(header)).toBe(expected);
  });
});
