import type { AccountStats } from '../lib/types.ts';

type Money = NonNullable<AccountStats['conversions']>;

const percent = (rate: number) => `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/**
 * What the clicks earned, per currency (Business; docs/api.md "Affiliate money"): conversions,
 * revenue, earnings, conversion rate and earnings per click, from the statistics' own answer.
 * Amounts are shown as the server sends them, decimal strings with their currency, never summed
 * across currencies.
 */
export function ConversionsTable({
  rows,
  caption,
  trend,
}: {
  rows: Money | undefined;
  caption: string;
  trend?: AccountStats['trend'] | undefined;
}) {
  if (!rows) return null;
  return (
    <section class="conversions" aria-labelledby="conversions-heading">
      <h3 id="conversions-heading">Conversions and earnings</h3>
      {rows.length === 0 ? (
        <p class="hint" data-testid="no-conversions">
          No conversions {caption}. Turn on click ids for a link, then record sales with the API, the postback URL or an
          earnings report.
        </p>
      ) : (
        <div>
          <table data-testid="conversions">
            <caption class="visually-hidden">Conversions and earnings {caption}, per currency</caption>
            <HeadRow words={['Currency']} figures={['Conversions', 'Revenue', 'Earnings', 'Conversion rate', 'EPC']} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.currency}>
                  <th scope="row">{row.currency}</th>
                  <td class="num">{row.conversions}</td>
                  <td class="num">{row.revenue}</td>
                  <td class="num">{row.earnings}</td>
                  <td class="num">{percent(row.conversion_rate)}</td>
                  <td class="num">{row.epc}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {trend && <ConversionDays trend={trend} caption={caption} />}
        </div>
      )}
    </section>
  );
}

/** The days of the range that had conversions, newest first: each currency's figures of that day. */
function ConversionDays({ trend, caption }: { trend: AccountStats['trend']; caption: string }) {
  const days = trend.flatMap((day) => (day.conversions ?? []).map((money) => ({ date: day.date, ...money }))).reverse();
  if (days.length === 0) return null;
  return (
    <details class="conversion-days">
      <summary>By day</summary>
      <table data-testid="conversion-days">
        <caption class="visually-hidden">Conversions and earnings per day {caption}</caption>
        <HeadRow words={['Day', 'Currency']} figures={['Conversions', 'Revenue', 'Earnings', 'EPC']} />
        <tbody>
          {days.map((day) => (
            <tr key={`${day.date} ${day.currency}`}>
              <th scope="row">{dayName(day.date)}</th>
              <td>{day.currency}</td>
              <td class="num">{day.conversions}</td>
              <td class="num">{day.revenue}</td>
              <td class="num">{day.earnings}</td>
              <td class="num">{day.epc}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** A UTC day of the statistics, named in the reader's language (the day itself, not shifted to local time). */
const dayName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

type Programs = NonNullable<AccountStats['programs']>;

/**
 * Clicks and earnings per affiliate program and tracking id over the range (Business, the
 * Overview): which program and which tracking id earn. A program's conversions in several
 * currencies are listed one per line, never summed.
 */
export function ProgramsTable({ rows, caption }: { rows: Programs | undefined; caption: string }) {
  if (!rows || rows.length === 0) return null;
  const each = (row: Programs[number], show: (money: Money[number]) => string) =>
    row.conversions.length === 0 ? '–' : row.conversions.map((money) => <div key={money.currency}>{show(money)}</div>);
  return (
    <section class="conversions programs" aria-labelledby="programs-heading">
      <h3 id="programs-heading">Earnings by program</h3>
      <table data-testid="programs">
        <caption class="visually-hidden">Clicks and earnings per affiliate program and tracking id {caption}</caption>
        <HeadRow words={['Program', 'Tracking id']} figures={['Clicks', 'Conversions', 'Earnings', 'EPC']} />
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.program_id} ${row.tracking_id ?? ''}`}>
              <th scope="row">{row.program}</th>
              <td>{row.tracking_id ?? <span class="muted">Default tag</span>}</td>
              <td class="num">{row.clicks}</td>
              <td class="num">{each(row, (money) => String(money.conversions))}</td>
              <td class="num">{each(row, (money) => `${money.earnings} ${money.currency}`)}</td>
              <td class="num">{each(row, (money) => `${money.epc} ${money.currency}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A money table's header: its words columns, then its figures right-aligned (EPC spelled out for screen readers). */
function HeadRow({ words, figures }: { words: string[]; figures: string[] }) {
  return (
    <thead>
      <tr>
        {words.map((word) => (
          <th scope="col" key={word}>
            {word}
          </th>
        ))}
        {figures.map((figure) => (
          <th scope="col" class="num" key={figure}>
            {figure === 'EPC' ? <abbr title="Earnings per click">EPC</abbr> : figure}
          </th>
        ))}
      </tr>
    </thead>
  );
}
