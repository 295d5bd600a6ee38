import type { TagsByProgram } from './affiliate.ts';

/** The owner's tracking ids: program id -> the tag record's extra ids. */
export type TrackingIdsByProgram = ReadonlyMap<number, readonly string[]>;

/**
 * The tags a link injects (docs/api.md, "Tracking ids"): its own `tracking_id` for every program
 * whose tag record holds it, the record's tag for the rest. A tracking id the record no longer
 * holds (removed since the link chose it) is ignored: the link gets the tag.
 */
export function tagsForLink(
  tags: TagsByProgram,
  trackingIds: TrackingIdsByProgram | undefined,
  trackingId: string | null | undefined,
): TagsByProgram {
  if (!trackingId || !trackingIds || trackingIds.size === 0) return tags;
  let chosen: Map<number, string> | undefined;
  for (const [programId, ids] of trackingIds) {
    if (!ids.includes(trackingId)) continue;
    chosen ??= new Map(tags);
    chosen.set(programId, trackingId);
  }
  return chosen ?? tags;
}
