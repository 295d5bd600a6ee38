// The trend chart's drawing, with uPlot (MIT): loaded only when a chart is on the page (charts.tsx
// imports this file dynamically), so the main bundle stays small. uPlot sets its sizes through the
// CSSOM (allowed by the CSP) and its stylesheet is bundled from styles (see main.tsx): nothing inline.
import uPlot from 'uplot';
import { onThemeChange } from '../lib/theme.ts';

export interface TrendDay {
  date: string;
  clicks: number;
  /** null when the statistics are filtered: no visitors counted. */
  unique_clicks: number | null;
}

const HEIGHT = 220;

/**
 * The chart's colours from the theme's tokens (--color-chart-* in styles.css), resolved to rgb() by the
 * browser: a canvas takes no CSS variables. A probe element in `el` resolves them for the theme in use.
 */
function chartColours(el: HTMLElement) {
  const probe = document.createElement('span');
  el.append(probe);
  const resolve = (token: string) => {
    probe.style.color = `var(--color-chart-${token})`;
    return getComputedStyle(probe).color;
  };
  const colours = {
    clicks: resolve('clicks'),
    fill: resolve('fill'),
    unique: resolve('unique'),
    axis: resolve('axis'),
    grid: resolve('grid'),
  };
  probe.remove();
  return colours;
}

const DAY = 86_400;
/** Axis labels: "Nov 19", whatever the browser's language (the dashboard is in English). */
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A tooltip that follows the cursor: the day, its clicks and unique visitors. */
function tooltip(trend: TrendDay[]): uPlot.Plugin {
  let tip: HTMLDivElement;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = 'chart-tip';
        tip.hidden = true;
        u.over.appendChild(tip);
        u.over.addEventListener('mouseleave', () => (tip.hidden = true));
      },
      setCursor: (u) => {
        const i = u.cursor.idx;
        const day = i == null ? undefined : trend[i];
        if (!day || u.cursor.left == null || u.cursor.left < 0) {
          tip.hidden = true;
          return;
        }
        tip.hidden = false;
        const unique = day.unique_clicks === null ? '' : `, ${day.unique_clicks} unique`;
        tip.textContent = `${day.date}: ${day.clicks} clicks${unique}`;
        // Flipped to the cursor's left past the middle so it never leaves the chart.
        const left = u.cursor.left;
        const flip = left > u.over.clientWidth / 2;
        const x = flip ? `calc(${left}px - 100% - 10px)` : `${left + 10}px`;
        const y = `${Math.max(0, (u.cursor.top ?? 0) - 30)}px`;
        tip.style.transform = `translate(${x}, ${y})`;
      },
    },
  };
}

/**
 * Draws both series into `el` and keeps the chart as wide as it, drawn again in the new colours when
 * the theme changes; returns what removes it again.
 */
export function drawTrend(el: HTMLElement, trend: TrendDay[]): () => void {
  let plot = plotTrend(el, trend);
  const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
  resize.observe(el);
  const stopWatchingTheme = onThemeChange(() => {
    plot.destroy();
    plot = plotTrend(el, trend);
  });
  return () => {
    stopWatchingTheme();
    resize.disconnect();
    plot.destroy();
  };
}

function plotTrend(el: HTMLElement, trend: TrendDay[]): uPlot {
  const colours = chartColours(el);
  const x = trend.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
  const axis = (label: string): uPlot.Axis => ({
    stroke: colours.axis,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid, width: 1 },
    label,
    labelSize: 20,
    font: '12px system-ui, sans-serif',
    labelFont: '12px system-ui, sans-serif',
  });
  return new uPlot(
    {
      width: Math.max(280, el.clientWidth),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      series: [
        { label: 'Day' },
        { label: 'Clicks', stroke: colours.clicks, width: 2, fill: colours.fill, points: { size: 5 } },
        { label: 'Unique visitors', stroke: colours.unique, width: 2, dash: [6, 4], points: { size: 5 } },
      ],
      axes: [
        {
          ...axis(''),
          labelSize: 0,
          space: 64,
          // Whole days only: the data has one point a day, so hours between would mean nothing.
          incrs: [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY),
          values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
        },
        { ...axis('Clicks per day'), size: 48, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] },
      ],
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      // The legend is the key to the lines; the tooltip has the numbers of the day under the cursor.
      legend: { live: false },
      plugins: [tooltip(trend)],
    },
    [x, trend.map((d) => d.clicks), trend.map((d) => d.unique_clicks)],
    el,
  );
}
