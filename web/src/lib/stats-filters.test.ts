import { describe, expect, it } from 'vitest';
import { filterChips, filterQuery, filtersFromQuery, filtersKey } from './stats-filters.ts';

describe('statistics filters in the address', () => {
  it('reads the API-named filters from a route query, ignoring other parameters and empty values', () => {
    const query = new URLSearchParams('range=7d&tab=analytics&country=DE&os=macos&device=&utm_source=news');
    expect(filtersFromQuery(query)).toEqual({ country: 'DE', os: 'macos', utm_source: 'news' });
    expect(filtersFromQuery(new URLSearchParams(`referrer=${'a'.repeat(256)}`))).toEqual({});
  });

  it('adds and removes one filter, keeping the range and the others', () => {
    const query = new URLSearchParams('range=7d&country=DE');
    const added = filterQuery(query, 'browser', 'chrome');
    expect(added.toString()).toBe('range=7d&country=DE&browser=chrome');
    expect(filterQuery(added, 'country', undefined).toString()).toBe('range=7d&browser=chrome');
    // The query given is left as it was.
    expect(query.toString()).toBe('range=7d&country=DE');
  });

  it('says each filter in words, in a fixed order', () => {
    const chips = filterChips({ os: 'macos', country: 'DE', utm_campaign: 'spring' });
    expect(chips.map((c) => c.text)).toEqual(['Country: Germany', 'Operating system: macOS', 'UTM campaign: spring']);
    expect(filtersKey({ os: 'ios', country: 'JP' })).toBe(filtersKey({ country: 'JP', os: 'ios' }));
  });
});
