import type { ComponentChildren } from 'preact';
import { countryName, languageName, referrerName, storefrontName } from '../lib/names.ts';
import { rangeWords, type RangeChoice } from '../lib/range.ts';
import type { BreakdownKey, LinkStats } from '../lib/types.ts';
import { Breakdown, TrendChart } from './charts.tsx';
import { ErrorMessage } from './error-message.tsx';
import { WorldMap } from './world-map.tsx';

/** The tables under the map, in order: each with its title and how its values read. */
const TABLES: Array<{
  key: Exclude<BreakdownKey, 'country' | 'storefront'>;
  title: string;
  name?: (v: string) => string;
}> = [
  { key: 'referrer', title: 'Referrers', name: referrerName },
  { key: 'language', title: 'Languages', name: languageName },
  { key: 'device', title: 'Device' },
  { key: 'browser', title: 'Browser' },
  { key: 'os', title: 'Operating system' },
  { key: 'utm_source', title: 'UTM source' },
  { key: 'utm_medium', title: 'UTM medium' },
  { key: 'utm_campaign', title: 'UTM campaign' },
];

/** Total and unique side by side, and this month: the numbers every plan sees. */
export function Totals({
  stats,
}: {
  stats: { total_clicks: number; unique_clicks: number; clicks_this_month: number };
}) {
  return (
    <dl class="totals">
      <div>
        <dt>Clicks</dt>
        <dd data-testid="total-clicks">{stats.total_clicks}</dd>
      </div>
      <div>
        <dt>Unique visitors</dt>
        <dd data-testid="unique-clicks">{stats.unique_clicks}</dd>
      </div>
      <div>
        <dt>This month</dt>
        <dd data-testid="month-clicks">{stats.clicks_this_month}</dd>
      </div>
    </dl>
  );
}

interface Props {
  stats: LinkStats | undefined;
  error: string | undefined;
  range: RangeChoice;
  /** The range picker (Business), above the chart. */
  picker?: ComponentChildren;
  /** How fresh the numbers are (live-status.tsx). */
  live?: ComponentChildren;
  /** Whether the link localises storefronts now: its Storefronts table shows even before its first such click. */
  localizes: boolean;
}

/** Click totals for every plan; the range, chart, map and breakdowns when the server sent them (Business). */
export function LinkStatistics({ stats, error, range, picker, live, localizes }: Props) {
  const storefronts = stats?.storefront;
  const hasUtm = [stats?.utm_source, stats?.utm_medium, stats?.utm_campaign].some((rows) => rows && rows.length > 0);
  return (
    <section aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">Statistics</h2>
      {stats && <Totals stats={stats} />}
      {live}
      {picker}
      <ErrorMessage error={error} />
      {stats &&
        (stats.trend ? (
          <TrendChart trend={stats.trend} caption={`Clicks per day, ${rangeWords(range)}`} />
        ) : (
          <p class="locked">The chart, ranges and breakdowns need the Business plan.</p>
        ))}
      {stats?.country && (
        <div class="map-and-table">
          <WorldMap rows={stats.country} />
          <Breakdown title="Country" rows={stats.country} name={countryName} testId="countries" />
        </div>
      )}
      {stats && (
        <div class="grid breakdowns">
          {TABLES.map(({ key, title, name }) => {
            const rows = stats[key];
            if (!rows) return null;
            // Three empty UTM tables say less than one line: shown once, under the first.
            if (key.startsWith('utm_') && !hasUtm) {
              return key === 'utm_source' ? (
                <section key="utm" class="breakdown">
                  <h3>UTM</h3>
                  <p class="muted">No visit in this range came with utm_source, utm_medium or utm_campaign.</p>
                </section>
              ) : null;
            }
            return <Breakdown key={key} title={title} rows={rows} name={name} testId={key} />;
          })}
          {/* Only clicks sent to another storefront count here; a link that never localised has none. */}
          {storefronts && (storefronts.length > 0 || localizes) && (
            <Breakdown
              title="Storefronts"
              rows={storefronts}
              name={storefrontName}
              empty="No visitor sent to another storefront yet."
            />
          )}
        </div>
      )}
    </section>
  );
}
