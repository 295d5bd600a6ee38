import type { Kysely } from 'kysely';
import { writeClickBatch } from '../storage/clicks.kysely.ts';
import type { Database } from '../storage/schema.ts';
import { countsAsClick, createEnricher, type ClickEvent, type VisitFacts } from './enrich.ts';
import type { GeoLookup } from './geo.ts';

/**
 * Enriches a batch of visits and writes it in one transaction; resolves with the clicks that
 * count (no bots, no choice-page picks) for link.clicked webhooks. Runs on the main thread, or
 * on the writer thread for a SQLite file (thread-writer.ts).
 */
export function createVisitWriter(db: Kysely<Database>, geo: GeoLookup): (visits: VisitFacts[]) => Promise<ClickEvent[]> {
  const enrich = createEnricher(geo);
  return async (visits) => {
    const events = visits.map(enrich);
    await writeClickBatch(db, events);
    return events.filter(countsAsClick);
  };
}
