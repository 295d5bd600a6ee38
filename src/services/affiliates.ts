import { findProgram, validateTag } from '../core/affiliate.ts';
import { invalidField } from '../core/errors.ts';
import type { AffiliateTag, Principal } from '../core/model.ts';
import type { Stores } from '../storage/stores.ts';
import { ownedOrThrow } from './ownership.ts';
import type { Work } from './unit-of-work.ts';

export async function getAffiliateTagOrThrow(stores: Stores, principal: Principal, id: number): Promise<AffiliateTag> {
  return ownedOrThrow(await stores.affiliateTags.find(id), principal, 'affiliate tag');
}

export function listUserAffiliateTags(stores: Stores, principal: Principal): Promise<AffiliateTag[]> {
  return stores.affiliateTags.list(principal.user.id);
}

/** One tag per program per user, in the program's format; the owner's links change on the next visit. */
export async function addAffiliateTag(
  work: Work,
  principal: Principal,
  programId: number,
  tag: string,
): Promise<AffiliateTag> {
  const program = findProgram(programId);
  if (!program) throw invalidField('affiliate_program_id', 'The selected affiliate program id is invalid.');
  validateTag(program, tag);
  const created = await work.stores.affiliateTags.insert({ userId: principal.user.id, programId: program.id, tag });
  work.emit({ kind: 'tags-changed', userId: created.userId });
  return created;
}

export async function changeAffiliateTag(
  work: Work,
  principal: Principal,
  id: number,
  tag: string,
): Promise<AffiliateTag> {
  const current = await getAffiliateTagOrThrow(work.stores, principal, id);
  validateTag(findProgram(current.programId)!, tag);
  const updated = await work.stores.affiliateTags.update(current.id, tag);
  work.emit({ kind: 'tags-changed', userId: updated.userId });
  return updated;
}

export async function removeAffiliateTag(work: Work, principal: Principal, id: number): Promise<void> {
  const tag = await getAffiliateTagOrThrow(work.stores, principal, id);
  await work.stores.affiliateTags.delete(tag.id);
  work.emit({ kind: 'tags-changed', userId: tag.userId });
}
