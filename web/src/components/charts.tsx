// The trend chart (uPlot, loaded on demand) and the breakdown tables; every chart has a table alternative.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TrendDay } from './trend-plot.ts';

/**
 * Clicks and unique visitors per day as two lines with axes and a tooltip. The drawing is decoration
 * for screen readers (aria-hidden); the same numbers are in the table under it, one row per day.
 */
export function TrendChart({ trend, caption }: { trend: TrendDay[]; caption: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let remove: (() => void) | undefined;
    let live = true;
    import('./trend-plot.ts').then(
      ({ drawTrend }) => {
        if (live && box.current) remove = drawTrend(box.current, trend);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      remove?.();
    };
  }, [trend]);
  const clicks = trend.reduce((sum, d) => sum + d.clicks, 0);
  const filtered = trend.some((d) => d.unique_clicks === null);
  const unique = trend.reduce((sum, d) => sum + (d.unique_clicks ?? 0), 0);
  return (
    <figure class="chart" data-testid="trend" data-points={trend.length}>
      <div ref={box} class="plot" aria-hidden="true" />
      {failed && <p class="error">The chart could not be loaded; the table below has its numbers.</p>}
      <figcaption>
        {caption} (UTC): <strong data-testid="range-clicks">{clicks}</strong> clicks,{' '}
        {filtered ? (
          <span data-testid="range-unique">unique visitors are not counted under filters</span>
        ) : (
          <>
            <strong data-testid="range-unique">{unique}</strong> unique visitors
          </>
        )}
        .
      </figcaption>
      <details>
        <summary>The chart as a table</summary>
        <table class="trend-table" data-testid="trend-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="num">
                Clicks
              </th>
              <th scope="col" class="num">
                Unique visitors
              </th>
            </tr>
          </thead>
          <tbody>
            {trend.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td class="num">{d.clicks}</td>
                <td class="num">{d.unique_clicks ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * One dimension's clicks, most first, each with a bar. Given `onPick`, each value is a button that filters
 * every panel by it ("Filter by country Germany"); the value filtered by now is pressed, and pressing it
 * again removes the filter.
 */
export function Breakdown({
  title,
  rows,
  name = (value) => value,
  empty = 'No clicks yet.',
  testId,
  filter,
}: {
  title: string;
  rows: Array<{ value: string; clicks: number }>;
  /** How a value reads (a country's name for its code); the value itself by default. */
  name?: (value: string) => string;
  /** What an empty table says. */
  empty?: string;
  testId?: string;
  /** Click to filter: the dimension's words for the button's name, the value filtered by now, and the action. */
  filter?: { label: string; picked: string | undefined; onPick: (value: string | undefined) => void };
}) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <section class="breakdown" data-testid={testId}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <table>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value}>
                {/* The title shows a value cut short in full, and the code behind a name (DE for Germany). */}
                <th scope="row" title={name(r.value) === r.value ? r.value : `${name(r.value)} (${r.value})`}>
                  {filter ? (
                    <button
                      type="button"
                      class="filter-value"
                      aria-pressed={filter.picked === r.value}
                      aria-label={`Filter by ${filter.label} ${name(r.value)}`}
                      onClick={() => filter.onPick(filter.picked === r.value ? undefined : r.value)}
                    >
                      {name(r.value)}
                    </button>
                  ) : (
                    name(r.value)
                  )}
                </th>
                <td class="meter">
                  <span style={{ width: `${(r.clicks / max) * 100}%` }} />
                </td>
                <td class="num">{r.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
