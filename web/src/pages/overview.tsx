import { TrendChart } from '../components/charts.tsx';
import { ErrorMessage } from '../components/error-message.tsx';
import { Totals } from '../components/link-statistics.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { Locked } from '../components/locked.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { accountStats } from '../lib/api.ts';
import { fieldErrors } from '../lib/errors.ts';
import { useLiveClicks } from '../lib/live.ts';
import { checkRange, rangeDays, rangeFromQuery, rangeWords } from '../lib/range.ts';
import type { Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

interface Props {
  me: Me;
  path: string;
  query: URLSearchParams;
}

/** The account at a glance (Business): totals, the trend over the range in the address, top links; live. */
function Overview({ path, query }: Omit<Props, 'me'>) {
  const range = rangeFromQuery(query);
  const days = rangeDays(range);
  const valid = Object.keys(checkRange(days)).length === 0;
  const stats = useData(valid ? () => accountStats(days) : null, [days.from, days.to, valid]);
  const live = useLiveClicks(stats.reload);
  const onRange = 'from' in fieldErrors(stats.failure) || 'to' in fieldErrors(stats.failure);
  const s = stats.data;
  return (
    <>
      {s && <Totals stats={s} />}
      <LiveStatus state={live} />
      <RangePicker path={path} query={query} range={range} failure={stats.failure} />
      <ErrorMessage error={onRange ? undefined : stats.error} />
      {s && (
        <>
          <TrendChart trend={s.trend} caption={`Clicks per day over all your links, ${rangeWords(range)}`} />
          <section class="breakdown top-links">
            <h2>Top links</h2>
            {s.top_links.length === 0 ? (
              <p class="muted">No clicks in this range.</p>
            ) : (
              <table data-testid="top-links">
                <thead>
                  <tr>
                    <th scope="col">Link</th>
                    <th scope="col" class="num">
                      Clicks in range
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.top_links.map((l) => (
                    <tr key={l.id}>
                      <th scope="row">
                        <a href={`#/links/${l.id}`}>{l.short_code}</a>
                      </th>
                      <td class="num">{l.clicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </>
  );
}

/** The Overview page; other plans see it locked with the server's reason. */
export function OverviewPage({ me, path, query }: Props) {
  return (
    <main>
      <h1>Overview</h1>
      <Locked state={me.features.analytics}>
        <Overview path={path} query={query} />
      </Locked>
    </main>
  );
}
