import type { VisitFacts } from '../core/clicks.ts';

/**
 * What `record` answers: `true` when the visit is recorded (the common case, nothing allocated),
 * or, when the sink is full, a promise of `true` once it is recorded and `false` if it was
 * refused (the edge then answers 503 and the visit is not counted).
 */
export type Recorded = true | Promise<boolean>;

/**
 * Where the edge hands a visit after deciding its answer. `record` never throws. While the sink
 * has room it records the visit at once and answers `true`, and the redirect does not wait on
 * click recording (in-process buffer, or a Redis stream). A full sink answers a promise instead:
 * the edge answers the visit once it resolves `true` (recorded), or with a 503 when it resolves
 * `false` (refused, not recorded). The visit is enriched (GeoIP, user agent, bot flag) later, in
 * the batch writer.
 */
export interface ClickSink {
  record(visit: VisitFacts): Recorded;
  /**
   * A sink that hands visits on in batches (one Redis command per event-loop turn) has the edge
   * write each recorded visit's answer through this: `answer` runs once every visit recorded
   * before it is on its way, so no visitor gets a 302 for a visit a crash could still lose. A
   * sink without it hands each visit on inside `record`, and the edge answers at once.
   */
  afterHandOff?(answer: () => void): void;
}
