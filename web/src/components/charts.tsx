// Hand-drawn SVG charts, each with a table alternative for screen readers.

export function TrendChart({ trend }: { trend: Array<{ date: string; clicks: number }> }) {
  const width = 600;
  const height = 160;
  // At least 1 so that a month without clicks does not divide by zero; its peak still reads 0.
  const max = Math.max(1, ...trend.map((d) => d.clicks));
  const peak = trend.every((d) => d.clicks === 0) ? 0 : max;
  const bar = width / trend.length;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`Clicks per day over the last ${trend.length} days`}
      >
        {trend.map((d, i) => {
          const h = Math.round((d.clicks / max) * height);
          return (
            <rect
              key={d.date}
              data-clicks={d.clicks}
              x={i * bar + 1}
              y={height - h}
              width={bar - 2}
              height={h}
              class="bar"
            >
              <title>{`${d.date}: ${d.clicks}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} class="axis">
          {trend[0]?.date}
        </text>
        <text x={width} y={height + 16} class="axis" text-anchor="end">
          {trend.at(-1)?.date}
        </text>
      </svg>
      <figcaption>Clicks per day, last 30 days (UTC). Peak: {peak}.</figcaption>
    </figure>
  );
}

export function Breakdown({
  title,
  rows,
  empty = 'No clicks yet.',
}: {
  title: string;
  rows: Array<{ value: string; clicks: number }>;
  /** What an empty table says. */
  empty?: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <section class="breakdown">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <table>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value}>
                <th scope="row">{r.value}</th>
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
