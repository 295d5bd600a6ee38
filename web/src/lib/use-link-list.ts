// The Links page's list: what the search box holds, the page of links the address asks for, and the
// links chosen for a bulk action.
import { useEffect, useRef, useState } from 'preact/hooks';
import { listLinks } from './api.ts';
import { navigate, routeHref } from './hash-route.ts';
import { changeListState, listQuery, listStateQuery, type ListState } from './link-list-state.ts';
import type { LinkPage, LinkRecord } from './types.ts';
import { type Data, useData } from './use-data.ts';

// One request per pause in typing, not per keystroke: a Pro plan has 60 requests a minute.
const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBox {
  /** What the box shows: what was typed, kept while the address catches up. */
  typed: string;
  setTyped: (text: string) => void;
  /** The search the typing asks for (trimmed), which the address follows once typing pauses. */
  wanted: string;
}

/** The search box holds what is typed; the address (and the request) follow once typing pauses. */
export function useSearchBox(state: ListState): SearchBox {
  const [typed, setTyped] = useState(state.search);
  const latest = useRef(state);
  latest.current = state;
  const wanted = typed.trim();
  const written = useRef(state.search);
  useEffect(() => {
    if (wanted === latest.current.search) return;
    const timer = setTimeout(() => {
      written.current = wanted;
      // Replace, not push: Back goes to the list before the search, not through each letter.
      navigate(routeHref('/links', listStateQuery(changeListState(latest.current, { search: wanted }))), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  // Back, forward or Clear filters changed the search: the box shows it. A search this page wrote
  // itself is not echoed back, so letters typed since are kept.
  useEffect(() => {
    if (state.search !== written.current) setTyped(state.search);
    written.current = state.search;
  }, [state.search]);
  return { typed, setTyped, wanted };
}

/** Whether a link belongs in the list a state asks for: the API's own rules, for rows of an earlier answer. */
function matches(link: LinkRecord, state: ListState): boolean {
  const search = state.search.toLowerCase();
  if (search && ![link.redirect_url, link.short_code, link.title ?? ''].some((t) => t.toLowerCase().includes(search)))
    return false;
  if (state.category && link.category?.id !== Number(state.category)) return false;
  if (state.health && link.health.status !== state.health) return false;
  return true;
}

export interface LinkList {
  /** The load itself: its error, whether it runs, and `reload`. */
  load: Data<{ key: string; page: LinkPage }>;
  /** The last page of links the server answered, for any query; undefined until the first answer. */
  page: LinkPage | undefined;
  /** Whether that page answers the query the address asks for now. */
  current: boolean;
  /** The rows to show: the current answer's, or an earlier one's narrowed to what is asked now. */
  rows: LinkRecord[];
  /** True while the rows shown are not yet the answer to what is asked (loading, or typing ahead). */
  waiting: boolean;
}

/**
 * The page of links a state asks for (with `search` typed ahead of the address). `onPastLastPage`
 * gets the last page that has links when the state asks for one past it (links deleted meanwhile, an
 * old address).
 */
export function useLinkList(state: ListState, search: string, onPastLastPage: (lastPage: number) => void): LinkList {
  const key = listStateQuery(state).toString();
  // Each answer carries the query it was asked for, so rows of an earlier query are never taken for this one's.
  const load = useData((signal) => listLinks(listQuery(state), signal).then((page) => ({ key, page })), [key]);
  const page = load.data?.page;
  const current = load.data?.key === key;
  // An earlier answer's rows stay while the next loads, narrowed to those that match what is asked now
  // (search, category, health): the table never shows a row the current query would not.
  const typedAhead = search !== state.search;
  const wanted = { ...state, search };
  const rows = !page ? [] : current && !typedAhead ? page.data : page.data.filter((l) => matches(l, wanted));
  useEffect(() => {
    const meta = page?.meta;
    if (current && meta && meta.total > 0 && page.data.length === 0 && state.page > meta.last_page)
      onPastLastPage(meta.last_page);
  }, [load.data, current]);
  return { load, page, current, rows, waiting: !current || typedAhead };
}

export interface Selection {
  selected: ReadonlySet<number>;
  /** Selects or unselects one link. */
  select: (id: number, on: boolean) => void;
  /** Selects exactly these links (none: clears the selection). */
  selectOnly: (ids: readonly number[]) => void;
}

/** The links chosen for a bulk action. A selection belongs to the rows on screen: a new `key` starts afresh. */
export function useSelection(key: string): Selection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setSelected(new Set()), [key]);
  const select = (id: number, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, select, selectOnly: (ids) => setSelected(new Set(ids)) };
}
