import { invalidField } from '../core/errors.ts';
import type { Stores } from '../storage/stores.ts';

// Checks across aggregates, made on the stores of the unit of work that is writing: inside a
// transaction they see what it wrote, and nothing reaches the database beside it.

/** category_id on links: unknown or another user's is a validation error (422), not 403/404. */
export async function assertCategoryUsable(stores: Stores, workspaceId: number, categoryId: number): Promise<void> {
  const category = await stores.categories.find(categoryId);
  if (!category || category.workspaceId !== workspaceId)
    throw invalidField('category_id', 'The selected category id is invalid.');
}

/** domain_id on links: one of the owner's active domains. */
export async function assertDomainUsable(stores: Stores, workspaceId: number, domainId: number): Promise<void> {
  const domain = await stores.domains.find(domainId);
  if (!domain || domain.workspaceId !== workspaceId || domain.status !== 'active') {
    throw invalidField('domain_id', 'The selected domain id is invalid.');
  }
}
