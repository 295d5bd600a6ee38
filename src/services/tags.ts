import { invalidField } from '../core/errors.ts';
import type { Link, Principal } from '../core/model.ts';
import { assertPro } from '../core/plans.ts';
import { assertMay } from '../core/roles.ts';
import {
  defaultTagColor,
  distinctTagNames,
  MAX_TAG_NAME_LENGTH,
  MAX_TAGS_PER_LINK,
  tagKey,
  type Tag,
  type TagColor,
} from '../core/tags.ts';
import type { Stores } from '../storage/stores.ts';
import { audit, fieldNames } from './audit.ts';
import { ownedOrThrow } from './ownership.ts';
import type { Work } from './unit-of-work.ts';

const FEATURE = 'Tags';

export async function getTagOrThrow(stores: Stores, principal: Principal, id: number): Promise<Tag> {
  return ownedOrThrow(await stores.tags.find(id), principal, 'tag');
}

/** The workspace's tags by name, with their link counts. Free workspaces have none to list. */
export function listWorkspaceTags(stores: Stores, principal: Principal) {
  return stores.tags.list(principal.workspace.id);
}

export async function createTag(work: Work, principal: Principal, input: { name: string; color?: TagColor }) {
  assertPro(principal.workspace.plan, FEATURE);
  assertMay(principal.role, 'links.write');
  const name = input.name.trim();
  const [made] = distinctTagNames([name]);
  if (made === undefined) throw invalidField('name', 'The name must not be blank.');
  const tag = await work.stores.tags.insert(principal.workspace.id, made, input.color ?? defaultTagColor(made));
  await audit(work, principal, { action: 'tag.created', resourceType: 'tag', resourceId: tag.id });
  return tag;
}

export async function updateTag(
  work: Work,
  principal: Principal,
  id: number,
  input: { name?: string; color?: TagColor },
): Promise<Tag> {
  const tag = await getTagOrThrow(work.stores, principal, id);
  assertPro(principal.workspace.plan, FEATURE);
  assertMay(principal.role, 'links.write');
  const name = input.name?.trim();
  if (name === '') throw invalidField('name', 'The name must not be blank.');
  const updated = await work.stores.tags.update(tag.id, { name, color: input.color });
  await audit(work, principal, {
    action: 'tag.updated',
    resourceType: 'tag',
    resourceId: tag.id,
    fields: fieldNames(input),
  });
  return updated;
}

/** Takes the tag off its links and deletes it; the links stay. */
export async function deleteTag(work: Work, principal: Principal, id: number): Promise<void> {
  const tag = await getTagOrThrow(work.stores, principal, id);
  assertMay(principal.role, 'links.write');
  await work.stores.tags.delete(tag.id);
  await audit(work, principal, { action: 'tag.deleted', resourceType: 'tag', resourceId: tag.id });
}

/** What a change does to a link's tags: replace them all, or add and remove some. */
export type TagChange = { set: readonly string[] } | { add?: readonly string[]; remove?: readonly string[] };

/**
 * Applies `change` to the link's tags, creating the tags named that do not exist yet (with their
 * default colour). A link carries at most 20 tags: a change that would leave more is refused (422)
 * and changes nothing. Removing a tag the link does not carry, or that does not exist, is no error.
 */
export async function changeLinkTags(work: Work, principal: Principal, link: Link, change: TagChange): Promise<void> {
  const { stores } = work;
  const workspaceId = principal.workspace.id;
  const field = 'set' in change ? 'tags' : 'add_tags';
  const added = distinctTagNames('set' in change ? change.set : (change.add ?? []));
  const removedKeys = new Set(('set' in change ? [] : (change.remove ?? [])).map(tagKey));
  const kept = 'set' in change ? [] : link.tags.filter((tag) => !removedKeys.has(tagKey(tag.name)));
  const keptKeys = new Set(kept.map((tag) => tagKey(tag.name)));
  const fresh = added.filter((name) => !keptKeys.has(tagKey(name)));
  if (kept.length + fresh.length > MAX_TAGS_PER_LINK) {
    throw invalidField(field, `A link carries at most ${MAX_TAGS_PER_LINK} tags.`);
  }
  if ('set' in change) await stores.tags.removeFromLink(link.id);
  else {
    const removed = link.tags.filter((tag) => removedKeys.has(tagKey(tag.name))).map((tag) => tag.id);
    await stores.tags.removeFromLink(link.id, removed);
  }
  if (fresh.length === 0) return;
  const tags = await stores.tags.ensure(workspaceId, fresh);
  await stores.tags.addToLink(
    link.id,
    fresh.map((name) => tags.get(tagKey(name))!.id),
  );
}

/** `?tag=a,b`: the names, one of each whatever the case; at most 20 (422 otherwise). */
export function tagFilter(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const names = distinctTagNames(text.split(','));
  if (names.length > MAX_TAGS_PER_LINK) throw invalidField('tag', `Name at most ${MAX_TAGS_PER_LINK} tags.`);
  if (names.some((name) => name.length > MAX_TAG_NAME_LENGTH)) {
    throw invalidField('tag', `A tag name has at most ${MAX_TAG_NAME_LENGTH} characters.`);
  }
  return names;
}
