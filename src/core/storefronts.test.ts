import { describe, expect, it } from 'vitest';
import { localiseDestination } from './storefronts.ts';

// Owner's tags by program id (affiliate-programs.json): 1 Amazon US, 2 UK, 3 DE, 8 JP.
const tags = new Map([
  [1, 'us-20'],
  [2, 'uk-21'],
  [3, 'de-21'],
  [8, 'jp-22'],
]);

describe('storefront localisation', () => {
  it.each([
    ['https://www.amazon.com/dp/B0C1234567', 'DE', 'https://www.amazon.de/dp/B0C1234567?tag=de-21', 'amazon.de'],
    [
      'https://www.amazon.com/Some-Gadget-Name/dp/B0C1234567/ref=sr_1_1?th=1',
      'GB',
      'https://www.amazon.co.uk/dp/B0C1234567?tag=uk-21',
      'amazon.co.uk',
    ],
    [
      'https://amazon.com/gp/product/B0C1234567',
      'JP',
      'https://www.amazon.co.jp/dp/B0C1234567?tag=jp-22',
      'amazon.co.jp',
    ],
    [
      'https://www.amazon.de/exec/obidos/ASIN/B0C1234567/x',
      'US',
      'https://www.amazon.com/dp/B0C1234567?tag=us-20',
      'amazon.com',
    ],
    [
      'https://www.amazon.com/s?k=usb+c+cable&ref=nb',
      'DE',
      'https://www.amazon.de/s?k=usb%20c%20cable&tag=de-21',
      'amazon.de',
    ],
  ])('sends %s to a visitor from %s at %s', (url, country, expected, storefront) => {
    expect(localiseDestination(url, country, tags)).toEqual({ url: expected, storefront });
  });

  it.each([
    ['a country without its own storefront', 'https://www.amazon.com/dp/B0C1234567', 'AT'],
    ['a storefront the owner has no tag for', 'https://www.amazon.com/dp/B0C1234567', 'FR'],
    ['a visitor already on their storefront', 'https://www.amazon.de/dp/B0C1234567', 'DE'],
    ['an unknown country', 'https://www.amazon.com/dp/B0C1234567', 'XX'],
    ['an Amazon page that is not a product or a search', 'https://www.amazon.com/gp/help/customer', 'DE'],
    ['a search without a query', 'https://www.amazon.com/s?i=electronics', 'DE'],
    ['another shop', 'https://www.ebay.com/itm/123', 'DE'],
    ['a host that only looks like Amazon', 'https://amazon.com.evil.example/dp/B0C1234567', 'DE'],
  ])('keeps the original URL for %s', (_name, url, country) => {
    expect(localiseDestination(url, country, tags)).toBeUndefined();
  });

  it('puts the visitor’s country into Apple links, keeping every other byte', () => {
    expect(localiseDestination('https://apps.apple.com/us/app/some-app/id123?mt=8#x', 'DE', new Map())).toEqual({
      url: 'https://apps.apple.com/de/app/some-app/id123?mt=8#x',
      storefront: 'apple:de',
    });
    expect(localiseDestination('https://music.apple.com/gb/album/x/1?i=2', 'JP', new Map())?.url).toBe(
      'https://music.apple.com/jp/album/x/1?i=2',
    );
    expect(localiseDestination('https://books.apple.com/US/book/y/id9', 'FR', new Map())?.url).toBe(
      'https://books.apple.com/fr/book/y/id9',
    );
    expect(localiseDestination('https://apps.apple.com/app/id123', 'DE', new Map())).toBeUndefined();
    expect(localiseDestination('https://apps.apple.com/us/app/id123', 'XX', new Map())).toBeUndefined();
  });
});
