import { describe, expect, it } from 'vitest';
import { pickVariant, readVariantCookie, variantCookie, variantCookieName, type Variant } from './variants.ts';

/** mulberry32: a small seeded PRNG, so the distribution test gives the same draws on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const variants = (...weights: number[]): Variant[] =>
  weights.map((weight, i) => ({ url: `https://example.com/${i}`, weight }));

describe('pickVariant', () => {
  it('gives each variant its share of weight_i / sum over many visitors', () => {
    const weights = [50, 30, 15, 4, 1];
    const draws = 200_000;
    const random = mulberry32(42);
    const counts = weights.map(() => 0);
    for (let i = 0; i < draws; i++) counts[pickVariant(variants(...weights), random)]!++;
    for (const [i, weight] of weights.entries()) {
      const expected = weight / 100;
      // Five standard deviations of a binomial proportion: a fair picker fails this about never.
      const tolerance = 5 * Math.sqrt((expected * (1 - expected)) / draws);
      expect(Math.abs(counts[i]! / draws - expected), `variant ${i}`).toBeLessThan(tolerance);
    }
  });

  it('splits two equal weights about evenly', () => {
    const random = mulberry32(7);
    let first = 0;
    for (let i = 0; i < 100_000; i++) if (pickVariant(variants(1, 1), random) === 0) first++;
    expect(first / 100_000).toBeCloseTo(0.5, 2);
  });

  it('maps the ends of [0, 1) to the first and the last variant', () => {
    expect(pickVariant(variants(1, 1, 1), () => 0)).toBe(0);
    expect(pickVariant(variants(1, 1, 1), () => 0.999999)).toBe(2);
    expect(pickVariant(variants(100, 1), () => 0.999999)).toBe(1);
  });

  it('cuts [0, 1) at the cumulative weights', () => {
    const split = variants(1, 3);
    expect(pickVariant(split, () => 0.2499)).toBe(0);
    expect(pickVariant(split, () => 0.25)).toBe(1);
  });

  it('never picks a variant of weight zero', () => {
    expect(pickVariant(variants(0, 1, 0), () => 0)).toBe(1);
    expect(pickVariant(variants(0, 1, 0), () => 0.999999)).toBe(1);
  });

  it('refuses a split with nothing to pick', () => {
    expect(() => pickVariant([], () => 0.5)).toThrow(RangeError);
    expect(() => pickVariant(variants(0, 0), () => 0.5)).toThrow(RangeError);
  });
});

describe('the variant cookie', () => {
  it('is named after the short code', () => {
    expect(variantCookieName('aB3_-x')).toBe('hl_v_aB3_-x');
  });

  it('refuses a code that could break out of the cookie header', () => {
    for (const code of ['', 'a b', 'a;b', 'a=b', 'a\r\nSet-Cookie:x']) {
      expect(() => variantCookieName(code), code).toThrow(RangeError);
    }
  });

  it('is set for 30 days on the link’s own path, HttpOnly and SameSite=Lax', () => {
    expect(variantCookie('abc', 1)).toBe('hl_v_abc=1; Max-Age=2592000; Path=/abc; HttpOnly; SameSite=Lax');
    expect(variantCookie('abc', 0, { secure: true })).toBe(
      'hl_v_abc=0; Max-Age=2592000; Path=/abc; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('refuses an index that is not a variant index', () => {
    for (const index of [-1, 1.5, Number.NaN])
      expect(() => variantCookie('abc', index), `${index}`).toThrow(RangeError);
  });

  it('reads back what it set', () => {
    for (const index of [0, 1, 4]) {
      const nameAndValue = variantCookie('abc', index).split(';', 1)[0];
      expect(readVariantCookie(nameAndValue, 'abc', 5)).toBe(index);
    }
  });

  it('finds the link’s cookie among others, spaces or not', () => {
    expect(readVariantCookie('theme=dark; hl_v_abc=1; hl_session=xyz', 'abc', 2)).toBe(1);
    expect(readVariantCookie('theme=dark;hl_v_abc=0;x=1', 'abc', 2)).toBe(0);
    expect(readVariantCookie('  hl_v_abc = 1 ', 'abc', 2)).toBe(1);
  });

  it('ignores the cookies of other links', () => {
    expect(readVariantCookie('hl_v_abcd=1; hl_v_ab=1; hl_v_ABC=1; xhl_v_abc=1', 'abc', 2)).toBeUndefined();
    expect(readVariantCookie('hl_v_other=1; hl_v_abc=0', 'abc', 2)).toBe(0);
  });

  it.each([
    ['negative', 'hl_v_abc=-1'],
    ['out of range', 'hl_v_abc=2'],
    ['fractional', 'hl_v_abc=1.5'],
    ['not a number', 'hl_v_abc=abc'],
    ['empty', 'hl_v_abc='],
    ['without a value', 'hl_v_abc'],
    ['with a leading zero', 'hl_v_abc=01'],
    ['with a plus sign', 'hl_v_abc=+1'],
    ['in exponent form', 'hl_v_abc=1e0'],
    ['hexadecimal', 'hl_v_abc=0x1'],
    ['quoted', 'hl_v_abc="1"'],
    ['huge', 'hl_v_abc=99999999999999999999'],
  ])('ignores a tampered value: %s', (_, header) => {
    expect(readVariantCookie(header, 'abc', 2)).toBeUndefined();
  });

  it('forgets an index the link no longer has', () => {
    expect(readVariantCookie('hl_v_abc=4', 'abc', 5)).toBe(4);
    expect(readVariantCookie('hl_v_abc=4', 'abc', 3)).toBeUndefined();
  });

  it('believes only the first of several cookies of the same name', () => {
    expect(readVariantCookie('hl_v_abc=1; hl_v_abc=0', 'abc', 2)).toBe(1);
    expect(readVariantCookie('hl_v_abc=9; hl_v_abc=0', 'abc', 2)).toBeUndefined();
  });

  it('answers undefined without a Cookie header', () => {
    expect(readVariantCookie(undefined, 'abc', 2)).toBeUndefined();
    expect(readVariantCookie('', 'abc', 2)).toBeUndefined();
  });
});
