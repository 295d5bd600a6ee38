import type { RefObject } from 'preact';
import {
  HEALTH_FILTERS,
  MAX_SEARCH_LENGTH,
  SORTS,
  type Direction,
  type ListState,
  type Sort,
} from '../lib/link-list-state.ts';
import type { CategoryRecord, HealthStatus, TagRecord } from '../lib/types.ts';

export interface LinkListFiltersProps {
  state: ListState;
  /** What the search box shows (the address follows it once typing pauses). */
  typed: string;
  onType: (text: string) => void;
  categories: CategoryRecord[];
  /** The workspace's tags: a Tag filter is offered when there are any. */
  tags: TagRecord[];
  /** A sort, order or filter chosen: the list's new state. */
  onChange: (change: Partial<ListState>) => void;
  /** The search box, which the page's `/` shortcut focuses. */
  searchRef?: RefObject<HTMLInputElement | null>;
}

/** Search, sort, order, and the category and health filters above the Links page's list. */
export function LinkListFilters({ state, typed, onType, categories, tags, onChange, searchRef }: LinkListFiltersProps) {
  return (
    <div class="row list-filters">
      <label class="grow">
        Search{' '}
        <input
          ref={searchRef}
          type="search"
          name="search"
          placeholder="URL, code or title"
          maxLength={MAX_SEARCH_LENGTH}
          value={typed}
          onInput={(e) => onType(e.currentTarget.value)}
        />
      </label>
      {/* The selects offer only Sort, Direction and HealthStatus values, hence the casts. */}
      <label>
        Sort{' '}
        <select value={state.sort} onChange={(e) => onChange({ sort: e.currentTarget.value as Sort })}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Order{' '}
        <select value={state.direction} onChange={(e) => onChange({ direction: e.currentTarget.value as Direction })}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </label>
      <label>
        Category{' '}
        <select
          name="category_filter"
          value={state.category}
          onChange={(e) => onChange({ category: e.currentTarget.value })}
        >
          <option value="">All</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {(tags.length > 0 || state.tag) && (
        <label>
          Tag{' '}
          <select name="tag_filter" value={state.tag} onChange={(e) => onChange({ tag: e.currentTarget.value })}>
            <option value="">All</option>
            {state.tag && !tags.some((t) => t.name === state.tag) && <option value={state.tag}>{state.tag}</option>}
            {tags.map((t) => (
              <option key={t.id} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Health{' '}
        <select
          name="health_filter"
          value={state.health}
          onChange={(e) => onChange({ health: e.currentTarget.value as HealthStatus | '' })}
        >
          <option value="">All</option>
          {HEALTH_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The filters a state applies, in words ('category “Shoes”'), for the message of a list they emptied. */
export function filterNames(state: ListState, categories: CategoryRecord[]): string[] {
  const category = categories.find((c) => String(c.id) === state.category)?.name ?? state.category;
  return [
    state.category ? `category “${category}”` : '',
    state.health ? `health “${HEALTH_FILTERS.find(([value]) => value === state.health)?.[1]}”` : '',
    state.tag ? `tag “${state.tag}”` : '',
  ].filter(Boolean);
}
