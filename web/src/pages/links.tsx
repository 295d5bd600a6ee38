import type { ComponentChildren, RefObject } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { BulkBar, type BulkChoice } from '../components/bulk-bar.tsx';
import { ErrorMessage } from '../components/error-message.tsx';
import { LinkCreateForm } from '../components/link-create-form.tsx';
import { filterNames, LinkListFilters } from '../components/link-list-filters.tsx';
import { LinkTable, LinkTableSkeleton, shortText } from '../components/link-table.tsx';
import { NoLinksMatch, NoLinksYet } from '../components/links-empty.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { bulkLinkAction, deleteLink, EXPORT_URL, listCategories, listTags } from '../lib/api.ts';
import { controlFeatures } from '../lib/link-controls.ts';
import { countOf } from '../lib/counts.ts';
import { copy } from '../lib/clipboard.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { duplicateLink } from '../lib/duplicate-link.ts';
import { formatError } from '../lib/errors.ts';
import { navigate, routeHref } from '../lib/hash-route.ts';
import { can } from '../lib/permissions.ts';
import { changeListState, isFiltered, listStateQuery, parseListState, type ListState } from '../lib/link-list-state.ts';
import { useShortcuts, type Shortcut } from '../lib/shortcuts.tsx';
import type { Announce } from '../lib/toast.ts';
import type { BulkLinkActionAnswer, BulkLinkActionName, LinkRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { type LinkList, type Selection, useLinkList, useSearchBox, useSelection } from '../lib/use-link-list.ts';

const DONE: Record<BulkLinkActionName, string> = {
  activate: 'Turned on',
  deactivate: 'Turned off',
  move: 'Moved',
  delete: 'Deleted',
  add_tags: 'Tagged',
  remove_tags: 'Untagged',
};

/**
 * The link list: create a link, then search, sort, filter and page through, with the list's state in
 * the address (#/links?search=..&sort=..&page=..), and act on one link or on a selection.
 */
export function LinksPage({ me, announce, query }: { me: Me; announce: Announce; query: URLSearchParams }) {
  const state = parseListState(query);
  const canTag = controlFeatures(me).pro.allowed;
  const key = listStateQuery(state).toString();
  const go = (change: Partial<ListState>, replace = false) =>
    navigate(routeHref('/links', listStateQuery(changeListState(state, change))), { replace });
  const search = useSearchBox(state);
  const categories = useData(listCategories, []);
  const categoryList = categories.data?.data ?? [];
  const tags = useData(canTag ? listTags : null, []);
  const tagList = tags.data?.data ?? [];
  const list = useLinkList(state, search.wanted, (lastPage) => go({ page: lastPage }, true));
  const selection = useSelection(key);
  const listTop = useRef<HTMLDivElement>(null);
  const actions = useLinkActions({ me, announce, list, selection, listTop });
  // A viewer reads the list: no create form, checkboxes, Duplicate or Delete (the server refuses them).
  const editable = can(me, 'links.write');
  const destination = useRef<HTMLInputElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  useShortcuts(useLinksShortcuts(editable, destination, searchBox));
  const clearFilters = () => {
    search.setTyped('');
    go({ search: '', category: '', health: '', tag: '' });
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
      {editable ? (
        <LinkCreateForm
          me={me}
          destinationRef={destination}
          onCreated={(link) => {
            announce(`Created ${link.short_url}`, { label: 'Copy', run: () => copy(link.short_url, announce) });
            // The newest link leads the list: its first page, in its default order.
            if (state.page === 1 && state.sort === 'created_at' && state.direction === 'desc') list.load.reload();
            else go({ page: 1, sort: 'created_at', direction: 'desc' });
          }}
        />
      ) : (
        <RoleNote me={me} permission="links.write" />
      )}
      <LinkListFilters
        state={state}
        typed={search.typed}
        onType={search.setTyped}
        categories={categoryList}
        tags={tagList}
        onChange={go}
        searchRef={searchBox}
      />
      <ErrorMessage error={actions.error} />
      <div ref={listTop} tabIndex={-1} class="list-body">
        <ListBody
          state={state}
          list={list}
          selection={selection}
          actions={actions}
          editable={editable}
          empty={
            isFiltered(state) ? (
              <NoLinksMatch search={state.search} filters={filterNames(state, categoryList)} onClear={clearFilters} />
            ) : (
              <NoLinksYet canCreate={editable} canImport={editable && me.features.imports.allowed} />
            )
          }
          onChange={go}
        />
      </div>
      {selection.selected.size > 0 && (
        <BulkBar
          count={list.rows.filter((l) => selection.selected.has(l.id)).length}
          categories={categoryList}
          tags={canTag ? tagList : undefined}
          working={actions.working}
          onAction={actions.bulk}
          onClear={() => selection.selectOnly([])}
        />
      )}
    </main>
  );
}

/** `c` for the create form (when the person may create), `/` for the search box; `?` lists them. */
function useLinksShortcuts(
  canCreate: boolean,
  destination: RefObject<HTMLInputElement | null>,
  search: RefObject<HTMLInputElement | null>,
): Shortcut[] {
  return useMemo(() => {
    const focus = (input: HTMLInputElement | null) => {
      input?.scrollIntoView({ block: 'center' });
      input?.focus();
    };
    const create = {
      key: 'c',
      does: 'Create a link: go to its destination field',
      run: () => focus(destination.current),
    };
    const find = { key: '/', does: 'Search the links', run: () => focus(search.current) };
    return canCreate ? [create, find] : [find];
  }, [canCreate, destination, search]);
}

interface ListBodyProps {
  state: ListState;
  /** Whether the rows offer selection, Duplicate and Delete. */
  editable: boolean;
  list: LinkList;
  selection: Selection;
  actions: LinkActions;
  /** What an answer with no links shows. */
  empty: ComponentChildren;
  onChange: (change: Partial<ListState>) => void;
}

/** The table and its pages; or why there is none: loading, a failed load, or no links. */
function ListBody({ state, list, selection, actions, editable, empty, onChange }: ListBodyProps) {
  const { load, page, current, rows, waiting } = list;
  // A failed load of another query shows no rows at all (none of them was asked for); trying again
  // shows the skeleton.
  if (load.error && !current && !load.loading) {
    return (
      <div class="list-failed">
        <ErrorMessage error={load.error} />
        <button type="button" onClick={load.reload}>
          Try again
        </button>
      </div>
    );
  }
  if (!page || (waiting && rows.length === 0)) {
    return (
      <>
        <p class="visually-hidden" role="status">
          Loading links…
        </p>
        <LinkTableSkeleton rows={Math.min(state.perPage, 8)} />
      </>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ErrorMessage error={load.error} />
      <LinkTable
        links={rows}
        sort={state.sort}
        direction={state.direction}
        selected={selection.selected}
        onSelect={selection.select}
        onSelectAll={(on) => selection.selectOnly(on ? rows.map((l) => l.id) : [])}
        busy={waiting}
        editable={editable}
        onDuplicate={actions.duplicate}
        onDelete={actions.remove}
      />
      <Pagination
        meta={page.meta}
        perPage={state.perPage}
        onPage={(p) => onChange({ page: p })}
        onPerPage={(perPage) => onChange({ perPage })}
      />
    </>
  );
}

interface LinkActions {
  /** True while a bulk action runs. */
  working: boolean;
  /** Why the last action failed; cleared when one succeeds. */
  error: string | undefined;
  remove: (link: LinkRecord) => Promise<void>;
  duplicate: (link: LinkRecord) => Promise<void>;
  bulk: (action: BulkLinkActionName, choice?: BulkChoice) => Promise<void>;
}

interface LinkActionsOptions {
  me: Me;
  announce: Announce;
  list: LinkList;
  selection: Selection;
  /** Where the keyboard carries on once a bulk action took the bar and its buttons away. */
  listTop: RefObject<HTMLDivElement | null>;
}

/** Deleting and duplicating a link, and the bulk actions on the selected ones; each reloads the list. */
function useLinkActions({ me, announce, list, selection, listTop }: LinkActionsOptions): LinkActions {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string>();
  const reload = list.load.reload;

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
      reload();
    } catch (e) {
      setError(formatError(e));
    }
  };

  const duplicate = async (link: LinkRecord) => {
    try {
      const copy = await duplicateLink(link.id, me);
      const missing = copy.notCopied.length > 0 ? ` Not copied: ${copy.notCopied.join('; ')}.` : '';
      announce(`Duplicated ${shortText(link)} as ${copy.link.short_url}.${missing}`);
      setError(undefined);
      reload();
    } catch (e) {
      setError(`Could not duplicate ${shortText(link)}: ${formatError(e)}`);
    }
  };

  const bulk = async (action: BulkLinkActionName, choice: BulkChoice = {}) => {
    const ids = list.rows.filter((l) => selection.selected.has(l.id)).map((l) => l.id);
    if (ids.length === 0) return;
    if (action === 'delete' && !(await confirmBulkDeletion(ids.length))) return;
    setWorking(true);
    try {
      const move = action === 'move' ? { category_id: choice.categoryId ?? null } : {};
      const tagged = choice.tags ? { tags: choice.tags } : {};
      announce(bulkSummary(action, await bulkLinkAction({ action, ids, ...move, ...tagged })));
      setError(undefined);
      selection.selectOnly([]);
      reload();
      // The bar and the button that had focus are gone: the keyboard carries on from the list.
      listTop.current?.focus();
    } catch (e) {
      setError(formatError(e));
    } finally {
      setWorking(false);
    }
  };

  return { working, error, remove, duplicate, bulk };
}

/** Asks before deleting the selected links. */
function confirmBulkDeletion(count: number): Promise<boolean> {
  return confirmDialog({
    title: `Delete ${countOf(count, 'link')}?`,
    message: 'Their statistics are deleted too. This cannot be undone.',
    confirmLabel: `Delete ${countOf(count, 'link')}`,
    danger: true,
  });
}

/** What a bulk action did, in one sentence, then the reasons of the links it did not change. */
function bulkSummary(action: BulkLinkActionName, done: BulkLinkActionAnswer): string {
  const refused = done.results.flatMap((r) => (r.ok ? [] : [r.message]));
  const notChanged =
    refused.length > 0 ? ` ${countOf(refused.length, 'link')} not changed: ${[...new Set(refused)].join(' ')}` : '';
  return `${DONE[action]} ${countOf(done.succeeded, 'link')}.${notChanged}`;
}
