// The Links page's list state, kept in the hash route's query (#/links?search=shoe&sort=click_count&page=3)
// so reload, Back and a shared address show the same list. Defaults stay out of the address.
import { MAX_TAG_NAME_LENGTH } from '../../../src/core/tags.ts';
import type { HealthStatus, ListLinksInput } from './types.ts';

export type Sort = NonNullable<ListLinksInput['sort']>;
export type Direction = NonNullable<ListLinksInput['direction']>;

/** The page sizes offered; the API takes 1 to 100. */
export const PAGE_SIZES = [15, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 15;
/** The API's bound on `search` (src/schemas/link.ts). */
export const MAX_SEARCH_LENGTH = 255;
// The API's highest page (src/schemas/link.ts MAX_PAGE): an address asking for more gets the last one it can.
const MAX_PAGE = 1_000_000;

export const SORTS: ReadonlyArray<readonly [Sort, string]> = [
  ['created_at', 'Created'],
  ['click_count', 'Clicks'],
  ['redirect_url', 'Destination'],
  ['short_code', 'Code'],
];

export const HEALTH_FILTERS: ReadonlyArray<readonly [HealthStatus, string]> = [
  ['broken', 'Broken'],
  ['ok', 'OK'],
  ['unknown', 'Unknown'],
];

export interface ListState {
  search: string;
  sort: Sort;
  direction: Direction;
  page: number;
  perPage: number;
  /** A category id, or '' for all. */
  category: string;
  health: HealthStatus | '';
  /** A tag's name, or '' for all. */
  tag: string;
}

export const DEFAULT_STATE: ListState = {
  search: '',
  sort: 'created_at',
  direction: 'desc',
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  category: '',
  health: '',
  tag: '',
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const wholeNumber = (value: string | null): number | undefined =>
  value !== null && /^\d{1,15}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;

/** The state an address asks for; anything the API would refuse falls back to its default. */
export function parseListState(query: URLSearchParams): ListState {
  const perPage = wholeNumber(query.get('per_page'));
  return {
    search: (query.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort: oneOf(
      query.get('sort'),
      SORTS.map(([value]) => value),
      DEFAULT_STATE.sort,
    ),
    direction: oneOf(query.get('direction'), ['asc', 'desc'] as const, DEFAULT_STATE.direction),
    page: Math.min(wholeNumber(query.get('page')) ?? 1, MAX_PAGE),
    perPage: PAGE_SIZES.find((size) => size === perPage) ?? DEFAULT_PAGE_SIZE,
    category: wholeNumber(query.get('category')) === undefined ? '' : query.get('category')!,
    health: oneOf(
      query.get('health'),
      HEALTH_FILTERS.map(([value]) => value),
      '' as HealthStatus | '',
    ),
    tag: (query.get('tag') ?? '').slice(0, MAX_TAG_NAME_LENGTH),
  };
}

/** The address's query for a state, without the defaults. */
export function listStateQuery(state: ListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search) query.set('search', state.search);
  if (state.sort !== DEFAULT_STATE.sort) query.set('sort', state.sort);
  if (state.direction !== DEFAULT_STATE.direction) query.set('direction', state.direction);
  if (state.perPage !== DEFAULT_STATE.perPage) query.set('per_page', String(state.perPage));
  if (state.category) query.set('category', state.category);
  if (state.health) query.set('health', state.health);
  if (state.tag) query.set('tag', state.tag);
  if (state.page !== 1) query.set('page', String(state.page));
  return query;
}

/**
 * The state after a change. Anything but the page itself (search, sort, order, filters, page size)
 * starts again at page 1: page 5 of an old order is nothing in particular of the new one.
 */
export function changeListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return onlyPage ? next : { ...next, page: 1 };
}

/** Whether the list is narrowed by a search or a filter (an empty answer then means "no match", not "no links"). */
export const isFiltered = (state: ListState): boolean =>
  Boolean(state.search || state.category || state.health || state.tag);

/** What the API is asked for this state. */
export function listQuery(state: ListState): ListLinksInput {
  return {
    sort: state.sort,
    direction: state.direction,
    page: state.page,
    per_page: state.perPage,
    ...(state.search ? { search: state.search } : {}),
    ...(state.category ? { category_id: Number(state.category) } : {}),
    ...(state.health ? { health: state.health } : {}),
    ...(state.tag ? { tag: state.tag } : {}),
  };
}
