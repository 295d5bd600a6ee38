// The statistics' filters (Business): one value per dimension, all of them at once (AND), kept in the
// route's query under the API's own names (`#/links/12?country=DE&device=mobile`), so reload, Back and a
// shared address keep them, and sent as they are on the statistics requests.
import { FILTER_DIMENSIONS } from '../../../src/core/clicks.ts';
import { valueName } from './names.ts';

/** The dimensions a click can be filtered by, in the order their chips show. */
export const FILTER_KEYS = FILTER_DIMENSIONS;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type StatsFilters = Partial<Record<FilterKey, string>>;

/** What a chip calls each dimension ("Country: Germany"). */
export const FILTER_LABELS: Record<FilterKey, string> = {
  country: 'Country',
  referrer: 'Referrer',
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
  language: 'Language',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
};

/** The API's own limit on a UTM value; anything longer in an address is no filter the server would take. */
const MAX_VALUE = 255;

export const isFilterKey = (key: string): key is FilterKey => (FILTER_KEYS as readonly string[]).includes(key);

/** The filters a route's query holds; empty or overlong values are left out. */
export function filtersFromQuery(query: URLSearchParams): StatsFilters {
  const filters: StatsFilters = {};
  for (const key of FILTER_KEYS) {
    const value = query.get(key);
    if (value && value.length <= MAX_VALUE) filters[key] = value;
  }
  return filters;
}

/** The route's query with `key` set to `value`, or removed for `undefined`; the rest kept. */
export function filterQuery(query: URLSearchParams, key: FilterKey, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(query);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}

/** The chips above the panels, in FILTER_KEYS order: "Country: Germany". */
export function filterChips(filters: StatsFilters): Array<{ key: FilterKey; value: string; text: string }> {
  return FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    return value === undefined ? [] : [{ key, value, text: `${FILTER_LABELS[key]}: ${valueName(key, value)}` }];
  });
}

/** A stable string of the filters, for effects that reload when they change. */
export const filtersKey = (filters: StatsFilters) => JSON.stringify(filterChips(filters).map((c) => [c.key, c.value]));
