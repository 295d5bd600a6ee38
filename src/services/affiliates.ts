import { findProgram, validateTag, validateTrackingIds } from '../core/affiliate.ts';
import { invalidField } from '../core/errors.ts';
import type { AffiliateTag, Principal } from '../core/model.ts';
import type { Stores } from '../storage/stores.ts';
import { ownedOrThrow } from './ownership.ts';
import type { Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';
import { audit } from './audit.ts';

export async function getAffiliateTagOrThrow(stores: Stores, principal: Principal, id: number): Promise<AffiliateTag> {
  return ownedOrThrow(await stores.affiliateTags.find(id), principal, 'affiliate tag');
}

export function listUserAffiliateTags(stores: Stores, principal: Principal): Promise<AffiliateTag[]> {
  return stores.affiliateTags.list(principal.workspace.id);
}

/** One tag per program per user, in the program's format; the owner's links change on the next visit. */
export async function addAffiliateTag(
  work: Work,
  principal: Principal,
  programId: number,
  tag: string,
  trackingIds: readonly string[] = [],
): Promise<AffiliateTag> {
  assertMay(principal.role, 'settings.manage');
  const program = findProgram(programId);
  if (!program) throw invalidField('affiliate_program_id', 'The selected affiliate program id is invalid.');
  validateTag(program, tag);
  const created = await work.stores.affiliateTags.insert({
    workspaceId: principal.workspace.id,
    programId: program.id,
    tag,
    trackingIds: validateTrackingIds(program, tag, trackingIds),
  });
  await audit(work, principal, {
    action: 'affiliate_tag.created',
    resourceType: 'affiliate_tag',
    resourceId: created.id,
  });
  work.emit({ kind: 'tags-changed', workspaceId: created.workspaceId });
  return created;
}

/**
 * A new tag, new tracking ids, or both. A link whose `tracking_id` is no longer among the record's
 * ids keeps it, and gets the record's tag at redirect time until it chooses again.
 */
export async function changeAffiliateTag(
  work: Work,
  principal: Principal,
  id: number,
  input: { tag?: string | undefined; tracking_ids?: string[] | undefined },
): Promise<AffiliateTag> {
  const current = await getAffiliateTagOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'settings.manage');
  const program = findProgram(current.programId)!;
  const tag = input.tag ?? current.tag;
  if (input.tag !== undefined) validateTag(program, tag);
  const trackingIds = validateTrackingIds(program, tag, input.tracking_ids ?? current.trackingIds);
  const updated = await work.stores.affiliateTags.update(current.id, {
    ...(input.tag !== undefined && { tag }),
    ...(input.tracking_ids !== undefined && { trackingIds }),
  });
  const change = {
    action: 'affiliate_tag.updated',
    resourceType: 'affiliate_tag',
    resourceId: updated.id,
    fields: Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined),
  };
  await audit(work, principal, change);
  work.emit({ kind: 'tags-changed', workspaceId: updated.workspaceId });
  return updated;
}

export async function removeAffiliateTag(work: Work, principal: Principal, id: number): Promise<void> {
  const tag = await getAffiliateTagOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'settings.manage');
  await work.stores.affiliateTags.delete(tag.id);
  await audit(work, principal, { action: 'affiliate_tag.deleted', resourceType: 'affiliate_tag', resourceId: tag.id });
  work.emit({ kind: 'tags-changed', workspaceId: tag.workspaceId });
}
