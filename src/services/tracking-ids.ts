import { programForHost, type AffiliateProgram } from '../core/affiliate.ts';
import { invalidField } from '../core/errors.ts';
import type { Stores } from '../storage/stores.ts';

function programOf(destination: string): AffiliateProgram | undefined {
  try {
    return programForHost(new URL(destination).hostname);
  } catch {
    return undefined;
  }
}

/** Whether the workspace's tag record for the destination's program holds `trackingId` (tag or tracking ids). */
async function offered(stores: Stores, workspaceId: number, destination: string, trackingId: string) {
  const program = programOf(destination);
  if (!program) return { program, held: false };
  const record = (await stores.affiliateTags.list(workspaceId)).find((tag) => tag.programId === program.id);
  return {
    program,
    held: record !== undefined && (record.tag === trackingId || record.trackingIds.includes(trackingId)),
  };
}

/**
 * What a create or PATCH does to a link's `tracking_id` (docs/api.md, "Tracking ids"); undefined:
 * nothing. One sent must be the tag or a tracking id of the workspace's record for the program of
 * the destination (422 otherwise). A new destination keeps the link's choice while the record of
 * its program holds it too, and clears it otherwise: a choice belongs to a program.
 */
export async function trackingIdChange(
  stores: Stores,
  workspaceId: number,
  input: { sent: string | null | undefined; destination: string; destinationChanged: boolean; current: string | null },
): Promise<string | null | undefined> {
  const { sent, destination } = input;
  if (sent === null) return null;
  if (sent === undefined) {
    if (!input.destinationChanged || input.current === null) return undefined;
    return (await offered(stores, workspaceId, destination, input.current)).held ? undefined : null;
  }
  const { program, held } = await offered(stores, workspaceId, destination, sent);
  if (!program) throw invalidField('tracking_id', 'The destination belongs to no affiliate program.');
  if (!held) {
    throw invalidField(
      'tracking_id',
      `The tracking id must be your tag or one of your tracking ids for ${program.name}.`,
    );
  }
  return sent;
}
