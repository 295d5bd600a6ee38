import { AppError } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import type { BulkItemError, CreateLinkInput } from '../schemas/link.ts';
import { createLink } from './links.ts';
import type { Work } from './unit-of-work.ts';

/**
 * Creates each valid item in order, in the caller's unit of work. An item that fails (shape,
 * category, taken code, ...) is reported and never rolls back the others: inserts use ON CONFLICT
 * DO NOTHING, so a refused item leaves the transaction usable on PostgreSQL too. The cache and
 * webhooks hear of the links only after the commit, like every other change.
 */
export async function createLinksInBulk(
  work: Work,
  principal: Principal,
  items: readonly unknown[],
  problemWith: (item: unknown) => string | undefined,
): Promise<{ created: Link[]; errors: BulkItemError[] }> {
  const created: Link[] = [];
  const errors: BulkItemError[] = [];
  for (const [index, item] of items.entries()) {
    const problem = problemWith(item);
    if (problem) {
      errors.push({ index, message: problem });
      continue;
    }
    try {
      created.push(await createLink(work, principal, item as CreateLinkInput));
    } catch (error) {
      if (!(error instanceof AppError) || ['unauthenticated', 'rate-limited'].includes(error.code)) throw error;
      errors.push({ index, message: error.message });
    }
  }
  return { created, errors };
}
