import type { ClickEvent } from './enrich.ts';

/**
 * Where the edge hands a visit after replying. `record` must return at once and never throw:
 * the redirect never waits on click recording (in-process buffer, or a Redis stream).
 */
export interface ClickSink {
  record(event: ClickEvent): void;
}
