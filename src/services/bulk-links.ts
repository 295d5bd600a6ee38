import { AppError } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import type { BulkItemError, CreateLinkInput } from '../schemas/link.ts';
import { hashLinkPassword } from './link-passwords.ts';
import { createLink, type NewLinkInput } from './links.ts';
import type { Stores } from '../storage/stores.ts';
import type { Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';

/** One item of a bulk request after its own validation: ready to create, or what is wrong with it. */
export type BulkItem = { input: NewLinkInput } | { problem: string };

/**
 * Validates each item and hashes the passwords of the valid ones, before any unit of work starts
 * (a transaction must not wait on scrypt). One item at a time: a hundred passwords must not take
 * every place in the hashing queue.
 */
export async function prepareBulkItems(
  principal: Principal,
  items: readonly unknown[],
  problemWith: (item: unknown) => string | undefined,
): Promise<BulkItem[]> {
  const prepared: BulkItem[] = [];
  for (const item of items) {
    const problem = problemWith(item);
    prepared.push(problem ? { problem } : { input: await hashLinkPassword(principal, item as CreateLinkInput) });
  }
  return prepared;
}

/**
 * Creates each valid item in order, in the caller's unit of work. An item that fails (shape,
 * category, taken code, ...) is reported and never rolls back the others: inserts use ON CONFLICT
 * DO NOTHING, so a refused item leaves the transaction usable on PostgreSQL too. The cache and
 * webhooks hear of the links only after the commit, like every other change.
 */
export async function createLinksInBulk(
  work: Work,
  principal: Principal,
  items: readonly BulkItem[],
): Promise<{ created: Link[]; errors: BulkItemError[] }> {
  assertMay(principal.role, 'links.write');
  const created: Link[] = [];
  const errors: BulkItemError[] = [];
  for (const [index, item] of items.entries()) {
    if ('problem' in item) {
      errors.push({ index, message: item.problem });
      continue;
    }
    try {
      created.push(await createLink(work, principal, item.input));
    } catch (error) {
      if (!(error instanceof AppError) || ['unauthenticated', 'rate-limited'].includes(error.code)) throw error;
      errors.push({ index, message: error.message });
    }
  }
  return { created, errors };
}

/**
 * After the commit of a bulk creation or an import chunk: fresh planner statistics when the new
 * links grew the table by more than a tenth (storage: analyzeLinksAfterGrowth), so the next list
 * is planned for the links there are. A failure costs only that: the links are committed, and
 * autovacuum analyzes the table later anyway.
 */
export async function refreshLinkStatistics(stores: Stores, added: number): Promise<void> {
  await stores.links.analyzeAfterGrowth(added).catch(() => false);
}
