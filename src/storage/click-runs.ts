import type { ClickEvent } from '../core/clicks.ts';
import { sameDimensions } from './click-tally.ts';

/**
 * A link's clicks, one after another, that make the same raw row but for their time: a popular
 * link's visitors of one kind, a load test, a crawler. The batch writers insert a long run with its
 * values once and its times as one array, since the values, not the rows, are what costs
 * (clicks.sqlite.ts, clicks.kysely.ts).
 */
export interface ClickRun {
  /** The first click: the others differ from it only in their time. */
  click: ClickEvent;
  times: string[];
}

/** Runs this long or longer are worth a statement of their own. */
export const RUN_MIN = 4;

/**
 * A batch's clicks as runs, link by link (links in the order of their first click), each link's
 * in the order they came: a link's raw clicks take ids in that order, the order the clicks API
 * pages them by, and another link's click between two no longer breaks a run.
 */
export function clickRuns(events: readonly ClickEvent[]): ClickRun[] {
  const links = new Map<number, ClickRun[]>();
  for (const event of events) {
    const runs = links.get(event.linkId);
    const last = runs?.[runs.length - 1];
    if (last && alikeButTime(last.click, event)) last.times.push(event.at);
    else if (runs) runs.push({ click: event, times: [event.at] });
    else links.set(event.linkId, [{ click: event, times: [event.at] }]);
  }
  return [...links.values()].flat();
}

/** Whether two clicks make the same raw row but for their time (a storefront, not in the row, also counts: a shorter run). */
function alikeButTime(a: ClickEvent, b: ClickEvent): boolean {
  return a.bot === b.bot && a.optionIndex === b.optionIndex && sameDimensions(a, b);
}
