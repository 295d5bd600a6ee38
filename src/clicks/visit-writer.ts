import { countsAsClick, firstCountedPerLink, type ClickEvent, type VisitFacts } from '../core/clicks.ts';
import { createEnricher } from './enrich.ts';
import type { GeoLookup } from './geo.ts';

/** Writes enriched clicks in one transaction: writeClickBatch, or the SQLite writer thread's own. */
export type ClickBatchWriter = (events: readonly ClickEvent[]) => Promise<void> | void;

/**
 * Writes a batch of enriched clicks; resolves with the clicks that count (no bots, no
 * choice-page picks) for link.clicked webhooks, at most `room` of each link when given.
 */
export async function writeClicks(
  events: ClickEvent[],
  writeBatch: ClickBatchWriter,
  room?: ReadonlyMap<number, number>,
): Promise<ClickEvent[]> {
  await writeBatch(events);
  return room ? firstCountedPerLink(events, room) : events.filter(countsAsClick);
}

/**
 * Enriches a batch of visits on this thread and writes it (see writeClicks). The SQLite writer
 * thread receives its batches packed instead (packed-visits.ts).
 */
export function createVisitWriter(
  writeBatch: ClickBatchWriter,
  geo: GeoLookup,
): (visits: VisitFacts[], room?: ReadonlyMap<number, number>) => Promise<ClickEvent[]> {
  const enrich = createEnricher(geo);
  return (visits, room) => writeClicks(visits.map(enrich), writeBatch, room);
}
