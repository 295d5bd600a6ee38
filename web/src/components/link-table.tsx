import { TagChips } from './tag-chips.tsx';
import { useEffect, useRef } from 'preact/hooks';
import { countOf } from '../lib/counts.ts';
import type { Direction, Sort } from '../lib/link-list-state.ts';
import type { LinkRecord } from '../lib/types.ts';
import { CopyButton } from './copy-button.tsx';
import { HealthBadge } from './health-badge.tsx';
import { pageHref } from '../lib/workspace-route.ts';

/** A short URL as the list shows it: without the scheme, which every one of them has. */
export const shortText = (link: LinkRecord) => link.short_url.replace(/^https?:\/\//, '');

// The columns a sort can name, for aria-sort on their headers ("Created" has no column of its own).
const SORTED_COLUMN: Partial<Record<Sort, string>> = {
  short_code: 'short',
  redirect_url: 'destination',
  click_count: 'clicks',
};

export interface LinkTableProps {
  links: LinkRecord[];
  sort: Sort;
  direction: Direction;
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  /** Rows of an earlier query while the current one loads: shown dimmed, and the table says it is busy. */
  busy: boolean;
  /** False for a viewer: no checkboxes, Duplicate or Delete. */
  editable: boolean;
  onDuplicate: (link: LinkRecord) => void;
  onDelete: (link: LinkRecord) => void;
}

/** The page of links: a checkbox per row for the bulk bar, the short link with its Copy button, and row actions. */
export function LinkTable(props: LinkTableProps) {
  const { links, selected, busy, editable } = props;
  const chosen = links.filter((link) => selected.has(link.id)).length;
  const ariaSort = (column: string) =>
    SORTED_COLUMN[props.sort] === column ? (props.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <table class={`link-table${busy ? ' stale' : ''}`} aria-label="Your links" aria-busy={busy}>
      <thead>
        <tr>
          {editable && (
            <th class="select">
              <SelectAll
                checked={links.length > 0 && chosen === links.length}
                mixed={chosen > 0 && chosen < links.length}
                onChange={props.onSelectAll}
              />
            </th>
          )}
          <ColumnHeaders ariaSort={ariaSort} actions={editable} />
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link.id} class={selected.has(link.id) ? 'selected' : undefined}>
            {editable && (
              <td class="select">
                <input
                  type="checkbox"
                  aria-label={`Select ${shortText(link)}`}
                  checked={selected.has(link.id)}
                  onChange={(e) => props.onSelect(link.id, e.currentTarget.checked)}
                />
              </td>
            )}
            <td class="short">
              {link.title && <span class="link-title">{link.title}</span>}
              <span class="short-line">
                <a href={pageHref(`/links/${link.id}`)} title={link.short_url}>
                  {shortText(link)}
                </a>
                <CopyButton text={link.short_url} label={`Copy ${shortText(link)}`} />
              </span>
              <TagChips tags={link.tags} />
            </td>
            <td class="destination" title={link.redirect_url}>
              <span>{link.redirect_url}</span>
            </td>
            <td class="num clicks">{countOf(link.click_count, 'click')}</td>
            <td class="state">
              {/* One state in one place, named as on the link's page: Off, Expired or Active. */}
              {!link.is_active ? 'Off' : link.is_expired ? <span class="badge expired">Expired</span> : 'Active'}
            </td>
            <td class="health">
              <HealthBadge health={link.health} />
            </td>
            {editable && (
              <td class="actions">
                <button
                  type="button"
                  class="link-button"
                  onClick={() => props.onDuplicate(link)}
                  aria-label={`Duplicate ${link.short_code}`}
                >
                  Duplicate
                </button>
                <button
                  type="button"
                  class="link-button danger"
                  onClick={() => props.onDelete(link)}
                  aria-label={`Delete ${link.short_code}`}
                >
                  Delete
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The header's checkbox: all rows of this page, or none; "mixed" while only some are chosen. */
function SelectAll({
  checked,
  mixed,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  onChange: (on: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  // `indeterminate` has no attribute: it is set on the element itself.
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label class="select-all">
      <input
        ref={box}
        type="checkbox"
        aria-label="Select all links on this page"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span class="select-all-text" aria-hidden="true">
        Select all
      </span>
    </label>
  );
}

interface ColumnHeadersProps {
  ariaSort: (column: string) => 'ascending' | 'descending' | undefined;
  /** Whether the rows have their action buttons' column. */
  actions: boolean;
}

/** The headers after the selection column, shared by the table and its skeleton. */
function ColumnHeaders({ ariaSort, actions }: ColumnHeadersProps) {
  return (
    <>
      <th aria-sort={ariaSort('short')}>Short link</th>
      <th aria-sort={ariaSort('destination')}>Destination</th>
      <th class="num" aria-sort={ariaSort('clicks')}>
        Clicks
      </th>
      <th>Status</th>
      <th>Health</th>
      {actions && (
        <th>
          <span class="visually-hidden">Actions</span>
        </th>
      )}
    </>
  );
}

/** Grey bars in the table's shape while the first page loads, instead of a blank space. */
export function LinkTableSkeleton({ rows }: { rows: number }) {
  return (
    <table class="link-table skeleton" aria-busy="true" aria-label="Loading links" data-testid="links-skeleton">
      <thead>
        <tr>
          <th class="select" />
          <ColumnHeaders ariaSort={() => undefined} actions />
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row, with nothing in it to focus.
          <tr key={i} aria-hidden="true">
            {['select', 'short', 'destination', 'num clicks', 'state', 'health', 'actions'].map((cell) => (
              <td key={cell} class={cell}>
                <span class="bar" />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
