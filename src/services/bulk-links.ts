import { DomainError } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import { LinkEvents, type LinkChange } from './link-events.ts';
import { createLink, type CreateLinkInput, type LinkServiceDeps } from './links.ts';

export const MAX_BULK_ITEMS = 100;

export interface BulkItemError {
  index: number;
  message: string;
}

/** Checks an item's shape; returns the first problem as a sentence, or undefined when valid. */
export type ItemValidator = (item: unknown) => string | undefined;

/**
 * Creates each valid item in order inside one transaction. An item that fails (shape, category,
 * taken code, ...) is reported and never rolls back the others: inserts use ON CONFLICT DO NOTHING,
 * so a refused item leaves the transaction usable on PostgreSQL too. Cache events are replayed
 * only after the commit, so the redirect cache never sees a link that is not yet visible.
 */
export async function createLinksInBulk(deps: LinkServiceDeps, principal: Principal, items: readonly unknown[], validate: ItemValidator): Promise<{ created: Link[]; errors: BulkItemError[] }> {
  const created: Link[] = [];
  const errors: BulkItemError[] = [];
  const pending: LinkChange[] = [];
  const collecting = new LinkEvents();
  collecting.subscribe((change) => pending.push(change));

  await deps.db.transaction().execute(async (trx) => {
    const txDeps: LinkServiceDeps = { ...deps, db: trx, events: collecting };
    for (const [index, item] of items.entries()) {
      const problem = validate(item);
      if (problem) {
        errors.push({ index, message: problem });
        continue;
      }
      try {
        created.push(await createLink(txDeps, principal, item as CreateLinkInput));
      } catch (error) {
        if (!(error instanceof DomainError) || ['unauthenticated', 'rate-limited'].includes(error.code)) throw error;
        errors.push({ index, message: error.message });
      }
    }
  });
  for (const change of pending) deps.events.emit(change);
  return { created, errors };
}
