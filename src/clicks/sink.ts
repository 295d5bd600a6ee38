import type { VisitFacts } from '../core/clicks.ts';

/**
 * Where the edge hands a visit after replying. `record` must return at once and never throw:
 * the redirect never waits on click recording (in-process buffer, or a Redis stream). The
 * visit is enriched (GeoIP, user agent, bot flag) later, in the batch writer.
 */
export interface ClickSink {
  record(visit: VisitFacts): void;
}
