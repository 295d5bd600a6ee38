import { BREAKDOWNS, type BreakdownKey, type LinkStats } from '../lib/types.ts';
import { Breakdown, TrendChart } from './charts.tsx';
import { ErrorMessage } from './error-message.tsx';

const title = (key: BreakdownKey) => (key === 'os' ? 'Operating system' : key[0]!.toUpperCase() + key.slice(1));

/** Click totals for every plan; the chart and breakdowns when the server sent them (Business). */
export function LinkStatistics({ stats, error }: { stats: LinkStats | undefined; error: string | undefined }) {
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
              return rows && <Breakdown key={key} title={title(key)} rows={rows} />;
            })}
          </div>
        </>
      )}
    </section>
  );
}
