import { useEffect, useRef, useState } from 'preact/hooks';
import { BulkBar } from '../components/bulk-bar.tsx';
import { ErrorMessage } from '../components/error-message.tsx';
import { LinkCreateForm } from '../components/link-create-form.tsx';
import { LinkTable, LinkTableSkeleton, shortText } from '../components/link-table.tsx';
import { NoLinksMatch, NoLinksYet } from '../components/links-empty.tsx';
import { Pagination } from '../components/pagination.tsx';
import { bulkLinkAction, deleteLink, EXPORT_URL, listCategories, listLinks } from '../lib/api.ts';
import { countOf } from '../lib/counts.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { duplicateLink } from '../lib/duplicate-link.ts';
import { formatError } from '../lib/errors.ts';
import { navigate, routeHref } from '../lib/hash-route.ts';
import {
  changeListState,
  HEALTH_FILTERS,
  isFiltered,
  listQuery,
  listStateQuery,
  MAX_SEARCH_LENGTH,
  parseListState,
  SORTS,
  type Direction,
  type ListState,
  type Sort,
} from '../lib/link-list-state.ts';
import type { Announce } from '../lib/toast.ts';
import type { BulkLinkActionAnswer, BulkLinkActionName, HealthStatus, LinkRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

// One request per pause in typing, not per keystroke: a Pro plan has 60 requests a minute.
const SEARCH_DEBOUNCE_MS = 250;

const DONE: Record<BulkLinkActionName, string> = {
  activate: 'Activated',
  deactivate: 'Deactivated',
  move: 'Moved',
  delete: 'Deleted',
};

/** Whether a link belongs in the list a state asks for: the API's own rules, for rows of an earlier answer. */
function matches(link: LinkRecord, state: ListState): boolean {
  const search = state.search.toLowerCase();
  if (search && ![link.redirect_url, link.short_code, link.title ?? ''].some((t) => t.toLowerCase().includes(search)))
    return false;
  if (state.category && link.category?.id !== Number(state.category)) return false;
  if (state.health && link.health.status !== state.health) return false;
  return true;
}

/**
 * The link list: create a link, then search, sort, filter and page through, with the list's state in
 * the address (#/links?search=..&sort=..&page=..), and act on one link or on a selection.
 */
export function LinksPage({ me, announce, query }: { me: Me; announce: Announce; query: URLSearchParams }) {
  const state = parseListState(query);
  const key = listStateQuery(state).toString();
  const go = (change: Partial<ListState>, replace = false) =>
    navigate(routeHref('/links', listStateQuery(changeListState(state, change))), { replace });

  // The search box holds what is typed; the address (and the request) follow once typing pauses.
  const [typed, setTyped] = useState(state.search);
  const latest = useRef(state);
  latest.current = state;
  const searchWanted = typed.trim();
  const written = useRef(state.search);
  useEffect(() => {
    if (searchWanted === latest.current.search) return;
    const timer = setTimeout(() => {
      written.current = searchWanted;
      // Replace, not push: Back goes to the list before the search, not through each letter.
      navigate(routeHref('/links', listStateQuery(changeListState(latest.current, { search: searchWanted }))), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchWanted]);
  // Back, forward or Clear filters changed the search: the box shows it. A search this page wrote
  // itself is not echoed back, so letters typed since are kept.
  useEffect(() => {
    if (state.search !== written.current) setTyped(state.search);
    written.current = state.search;
  }, [state.search]);

  const categories = useData(listCategories, []);
  // Each answer carries the state it was asked for, so rows of an earlier query are never taken for this one's.
  const list = useData((signal) => listLinks(listQuery(state), signal).then((page) => ({ key, state, page })), [key]);
  const answer = list.data;
  const current = answer?.key === key;
  // An earlier answer's rows stay while the next loads, narrowed to those that match what is asked now
  // (search, category, health): the table never shows a row the current query would not.
  const wanted = { ...state, search: searchWanted };
  const rows = answer
    ? current && searchWanted === state.search
      ? answer.page.data
      : answer.page.data.filter((l) => matches(l, wanted))
    : [];
  const waiting = !current || searchWanted !== state.search;

  // Past the last page (links deleted meanwhile, an old address): the last page that has links.
  useEffect(() => {
    const meta = answer?.page.meta;
    if (current && meta && meta.total > 0 && answer.page.data.length === 0 && state.page > meta.last_page)
      go({ page: meta.last_page }, true);
  }, [answer, current]);

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [working, setWorking] = useState(false);
  const [actionError, setActionError] = useState<string>();
  const listTop = useRef<HTMLDivElement>(null);
  // A selection belongs to the rows on screen: another page, order or filter starts afresh.
  useEffect(() => setSelected(new Set()), [key]);
  const select = (id: number, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async (link: LinkRecord) => {
    const sure = await confirmDialog({
      title: `Delete the link ${link.short_code}?`,
      message: 'Its statistics are deleted too. This cannot be undone.',
      confirmLabel: 'Delete link',
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteLink(link.id);
      announce('Link deleted.');
      list.reload();
    } catch (e) {
      setActionError(formatError(e));
    }
  };

  const duplicate = async (link: LinkRecord) => {
    try {
      const copy = await duplicateLink(link.id, me);
      const missing = copy.notCopied.length > 0 ? ` Not copied: ${copy.notCopied.join('; ')}.` : '';
      announce(`Duplicated ${shortText(link)} as ${copy.link.short_url}.${missing}`);
      setActionError(undefined);
      list.reload();
    } catch (e) {
      setActionError(`Could not duplicate ${shortText(link)}: ${formatError(e)}`);
    }
  };

  const bulk = async (action: BulkLinkActionName, categoryId?: number | null) => {
    const ids = rows.filter((l) => selected.has(l.id)).map((l) => l.id);
    if (ids.length === 0) return;
    if (
      action === 'delete' &&
      !(await confirmDialog({
        title: `Delete ${countOf(ids.length, 'link')}?`,
        message: 'Their statistics are deleted too. This cannot be undone.',
        confirmLabel: `Delete ${countOf(ids.length, 'link')}`,
        danger: true,
      }))
    )
      return;
    setWorking(true);
    try {
      const done: BulkLinkActionAnswer = await bulkLinkAction({
        action,
        ids,
        ...(action === 'move' ? { category_id: categoryId ?? null } : {}),
      });
      const refused = done.results.flatMap((r) => (r.ok ? [] : [r.message]));
      announce(
        `${DONE[action]} ${countOf(done.succeeded, 'link')}.` +
          (refused.length > 0
            ? ` ${countOf(refused.length, 'link')} not changed: ${[...new Set(refused)].join(' ')}`
            : ''),
      );
      setActionError(undefined);
      setSelected(new Set());
      list.reload();
      // The bar and the button that had focus are gone: the keyboard carries on from the list.
      listTop.current?.focus();
    } catch (e) {
      setActionError(formatError(e));
    } finally {
      setWorking(false);
    }
  };

  const filters = [
    state.category
      ? `category “${categories.data?.data.find((c) => String(c.id) === state.category)?.name ?? state.category}”`
      : '',
    state.health ? `health “${HEALTH_FILTERS.find(([value]) => value === state.health)?.[1]}”` : '',
  ].filter(Boolean);
  const clearFilters = () => {
    setTyped('');
    go({ search: '', category: '', health: '' });
  };

  return (
    <main class="links-page">
      <div class="row">
        <h1 class="grow">Links</h1>
        {me.features.export.allowed && (
          <a class="button" href={EXPORT_URL} download>
            Export CSV
          </a>
        )}
      </div>
      <LinkCreateForm
        me={me}
        onCreated={(link) => {
          announce(`Created ${link.short_url}`);
          list.reload();
        }}
      />
      <div class="row list-filters">
        <label class="grow">
          Search{' '}
          <input
            type="search"
            name="search"
            placeholder="URL, code or title"
            maxLength={MAX_SEARCH_LENGTH}
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
        </label>
        {/* The selects offer only Sort, Direction and HealthStatus values, hence the casts. */}
        <label>
          Sort{' '}
          <select value={state.sort} onChange={(e) => go({ sort: e.currentTarget.value as Sort })}>
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order{' '}
          <select value={state.direction} onChange={(e) => go({ direction: e.currentTarget.value as Direction })}>
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </label>
        <label>
          Category{' '}
          <select
            name="category_filter"
            value={state.category}
            onChange={(e) => go({ category: e.currentTarget.value })}
          >
            <option value="">All</option>
            {(categories.data?.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Health{' '}
          <select
            name="health_filter"
            value={state.health}
            onChange={(e) => go({ health: e.currentTarget.value as HealthStatus | '' })}
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
      <ErrorMessage error={actionError} />
      <div ref={listTop} tabIndex={-1} class="list-body">
        {listBody()}
      </div>
      {selected.size > 0 && (
        <BulkBar
          count={rows.filter((l) => selected.has(l.id)).length}
          categories={categories.data?.data ?? []}
          working={working}
          onAction={bulk}
          onClear={() => setSelected(new Set())}
        />
      )}
    </main>
  );

  function listBody() {
    // A failed load of another query shows no rows at all (none of them was asked for); trying again shows the skeleton.
    if (list.error && !current && !list.loading) {
      return (
        <div class="list-failed">
          <ErrorMessage error={list.error} />
          <button type="button" onClick={list.reload}>
            Try again
          </button>
        </div>
      );
    }
    if (!answer || (waiting && rows.length === 0)) {
      return (
        <>
          <p class="visually-hidden" role="status">
            Loading links…
          </p>
          <LinkTableSkeleton rows={Math.min(state.perPage, 8)} />
        </>
      );
    }
    if (rows.length === 0) {
      return isFiltered(state) ? (
        <NoLinksMatch search={state.search} filters={filters} onClear={clearFilters} />
      ) : (
        <NoLinksYet canImport={me.features.imports.allowed} />
      );
    }
    return (
      <>
        <ErrorMessage error={list.error} />
        <LinkTable
          links={rows}
          sort={state.sort}
          direction={state.direction}
          selected={selected}
          onSelect={select}
          onSelectAll={(on) => setSelected(on ? new Set(rows.map((l) => l.id)) : new Set())}
          busy={waiting}
          onDuplicate={duplicate}
          onDelete={remove}
        />
        <Pagination
          meta={answer.page.meta}
          perPage={state.perPage}
          onPage={(page) => go({ page })}
          onPerPage={(perPage) => go({ perPage })}
        />
      </>
    );
  }
}
