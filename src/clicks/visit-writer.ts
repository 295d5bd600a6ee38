import { countsAsClick, firstCountedPerLink, type ClickEvent } from '../core/clicks.ts';
import type { GeoLookup } from './geo.ts';
import { enrichPackedVisits, type PackedVisits } from './packed-visits.ts';

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
 * Enriches a batch of visits on this thread and writes it (see writeClicks), where the SQLite
 * writer thread is not used (an in-memory database, PostgreSQL without Redis).
 */
export function createVisitWriter(
  writeBatch: ClickBatchWriter,
  geo: GeoLookup,
): (visits: PackedVisits, room?: ReadonlyMap<number, number>) => Promise<ClickEvent[]> {
  return (visits, room) => writeClicks(enrichPackedVisits(visits, geo), writeBatch, room);
}
