import type { Kysely } from 'kysely';
import { type AppError, invalidField } from '../core/errors.ts';
import type { Category } from '../core/model.ts';
import { timestamp } from '../core/time.ts';
import { isUniqueViolation, requireTransaction } from './errors.ts';
import type { CategoriesTable, Database } from './schema.ts';

type CategoryRow = Omit<CategoriesTable, 'id'> & { id: number };

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function nameTaken(): AppError {
  return invalidField('name', 'The name has already been taken.');
}

export async function insertCategory(db: Kysely<Database>, workspaceId: number, name: string): Promise<Category> {
  const now = timestamp();
  try {
    const row = await db
      .insertInto('categories')
      .values({ workspace_id: workspaceId, name, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCategory(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function listCategories(db: Kysely<Database>, workspaceId: number): Promise<Category[]> {
  const rows = await db
    .selectFrom('categories')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toCategory);
}

export async function findCategory(db: Kysely<Database>, id: number): Promise<Category | undefined> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCategory(row);
}

export async function renameCategory(db: Kysely<Database>, id: number, name: string): Promise<Category> {
  try {
    const row = await db
      .updateTable('categories')
      .set({ name, updated_at: timestamp() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCategory(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The statement that takes a category off its links (found through `links_category`, migration 015). */
export function uncategorizeLinks(db: Kysely<Database>, id: number) {
  return db.updateTable('links').set({ category_id: null }).where('category_id', '=', id);
}

/** Deletes the category; its links keep existing with no category. Two writes: needs a transaction. */
export async function deleteCategory(db: Kysely<Database>, id: number): Promise<void> {
  requireTransaction(db, 'deleteCategory');
  // Explicit as well as the foreign key (ON DELETE SET NULL), so the outcome never depends on a pragma.
  await uncategorizeLinks(db, id).execute();
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/**
 * The ids of the user's categories with these names, creating those that are missing (imports).
 * ON CONFLICT DO NOTHING: a name created meanwhile by another request is simply found.
 */
export async function ensureCategories(
  db: Kysely<Database>,
  workspaceId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const now = timestamp();
  await db
    .insertInto('categories')
    .values(unique.map((name) => ({ workspace_id: workspaceId, name, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('name', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

export const categoryStore = {
  ensure: ensureCategories,
  insert: insertCategory,
  list: listCategories,
  find: findCategory,
  rename: renameCategory,
  delete: deleteCategory,
};
