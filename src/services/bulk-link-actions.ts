import { AppError, invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import type { BulkLinkActionInput } from '../schemas/bulk-link-action.ts';
import { deleteUserLink, updateUserLink, type LinkUpdateInput } from './links.ts';
import { assertCategoryUsable } from './references.ts';
import type { TagChange } from './tags.ts';
import type { Work } from './unit-of-work.ts';

/** What happened to one id of a bulk action: done, or why not (not found, not yours). */
export type BulkLinkActionResult = { id: number; ok: true } | { id: number; ok: false; message: string };

/**
 * Applies one action to each named link in the caller's unit of work, through the same link use
 * cases as the single-link routes: ownership, plan rules and events (published after the commit, so
 * the redirect cache forgets them) hold alike. A link that is missing or someone else's is reported
 * and never stops the others; those checks throw before any write, so the transaction stays usable.
 * A repeated id is done once.
 */
export async function applyBulkLinkAction(
  work: Work,
  principal: Principal,
  input: BulkLinkActionInput,
): Promise<BulkLinkActionResult[]> {
  const tags = tagChangeFor(input);
  const change = tags ? {} : await changeFor(work, principal, input);
  const results: BulkLinkActionResult[] = [];
  for (const id of new Set(input.ids)) {
    try {
      if (change) await updateUserLink(work, principal, id, change, tags);
      else await deleteUserLink(work, principal, id);
      results.push({ id, ok: true });
    } catch (error) {
      // A 21st tag is refused for that link alone, before any of its writes.
      const perLink = ['not-found', 'forbidden', ...(tags ? ['validation-failed'] : [])];
      if (!(error instanceof AppError) || !perLink.includes(error.code)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return results;
}

/** The tags added or taken off each link, for `add_tags` and `remove_tags`; undefined for the other actions. */
function tagChangeFor(input: BulkLinkActionInput): TagChange | undefined {
  if (input.action !== 'add_tags' && input.action !== 'remove_tags') return undefined;
  if (!input.tags?.length) throw invalidField('tags', 'Name at least one tag.');
  return input.action === 'add_tags' ? { add: input.tags } : { remove: input.tags };
}

/** The update each link gets (undefined: delete). A category that cannot be used fails the whole call once. */
async function changeFor(
  work: Work,
  principal: Principal,
  input: BulkLinkActionInput,
): Promise<LinkUpdateInput | undefined> {
  switch (input.action) {
    case 'activate':
      return { is_active: true };
    case 'deactivate':
      return { is_active: false };
    case 'delete':
    case 'add_tags':
    case 'remove_tags':
      return undefined;
    case 'move': {
      const categoryId = input.category_id;
      if (categoryId === undefined) {
        throw invalidField('category_id', 'The category id field is required to move links (null takes them out).');
      }
      if (categoryId !== null) await assertCategoryUsable(work.stores, principal.workspace.id, categoryId);
      return { category_id: categoryId };
    }
  }
}
