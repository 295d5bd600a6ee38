// Grey placeholders in the shape of what is loading, so a page does not jump when it arrives. The
// container is aria-busy and says "Loading…" to screen readers; the bars themselves are hidden from them.

interface SkeletonProps {
  /** What is loading, for screen readers: "Loading links…". */
  label?: string;
  /** Text lines, in varied widths (widths come from classes: the CSP allows no inline style). */
  lines?: number;
}

const WIDTHS = ['w-90', 'w-70', 'w-80', 'w-50'];

/** A few lines of text loading. */
export function Skeleton({ label = 'Loading…', lines = 3 }: SkeletonProps) {
  return (
    <div class="skeleton" aria-busy="true" data-testid="skeleton">
      <span class="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} class={`skeleton-bar ${WIDTHS[i % WIDTHS.length]}`} aria-hidden="true" />
      ))}
    </div>
  );
}

/** A table loading: a header and `rows` rows of `columns` bars. */
export function SkeletonTable({
  label = 'Loading…',
  rows = 4,
  columns = 3,
}: SkeletonProps & { rows?: number; columns?: number }) {
  const cells = (row: number) =>
    Array.from({ length: columns }, (_, c) => (
      <span key={c} class={`skeleton-bar ${WIDTHS[(row + c) % WIDTHS.length]}`} />
    ));
  return (
    <div class="skeleton skeleton-table" aria-busy="true" data-testid="skeleton">
      <span class="visually-hidden">{label}</span>
      <div class="skeleton-row head" aria-hidden="true">
        {cells(0)}
      </div>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} class="skeleton-row" aria-hidden="true">
          {cells(r + 1)}
        </div>
      ))}
    </div>
  );
}

/** A box the size of a chart or a card while it loads; `tiles` draws a row of totals instead. */
export function SkeletonBlock({ label = 'Loading…', shape }: { label?: string; shape: 'chart' | 'card' | 'tiles' }) {
  return (
    <div class={`skeleton skeleton-${shape}`} aria-busy="true" data-testid="skeleton">
      <span class="visually-hidden">{label}</span>
      {shape === 'tiles' ? (
        [0, 1].map((i) => <span key={i} class="skeleton-tile" aria-hidden="true" />)
      ) : (
        <span class="skeleton-box" aria-hidden="true" />
      )}
    </div>
  );
}
