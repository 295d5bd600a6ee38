import type { ClickEvent, VisitFacts } from './enrich.ts';
import { countsAsClick, createEnricher, firstCountedPerLink } from './enrich.ts';
import type { GeoLookup } from './geo.ts';

/** Writes enriched clicks in one transaction: writeClickBatch, or the SQLite writer thread's own. */
export type ClickBatchWriter = (events: readonly ClickEvent[]) => Promise<void> | void;

/**
 * Enriches a batch of visits and writes it; resolves with the clicks that count (no bots, no
 * choice-page picks) for link.clicked webhooks, at most `room` of each link when given. Runs on
 * the main thread, or on the writer thread for a SQLite file (thread-writer.ts).
 */
export function createVisitWriter(writeBatch: ClickBatchWriter, geo: GeoLookup): (visits: VisitFacts[], room?: ReadonlyMap<number, number>) => Promise<ClickEvent[]> {
  const enrich = createEnricher(geo);
  return async (visits, room) => {
    const events = visits.map(enrich);
    await writeBatch(events);
    return room ? firstCountedPerLink(events, room) : events.filter(countsAsClick);
  };
}
