import { sql, type Kysely } from 'kysely';
import { invalidField, type AppError } from '../core/errors.ts';
import { defaultTagColor, isTagColor, tagKey, type LinkTag, type Tag, type TagColor } from '../core/tags.ts';
import { timestamp } from '../core/time.ts';
import { isSqlite } from './engine.ts';
import { isUniqueViolation, requireTransaction } from './errors.ts';
import type { Database, TagsTable } from './schema.ts';

type TagRow = Omit<TagsTable, 'id'> & { id: number };

/** A colour the database holds but this version does not know reads as gray rather than failing. */
const colorOf = (value: string): TagColor => (isTagColor(value) ? value : 'gray');

function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    color: colorOf(row.color),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function nameTaken(): AppError {
  return invalidField('name', 'A tag with this name already exists (names are compared without case).');
}

export async function insertTag(
  db: Kysely<Database>,
  workspaceId: number,
  name: string,
  color: TagColor,
): Promise<Tag> {
  const now = timestamp();
  try {
    const row = await db
      .insertInto('tags')
      .values({ workspace_id: workspaceId, name, name_key: tagKey(name), color, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTag(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function findTag(db: Kysely<Database>, id: number): Promise<Tag | undefined> {
  const row = await db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toTag(row);
}

/** The workspace's tags by name, each with how many links carry it. */
export async function listTags(db: Kysely<Database>, workspaceId: number): Promise<(Tag & { linkCount: number })[]> {
  const rows = await db
    .selectFrom('tags')
    .selectAll('tags')
    .select((eb) =>
      eb
        .selectFrom('link_tags')
        .whereRef('link_tags.tag_id', '=', 'tags.id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('link_count'),
    )
    .where('workspace_id', '=', workspaceId)
    .orderBy('name_key')
    .execute();
  return rows.map((row) => ({ ...toTag(row), linkCount: Number(row.link_count ?? 0) }));
}

export async function updateTag(
  db: Kysely<Database>,
  id: number,
  changes: { name?: string; color?: TagColor },
): Promise<Tag> {
  const set: { updated_at: string; name?: string; name_key?: string; color?: string } = { updated_at: timestamp() };
  if (changes.name !== undefined) Object.assign(set, { name: changes.name, name_key: tagKey(changes.name) });
  if (changes.color !== undefined) set.color = changes.color;
  try {
    const row = await db.updateTable('tags').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return toTag(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes the tag and takes it off its links. Two writes: needs a transaction. */
export async function deleteTag(db: Kysely<Database>, id: number): Promise<void> {
  requireTransaction(db, 'deleteTag');
  // Explicit as well as the foreign key's cascade, so the outcome never depends on a pragma.
  await db.deleteFrom('link_tags').where('tag_id', '=', id).execute();
  await db.deleteFrom('tags').where('id', '=', id).execute();
}

/**
 * The workspace's tags with these names (compared without case), creating the missing ones with
 * their default colour. ON CONFLICT DO NOTHING: a name created meanwhile by another request is
 * simply found. Keyed by `tagKey`.
 */
export async function ensureTags(
  db: Kysely<Database>,
  workspaceId: number,
  names: readonly string[],
): Promise<Map<string, LinkTag>> {
  const byKey = [...new Map(names.map((name) => [tagKey(name), name.trim()]))];
  const found = new Map<string, LinkTag>();
  const now = timestamp();
  // In chunks: an import's chunk may name thousands of tags, past a statement's parameters.
  for (let at = 0; at < byKey.length; at += TAGS_PER_STATEMENT) {
    const chunk = byKey.slice(at, at + TAGS_PER_STATEMENT);
    await db
      .insertInto('tags')
      .values(
        chunk.map(([key, name]) => ({
          workspace_id: workspaceId,
          name,
          name_key: key,
          color: defaultTagColor(name),
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    const rows = await db
      .selectFrom('tags')
      .select(['id', 'name', 'name_key', 'color'])
      .where('workspace_id', '=', workspaceId)
      .where(
        'name_key',
        'in',
        chunk.map(([key]) => key),
      )
      .execute();
    for (const row of rows) found.set(row.name_key, { id: row.id, name: row.name, color: colorOf(row.color) });
  }
  return found;
}

/** Tag rows a statement inserts at most (6 parameters each). */
const TAGS_PER_STATEMENT = 1000;
/** Link-tag pairs a statement inserts at most (2 parameters each). */
const PAIRS_PER_STATEMENT = 5000;

/** Puts tags on links, pairs already there left as they are (imports: many links at once). */
export async function insertLinkTagPairs(
  db: Kysely<Database>,
  pairs: readonly { linkId: number; tagId: number }[],
): Promise<void> {
  for (let at = 0; at < pairs.length; at += PAIRS_PER_STATEMENT) {
    await db
      .insertInto('link_tags')
      .values(pairs.slice(at, at + PAIRS_PER_STATEMENT).map((p) => ({ link_id: p.linkId, tag_id: p.tagId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * A column for a statement over `links`: the link's tags by name, as a JSON array of
 * `{id, name, color}` (SQLite's and PostgreSQL's JSON functions differ), so that a link is read
 * with its tags in one statement. Read it with linkTagsOf.
 */
export function linkTagsColumn(db: Kysely<Database>) {
  const tag = isSqlite(db)
    ? sql`json_group_array(json_object('id', tags.id, 'name', tags.name, 'color', tags.color) order by tags.name_key)`
    : sql`coalesce(json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color)
        order by tags.name_key), '[]')`;
  return sql`(select ${tag} from link_tags join tags on tags.id = link_tags.tag_id
    where link_tags.link_id = links.id) as tags_json`;
}

/** The tags of linkTagsColumn: JSON text from SQLite, parsed already by pg; none when absent. */
export function linkTagsOf(column: string | LinkTag[] | null | undefined): LinkTag[] {
  const tags = typeof column === 'string' ? (JSON.parse(column) as LinkTag[]) : (column ?? []);
  return tags.map((tag) => ({ id: Number(tag.id), name: tag.name, color: colorOf(tag.color) }));
}

/**
 * The tags of each of these links, by name. One query, whatever the number of links; on PostgreSQL
 * one prepared text for any number of them (the links as an array), since each is a lookup by key.
 */
export async function tagsOfLinks(db: Kysely<Database>, linkIds: readonly number[]): Promise<Map<number, LinkTag[]>> {
  const byLink = new Map<number, LinkTag[]>();
  if (linkIds.length === 0) return byLink;
  const ofLinks = isSqlite(db)
    ? sql`link_tags.link_id in (${sql.join([...linkIds])})`
    : sql`link_tags.link_id = any(${[...linkIds]}::integer[])`;
  const { rows } = await sql<{ link_id: number; id: number; name: string; color: string }>`/* prepared */
    select link_tags.link_id, tags.id, tags.name, tags.color from link_tags join tags on tags.id = link_tags.tag_id
    where ${ofLinks} order by tags.name_key`.execute(db);
  for (const row of rows) {
    const tags = byLink.get(row.link_id) ?? [];
    tags.push({ id: row.id, name: row.name, color: colorOf(row.color) });
    byLink.set(row.link_id, tags);
  }
  return byLink;
}

/** Puts these tags on the link (those it has already stay). */
export async function addLinkTags(db: Kysely<Database>, linkId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('link_tags')
    .values(tagIds.map((tagId) => ({ link_id: linkId, tag_id: tagId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes these tags off the link; `undefined` takes every tag off. */
export async function removeLinkTags(db: Kysely<Database>, linkId: number, tagIds?: readonly number[]): Promise<void> {
  let query = db.deleteFrom('link_tags').where('link_id', '=', linkId);
  if (tagIds !== undefined) {
    if (tagIds.length === 0) return;
    query = query.where('tag_id', 'in', tagIds);
  }
  await query.execute();
}

/** How many links carry the tag. */
export async function countTagLinks(db: Kysely<Database>, tagId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from link_tags where tag_id = ${tagId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** How many tags the link carries. */
export async function countLinkTags(db: Kysely<Database>, linkId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from link_tags where link_id = ${linkId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export const tagStore = {
  insert: insertTag,
  find: findTag,
  list: listTags,
  update: updateTag,
  delete: deleteTag,
  ensure: ensureTags,
  ofLinks: tagsOfLinks,
  addToLink: addLinkTags,
  removeFromLink: removeLinkTags,
  countOnLink: countLinkTags,
  countLinks: countTagLinks,
  addPairs: insertLinkTagPairs,
};
