import type { Kysely } from 'kysely';
import { DomainError, invalidField } from '../core/errors.ts';
import type { Category } from '../core/model.ts';
import type { Database } from '../storage/schema.ts';
import { findCategory } from '../storage/categories.kysely.ts';

/** 404 when missing, then 403 when it belongs to someone else (decisions §2 order). */
export async function getCategoryOrThrow(db: Kysely<Database>, userId: number, id: number): Promise<Category> {
  const category = await findCategory(db, id);
  if (!category) throw new DomainError('category-not-found', 'Category not found.');
  if (category.userId !== userId) throw new DomainError('forbidden', 'This category does not belong to you.');
  return category;
}

/** For category_id on links: unknown or another user's is a validation error (422), not 403/404. */
export async function assertCategoryUsable(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  const category = await findCategory(db, id);
  if (!category || category.userId !== userId) throw invalidField('category_id', 'The selected category id is invalid.');
}
