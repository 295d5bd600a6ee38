// The statistics' date range (Business): a preset or two days of the person's choosing, kept in
// the route's query (`?range=7d`, `?range=custom&from=2026-01-01&to=2026-01-31`).
import type { DayRange } from './types.ts';

export const PRESETS = [
  { key: '7d', label: '7 days' },
  { key: '30d', label: '30 days' },
  { key: '90d', label: '90 days' },
  { key: '12m', label: '12 months' },
] as const;
export type Preset = (typeof PRESETS)[number]['key'];
/** What a page without `range` shows: the API's own default span. */
export const DEFAULT_PRESET: Preset = '30d';
/** The longest range the API answers (from and to inclusive). */
export const MAX_DAYS = 366;

export type RangeChoice = { preset: Preset } | { preset: 'custom'; from: string; to: string };

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today in UTC, the statistics' own calendar. */
export const todayUtc = () => iso(Date.now());

/** Midnight UTC of a `YYYY-MM-DD` day, or NaN when it is no real calendar day. */
export function dayMs(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || iso(ms) !== day ? NaN : ms;
}

/** The range a route's query asks for; a missing or unknown `range` is the default preset. */
export function rangeFromQuery(query: URLSearchParams): RangeChoice {
  const preset = query.get('range');
  if (preset === 'custom') return { preset, from: query.get('from') ?? '', to: query.get('to') ?? '' };
  return { preset: PRESETS.find((p) => p.key === preset)?.key ?? DEFAULT_PRESET };
}

/** The query of a range, on top of the route's other parameters. */
export function rangeQuery(query: URLSearchParams, range: RangeChoice): URLSearchParams {
  const next = new URLSearchParams(query);
  next.set('range', range.preset);
  next.delete('from');
  next.delete('to');
  if (range.preset === 'custom') {
    next.set('from', range.from);
    next.set('to', range.to);
  }
  return next;
}

/** The days a range covers, counted back from `today` for a preset (12 months: the same day a year ago, plus one). */
export function rangeDays(range: RangeChoice, today = todayUtc()): DayRange {
  if (range.preset === 'custom') return { from: range.from, to: range.to };
  const end = dayMs(today);
  if (range.preset === '12m') {
    const d = new Date(end);
    return { from: iso(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate() + 1)), to: today };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[range.preset];
  return { from: iso(end - (days - 1) * DAY), to: today };
}

/** Field path to messages, as a 422 would say them, for a range checked before any request. */
export function checkRange({ from, to }: DayRange): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const [start, end] = [dayMs(from), dayMs(to)];
  if (Number.isNaN(start)) errors.from = ['Enter a day as YYYY-MM-DD.'];
  if (Number.isNaN(end)) errors.to = ['Enter a day as YYYY-MM-DD.'];
  if (Object.keys(errors).length > 0) return errors;
  if (start > end) errors.from = ['The first day must not be after the last.'];
  else if ((end - start) / DAY + 1 > MAX_DAYS) errors.to = [`At most ${MAX_DAYS} days at a time.`];
  return errors;
}

/** The range in words, for captions: "last 7 days" or "2026-01-01 to 2026-01-31". */
export function rangeWords(range: RangeChoice): string {
  if (range.preset === 'custom') return `${range.from} to ${range.to}`;
  return `last ${PRESETS.find((p) => p.key === range.preset)!.label}`;
}
