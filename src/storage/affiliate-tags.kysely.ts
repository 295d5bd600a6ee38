import type { AffiliateTag } from '../core/model.ts';
import type { Kysely, Selectable } from 'kysely';
import { invalidField } from '../core/errors.ts';
import { timestamp } from '../core/time.ts';
import { isUniqueViolation } from './errors.ts';
import type { AffiliateTagsTable, Database } from './schema.ts';

type Row = Selectable<AffiliateTagsTable>;
const toTag = (row: Row): AffiliateTag => ({
  id: row.id,
  workspaceId: row.workspace_id,
  programId: row.program_id,
  tag: row.tag,
  trackingIds: JSON.parse(row.tracking_ids) as string[],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function insertAffiliateTag(
  db: Kysely<Database>,
  input: { workspaceId: number; programId: number; tag: string; trackingIds: string[] },
): Promise<AffiliateTag> {
  const now = timestamp();
  try {
    return toTag(
      await db
        .insertInto('affiliate_tags')
        .values({
          workspace_id: input.workspaceId,
          program_id: input.programId,
          tag: input.tag,
          tracking_ids: JSON.stringify(input.trackingIds),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw invalidField('affiliate_program_id', 'You already have a tag for this affiliate program.');
    }
    throw error;
  }
}

export async function listAffiliateTags(db: Kysely<Database>, workspaceId: number): Promise<AffiliateTag[]> {
  return (
    await db.selectFrom('affiliate_tags').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute()
  ).map(toTag);
}

export async function findAffiliateTag(db: Kysely<Database>, id: number): Promise<AffiliateTag | undefined> {
  const row = await db.selectFrom('affiliate_tags').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toTag(row);
}

/** Only what `changes` holds changes. */
export async function updateAffiliateTag(
  db: Kysely<Database>,
  id: number,
  changes: { tag?: string; trackingIds?: string[] },
): Promise<AffiliateTag> {
  return toTag(
    await db
      .updateTable('affiliate_tags')
      .set({
        ...(changes.tag !== undefined && { tag: changes.tag }),
        ...(changes.trackingIds !== undefined && { tracking_ids: JSON.stringify(changes.trackingIds) }),
        updated_at: timestamp(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function deleteAffiliateTag(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('affiliate_tags').where('id', '=', id).execute();
}

export const affiliateTagStore = {
  insert: insertAffiliateTag,
  list: listAffiliateTags,
  find: findAffiliateTag,
  update: updateAffiliateTag,
  delete: deleteAffiliateTag,
};
