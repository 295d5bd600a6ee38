import { AppError, invalidField } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import { assertMay } from '../core/roles.ts';
import type { BulkUpdateError } from '../schemas/link.ts';
import { updateUserLink, type LinkUpdateInput } from './links.ts';
import type { TagChange } from './tags.ts';
import type { Work } from './unit-of-work.ts';

/** What PATCH /links/bulk does to each link: the fields of PATCH /links/{id}, and tags added or removed. */
export interface BulkUpdate {
  ids: readonly number[];
  fields: LinkUpdateInput;
  addTags?: readonly string[] | undefined;
  removeTags?: readonly string[] | undefined;
}

/** Errors that belong to one link: the others go on. Anything else fails the whole call. */
const PER_LINK = new Set(['not-found', 'forbidden', 'validation-failed']);

/**
 * Applies one change to each link named, in the caller's unit of work, through the same use case as
 * PATCH /links/{id}: ownership, plans, validation, the audit log and events alike. A link that is
 * missing, someone else's, or refuses the change (a choice page given variants, a 21st tag) is
 * reported by id and never stops the others: every check runs before the link's first write, so
 * a refusal leaves nothing half-done.
 */
export async function updateLinksInBulk(
  work: Work,
  principal: Principal,
  update: BulkUpdate,
): Promise<{ updated: Link[]; errors: BulkUpdateError[] }> {
  assertMay(principal.role, 'links.write');
  const tagChange = tagChangeOf(update);
  const updated: Link[] = [];
  const errors: BulkUpdateError[] = [];
  for (const id of new Set(update.ids)) {
    try {
      updated.push(await updateUserLink(work, principal, id, update.fields, tagChange));
    } catch (error) {
      if (!(error instanceof AppError) || !PER_LINK.has(error.code)) throw error;
      errors.push({ id, message: error.message });
    }
  }
  return { updated, errors };
}

function tagChangeOf(update: BulkUpdate): TagChange | undefined {
  if (update.addTags === undefined && update.removeTags === undefined) return undefined;
  if (update.fields.tags !== undefined) {
    throw invalidField('tags', 'Send either tags (the whole set) or add_tags and remove_tags, not both.');
  }
  return { add: update.addTags ?? [], remove: update.removeTags ?? [] };
}
