import type { VisitFacts } from '../core/clicks.ts';

/**
 * Where the edge hands a visit after deciding its answer. `record` must return at once and never
 * throw: the redirect never waits on click recording (in-process buffer, or a Redis stream). The
 * visit is enriched (GeoIP, user agent, bot flag) later, in the batch writer.
 */
export interface ClickSink {
  record(visit: VisitFacts): void;
  /**
   * A sink that hands visits on in batches (one Redis command per event-loop turn) has the edge
   * write each recorded visit's answer through this: `answer` runs once every visit recorded
   * before it is on its way, so no visitor gets a 302 for a visit a crash could still lose. A
   * sink without it hands each visit on inside `record`, and the edge answers at once.
   */
  afterHandOff?(answer: () => void): void;
}
