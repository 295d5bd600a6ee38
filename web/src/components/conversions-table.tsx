import type { AccountStats } from '../lib/types.ts';

type Money = NonNullable<AccountStats['conversions']>;

const percent = (rate: number) => `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/**
 * What the clicks earned, per currency (Business; docs/api.md "Affiliate money"): conversions,
 * revenue, earnings, conversion rate and earnings per click, from the statistics' own answer.
 * Amounts are shown as the server sends them, decimal strings with their currency, never summed
 * across currencies.
 */
export function ConversionsTable({ rows, caption }: { rows: Money | undefined; caption: string }) {
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
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col" class="num">
                  Conversions
                </th>
                <th scope="col" class="num">
                  Revenue
                </th>
                <th scope="col" class="num">
                  Earnings
                </th>
                <th scope="col" class="num">
                  Conversion rate
                </th>
                <th scope="col" class="num">
                  <abbr title="Earnings per click">EPC</abbr>
                </th>
              </tr>
            </thead>
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
        </div>
      )}
    </section>
  );
}
