import { Breakdown, TrendChart } from '../components/charts.tsx';
import { FilterChips, useStatsFilters } from '../components/stats-filter-chips.tsx';
import { ErrorMessage } from '../components/error-message.tsx';
import { ConversionsTable, ProgramsTable } from '../components/conversions-table.tsx';
import { Totals } from '../components/link-statistics.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { OverviewTagChoice } from '../components/overview-tag-choice.tsx';
import { Locked } from '../components/locked.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { SkeletonBlock, SkeletonTable } from '../components/ui/skeleton.tsx';
import { accountStats, listLinks } from '../lib/api.ts';
import { fieldErrors } from '../lib/errors.ts';
import { healthReason } from '../lib/health-words.ts';
import { useLiveClicks } from '../lib/live.ts';
import { checkRange, rangeDays, rangeFromQuery, rangeWords } from '../lib/range.ts';
import { valueName } from '../lib/names.ts';
import { filtersKey, type FilterKey } from '../lib/stats-filters.ts';
import type { AccountStats, LinkHealth, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { pageHref } from '../lib/workspace-route.ts';

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
  const { filters, pickerFor } = useStatsFilters(path, query);
  const tag = query.get('tag') ?? '';
  const stats = useData(valid ? () => accountStats(days, filters, tag || undefined) : null, [
    days.from,
    days.to,
    valid,
    filtersKey(filters),
    tag,
  ]);
  const live = useLiveClicks(stats.reload);
  const onRange = 'from' in fieldErrors(stats.failure) || 'to' in fieldErrors(stats.failure);
  const s = stats.data;
  return (
    <>
      {s && <Totals stats={s} />}
      {!s && stats.loading && <SkeletonBlock label="Loading totals…" shape="tiles" />}
      <LiveStatus state={live} />
      <RangePicker path={path} query={query} range={range} failure={stats.failure} />
      <OverviewTagChoice path={path} query={query} />
      <FilterChips path={path} query={query} hint={s !== undefined && accountBreakdowns(s).length > 0} />
      <ErrorMessage error={onRange ? undefined : stats.error} />
      {!s && stats.loading && <SkeletonBlock label="Loading the chart…" shape="chart" />}
      {s && (
        <>
          <TrendChart trend={s.trend} caption={`Clicks per day over all your links, ${rangeWords(range)}`} />
          <ConversionsTable rows={s.conversions} caption={`(${rangeWords(range)})`} trend={s.trend} />
          <ProgramsTable rows={s.programs} caption={`(${rangeWords(range)})`} />
          {accountBreakdowns(s).length > 0 && (
            <div class="grid breakdowns" data-testid="account-breakdowns">
              {accountBreakdowns(s).map(({ key, title, rows }) => (
                <Breakdown
                  key={key}
                  title={title}
                  rows={rows}
                  name={(v) => valueName(key, v)}
                  testId={`account-${key}`}
                  empty={
                    Object.keys(filters).length > 0 ? 'No clicks match these filters.' : 'No clicks in this range.'
                  }
                  filter={pickerFor(key)}
                />
              ))}
            </div>
          )}
          <section class="breakdown top-links">
            <h2>Top links{tag && ` tagged ${tag}`}</h2>
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
                        <a href={pageHref(`/links/${l.id}`)}>{l.short_code}</a>
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
      <BrokenLinks />
    </>
  );
}

/** The Overview's breakdown tables, in this order, under the titles the link page gives them. */
const ACCOUNT_TABLES: Array<{ key: FilterKey; title: string }> = [
  { key: 'country', title: 'Country' },
  { key: 'referrer', title: 'Referrers' },
  { key: 'device', title: 'Device' },
  { key: 'browser', title: 'Browser' },
  { key: 'os', title: 'Operating system' },
  { key: 'language', title: 'Languages' },
];

type Rows = Array<{ value: string; clicks: number }>;

/** The account-wide breakdowns the answer of GET /stats carries (each its 20 values with the most clicks). */
function accountBreakdowns(stats: AccountStats): Array<{ key: FilterKey; title: string; rows: Rows }> {
  const answer = stats as AccountStats & Partial<Record<FilterKey, Rows>>;
  return ACCOUNT_TABLES.flatMap(({ key, title }) => {
    const rows = answer[key];
    return Array.isArray(rows) ? [{ key, title, rows }] : [];
  });
}

/** How many broken links the Overview lists; "See all" has the rest. */
const BROKEN_SHOWN = 10;
const DESTINATION_CHARS = 60;

/** Why the last check found a link broken, in words (the status code kept). */
const brokenReason = (h: LinkHealth): string => healthReason(h) ?? 'Broken';

const truncate = (text: string) =>
  text.length > DESTINATION_CHARS ? `${text.slice(0, DESTINATION_CHARS - 1)}…` : text;

/** The links whose last check found them broken (link health, Business), at most ten. */
function BrokenLinks() {
  const broken = useData(() => listLinks({ health: 'broken', per_page: BROKEN_SHOWN }), []);
  const links = broken.data?.data;
  const total = broken.data?.meta.total;
  // More broken links than the ten shown: the link to the list says how many.
  const more = links !== undefined && total !== undefined && total > links.length;
  return (
    <section class="broken-links" aria-labelledby="broken-links-heading">
      <h2 id="broken-links-heading">Broken links</h2>
      <ErrorMessage error={broken.error} />
      {!links && !broken.error && <SkeletonTable label="Loading broken links…" rows={2} columns={4} />}
      {links && links.length === 0 && (
        <EmptyState title="No broken links.">
          Every destination answered at its last check. Links are checked again on their own; a link's page can check it
          now.
        </EmptyState>
      )}
      {links && links.length > 0 && (
        <>
          <table data-testid="broken-links">
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col">Destination</th>
                <th scope="col">Why</th>
                <th scope="col">Last checked</th>
              </tr>
            </thead>
            <tbody>
              {links.map((l) => (
                <tr key={l.id}>
                  <th scope="row">
                    <a href={pageHref(`/links/${l.id}`)}>{l.short_code}</a>
                  </th>
                  <td title={l.redirect_url}>{truncate(l.redirect_url)}</td>
                  <td class="error">{brokenReason(l.health)}</td>
                  <td>
                    {l.health.checked_at &&
                      new Date(l.health.checked_at).toLocaleString(undefined, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a href={pageHref('/links')}>See all{more ? ` ${total} broken links` : ''}</a>{' '}
            <span class="muted">(in the links list, choose Health: Broken)</span>
          </p>
        </>
      )}
    </section>
  );
}

/** The Overview page; other plans see it locked with the server's reason. */
export function OverviewPage({ me, path, query }: Props) {
  return (
    <main>
      <h1>Overview</h1>
      <Locked
        state={me.features.analytics}
        what="The whole account at a glance: clicks over time, countries, referrers, devices, top links, earnings."
      >
        <Overview path={path} query={query} />
      </Locked>
    </main>
  );
}
