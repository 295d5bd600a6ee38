import { describe, expect, it } from 'vitest';
import {
  changeListState,
  DEFAULT_STATE,
  isFiltered,
  listQuery,
  listStateQuery,
  parseListState,
} from './link-list-state.ts';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe("the Links page's state in the address", () => {
  it('reads every part of the list from the query', () => {
    expect(
      parse('search=shoe&sort=click_count&direction=asc&page=3&per_page=50&category=7&health=broken&tag=Spring sale'),
    ).toEqual({
      search: 'shoe',
      sort: 'click_count',
      direction: 'asc',
      page: 3,
      perPage: 50,
      category: '7',
      health: 'broken',
      tag: 'Spring sale',
    });
  });

  it('falls back to the defaults for anything the API would refuse', () => {
    expect(parse('sort=password&direction=up&page=0&per_page=1000&category=abc&health=sick')).toEqual(DEFAULT_STATE);
    expect(parse('page=-2&per_page=17&category=0')).toEqual(DEFAULT_STATE);
    expect(parse(`search=${'a'.repeat(300)}`).search).toHaveLength(255);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(listStateQuery(DEFAULT_STATE).toString()).toBe('');
    const state = { ...DEFAULT_STATE, search: 'a b&c', sort: 'short_code' as const, page: 2 };
    const written = listStateQuery(state).toString();
    expect(written).toBe('search=a+b%26c&sort=short_code&page=2');
    expect(parse(written)).toEqual(state);
  });

  it('starts again at page 1 when anything but the page changes', () => {
    const onPage5 = { ...DEFAULT_STATE, page: 5 };
    expect(changeListState(onPage5, { sort: 'click_count' }).page).toBe(1);
    expect(changeListState(onPage5, { search: 'x' }).page).toBe(1);
    expect(changeListState(onPage5, { perPage: 100 }).page).toBe(1);
    expect(changeListState(onPage5, { health: 'ok' }).page).toBe(1);
    expect(changeListState(onPage5, { page: 6 }).page).toBe(6);
  });

  it('knows a filtered list from the whole one', () => {
    expect(isFiltered(DEFAULT_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_STATE, sort: 'click_count', page: 3 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_STATE, category: '2' })).toBe(true);
  });

  it('asks the API with its own names, and leaves out the filters not set', () => {
    expect(listQuery({ ...DEFAULT_STATE, category: '4', perPage: 25 })).toEqual({
      sort: 'created_at',
      direction: 'desc',
      page: 1,
      per_page: 25,
      category_id: 4,
    });
  });
});
