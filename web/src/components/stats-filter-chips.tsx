import { useEffect, useRef } from 'preact/hooks';
import { navigate, routeHref } from '../lib/hash-route.ts';
import { FILTER_LABELS, filterChips, filterQuery, filtersFromQuery, type FilterKey } from '../lib/stats-filters.ts';

/**
 * The statistics' filters of a page whose route is `path` and `query`: what they are, and how to change one.
 * A change is a new history entry, so Back steps out of a filter.
 */
export function useStatsFilters(path: string, query: URLSearchParams) {
  const filters = filtersFromQuery(query);
  const set = (key: FilterKey, value: string | undefined) => navigate(routeHref(path, filterQuery(query, key, value)));
  /** What a breakdown table of `key` needs to filter by its values (charts.tsx Breakdown). */
  const pickerFor = (key: FilterKey) => ({
    label: FILTER_LABELS[key].toLowerCase(),
    picked: filters[key],
    onPick: (value: string | undefined) => set(key, value),
  });
  return { filters, set, pickerFor };
}

/**
 * The filters in force as removable chips ("Country: Germany ×") above the panels, and "Clear filters" for
 * two or more. Removing one by keyboard leaves focus on the next chip (or the list's label), not on the page.
 * With none, `hint` says how to add one (where there are tables to click).
 */
export function FilterChips({ path, query, hint }: { path: string; query: URLSearchParams; hint: boolean }) {
  const { filters, set } = useStatsFilters(path, query);
  const chips = filterChips(filters);
  const list = useRef<HTMLDivElement>(null);
  // The index of the chip just removed, while its replacement is rendered.
  const removed = useRef<number | null>(null);
  useEffect(() => {
    const at = removed.current;
    if (at === null || !list.current) return;
    removed.current = null;
    const buttons = list.current.querySelectorAll<HTMLElement>('button');
    (buttons[Math.min(at, buttons.length - 1)] ?? list.current.querySelector<HTMLElement>('.filters-label'))?.focus();
  });
  const remove = (index: number, key: FilterKey) => {
    removed.current = index;
    set(key, undefined);
  };
  const clear = () => {
    removed.current = 0;
    let next = query;
    for (const chip of chips) next = filterQuery(next, chip.key, undefined);
    navigate(routeHref(path, next));
  };
  if (chips.length === 0 && !hint) return null;
  return (
    <div class="filter-chips" ref={list} data-testid="filter-chips">
      <p class="filters-label" tabIndex={-1}>
        {chips.length === 0 ? 'Choose a value in a table to see only its clicks.' : 'Only clicks with'}
      </p>
      {chips.length > 0 && (
        <ul class="chips">
          {chips.map((c, i) => (
            <li key={c.key} class="chip">
              <span>{c.text}</span>
              <button
                type="button"
                class="chip-remove"
                aria-label={`Remove filter ${c.text}`}
                title="Remove this filter"
                onClick={() => remove(i, c.key)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {chips.length > 1 && (
        <button type="button" class="link-button" onClick={clear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
