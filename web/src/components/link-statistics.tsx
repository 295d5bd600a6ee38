import { BREAKDOWNS, type BreakdownKey, type LinkStats } from '../lib/types.ts';
import { Breakdown, TrendChart } from './charts.tsx';
import { ErrorMessage } from './error-message.tsx';

const TITLES: Record<BreakdownKey, string> = {
  country: 'Country',
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
  storefront: 'Storefronts',
};

/** A storefront as a person reads it: amazon.de stays, apple:jp is Apple (JP). */
const storefrontName = (value: string) =>
  value.startsWith('apple:') ? `Apple (${value.slice(6).toUpperCase()})` : value;

interface Props {
  stats: LinkStats | undefined;
  error: string | undefined;
  /** Whether the link localises storefronts now: its Storefronts table shows even before its first such click. */
  localizes: boolean;
}

/** Click totals for every plan; the chart and breakdowns when the server sent them (Business). */
export function LinkStatistics({ stats, error, localizes }: Props) {
  return (
    <section>
      <h2>Statistics</h2>
      <ErrorMessage error={error} />
      {stats && (
        <>
          <p class="totals">
            <strong data-testid="total-clicks">{stats.total_clicks}</strong> clicks in all,{' '}
            <strong>{stats.clicks_this_month}</strong> this month.
          </p>
          {stats.trend ? (
            <TrendChart trend={stats.trend} />
          ) : (
            <p class="locked">The 30-day chart and breakdowns need the Business plan.</p>
          )}
          <div class="grid">
            {BREAKDOWNS.map((key) => {
              const rows = stats[key];
              if (!rows) return null;
              if (key !== 'storefront') return <Breakdown key={key} title={TITLES[key]} rows={rows} />;
              // Only clicks sent to another storefront count here; a link that never localised has none.
              if (rows.length === 0 && !localizes) return null;
              return (
                <Breakdown
                  key={key}
                  title={TITLES[key]}
                  rows={rows.map((r) => ({ ...r, value: storefrontName(r.value) }))}
                  empty="No visitor sent to another storefront yet."
                />
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
