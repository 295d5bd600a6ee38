import { ConversionsTable } from './conversions-table.tsx';
import type { ComponentChildren } from 'preact';
import {
  browserName,
  countryName,
  deviceName,
  languageName,
  osName,
  referrerName,
  storefrontName,
} from '../lib/names.ts';
import { rangeWords, type RangeChoice } from '../lib/range.ts';
import type { FilterKey } from '../lib/stats-filters.ts';
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
  { key: 'device', title: 'Device', name: deviceName },
  { key: 'browser', title: 'Browser', name: browserName },
  { key: 'os', title: 'Operating system', name: osName },
  { key: 'utm_source', title: 'UTM source' },
  { key: 'utm_medium', title: 'UTM medium' },
  { key: 'utm_campaign', title: 'UTM campaign' },
];

/** Filtered statistics count clicks, not visitors (the server answers null): said in words. */
export const NOT_COUNTED = 'not counted under filters';

/** Total and unique side by side, and this month: the numbers every plan sees. */
export function Totals({
  stats,
}: {
  stats: { total_clicks: number; unique_clicks: number | null; clicks_this_month: number };
}) {
  return (
    <dl class="totals">
      <div>
        <dt>Clicks</dt>
        <dd data-testid="total-clicks">{stats.total_clicks}</dd>
      </div>
      <div>
        <dt>Unique visitors</dt>
        <dd data-testid="unique-clicks">{stats.unique_clicks ?? NOT_COUNTED}</dd>
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
  /** Click to filter (stats-filter-chips.tsx useStatsFilters): what each table's buttons need. */
  filterBy?: (key: FilterKey) => BreakdownFilter;
  /** The filters in force, as chips, above the panels. */
  chips?: ComponentChildren;
  /** Whether any filter is in force: an empty table then says no click matched. */
  filtered?: boolean;
}

type BreakdownFilter = NonNullable<Parameters<typeof Breakdown>[0]['filter']>;

/** What an empty table says when the range has clicks: none of them carried this value, or matched the filters. */
function emptyWords(key: BreakdownKey, clicks: number, filtered: boolean): string {
  if (clicks === 0) return filtered ? 'No clicks match these filters.' : 'No clicks in this range.';
  if (key.startsWith('utm_')) return `No visits carried ${key}.`;
  return 'Not known for these clicks.';
}

/** Click totals for every plan; the range, chart, map and breakdowns when the server sent them (Business). */
export function LinkStatistics({
  stats,
  error,
  range,
  picker,
  live,
  localizes,
  filterBy,
  chips,
  filtered = false,
}: Props) {
  const storefronts = stats?.storefront;
  const rangeClicks = stats?.trend?.reduce((sum, d) => sum + d.clicks, 0) ?? stats?.total_clicks ?? 0;
  const hasUtm = [stats?.utm_source, stats?.utm_medium, stats?.utm_campaign].some((rows) => rows && rows.length > 0);
  return (
    <section aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">Statistics</h2>
      {stats && <Totals stats={stats} />}
      {live}
      {picker}
      {chips}
      <ErrorMessage error={error} />
      {stats &&
        (stats.trend ? (
          <TrendChart trend={stats.trend} caption={`Clicks per day, ${rangeWords(range)}`} />
        ) : (
          <p class="locked">The chart, ranges and breakdowns need the Business plan.</p>
        ))}
      <ConversionsTable rows={stats?.conversions} caption={`(${rangeWords(range)})`} trend={stats?.trend} />
      {stats?.country && (
        <div class="map-and-table">
          <WorldMap rows={stats.country} />
          <Breakdown
            title="Country"
            rows={stats.country}
            name={countryName}
            testId="countries"
            empty={emptyWords('country', rangeClicks, filtered)}
            filter={filterBy?.('country')}
          />
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
                  <p class="muted">
                    {rangeClicks === 0
                      ? emptyWords(key, 0, filtered)
                      : 'No visits carried UTM parameters (utm_source, utm_medium or utm_campaign).'}
                  </p>
                </section>
              ) : null;
            }
            return (
              <Breakdown
                key={key}
                title={title}
                rows={rows}
                name={name}
                testId={key}
                empty={emptyWords(key, rangeClicks, filtered)}
                filter={filterBy?.(key)}
              />
            );
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
