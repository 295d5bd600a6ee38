import type { Category, Principal } from '../core/model.ts';
import type { Stores } from '../storage/stores.ts';
import { ownedOrThrow } from './ownership.ts';
import type { Work } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';

export async function getCategoryOrThrow(stores: Stores, principal: Principal, id: number): Promise<Category> {
  return ownedOrThrow(await stores.categories.find(id), principal, 'category');
}

export function listUserCategories(stores: Stores, principal: Principal): Promise<Category[]> {
  return stores.categories.list(principal.workspace.id);
}

/** Names are unique per user, compared after trimming. */
export function createCategory(work: Work, principal: Principal, name: string): Promise<Category> {
  assertMay(principal.role, 'links.write');
  return work.stores.categories.insert(principal.workspace.id, name.trim());
}

export async function renameCategory(work: Work, principal: Principal, id: number, name: string): Promise<Category> {
  const category = await getCategoryOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'links.write');
  return work.stores.categories.rename(category.id, name.trim());
}

/** Its links stay, with no category; the redirect is unaffected, so no event. */
export async function deleteCategory(work: Work, principal: Principal, id: number): Promise<void> {
  const category = await getCategoryOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'links.write');
  await work.stores.categories.delete(category.id);
}
