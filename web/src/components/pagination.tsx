import { rangeOf } from '../lib/counts.ts';
import { PAGE_SIZES } from '../lib/link-list-state.ts';
import type { LinkPage } from '../lib/types.ts';

export interface PaginationProps {
  meta: LinkPage['meta'];
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Where this page sits ("1–25 of 1,234 links"), how many rows a page has, and the way to the others. */
export function Pagination({ meta, perPage, onPage, onPerPage }: PaginationProps) {
  const { current_page: page, last_page: last } = meta;
  return (
    <nav class="pagination" aria-label="Pages">
      <p class="range" data-testid="links-range">
        {rangeOf(meta.from ?? 0, meta.to ?? 0, meta.total, 'link')}
      </p>
      <label class="per-page">
        Rows per page
        {/* The options are PAGE_SIZES, hence Number(). */}
        <select value={perPage} onChange={(e) => onPerPage(Number(e.currentTarget.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {last > 1 && (
        <span class="page-steps">
          <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span aria-current="page">
            Page {page} of {last}
          </span>
          <button type="button" disabled={page >= last} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </span>
      )}
    </nav>
  );
}
