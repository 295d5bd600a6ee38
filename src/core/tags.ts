/**
 * Tags (docs/api.md#tags): many per link, each with a name unique in its workspace whatever its
 * case, and one of a few colours the dashboard draws.
 */
export const TAG_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const MAX_TAG_NAME_LENGTH = 50;
export const MAX_TAGS_PER_LINK = 20;

export interface Tag {
  id: number;
  workspaceId: number;
  name: string;
  color: TagColor;
  createdAt: string;
  updatedAt: string;
}

/** What a link record shows of each of its tags. */
export interface LinkTag {
  id: number;
  name: string;
  color: TagColor;
}

/** The form two names share when they are the same tag: trimmed, lower case. */
export const tagKey = (name: string): string => name.trim().toLowerCase();

export const isTagColor = (value: string): value is TagColor => (TAG_COLORS as readonly string[]).includes(value);

/**
 * The colour of a tag made without one (named on a link, or imported): picked from its name, so
 * tags made together do not all look alike, and the same name always gets the same colour.
 */
export function defaultTagColor(name: string): TagColor {
  let hash = 0;
  for (const char of tagKey(name)) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TAG_COLORS[hash % TAG_COLORS.length]!;
}

/** Names as a link will carry them: trimmed, blanks dropped, one of each regardless of case, in order. */
export function distinctTagNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name !== '' && !seen.has(tagKey(name))) seen.set(tagKey(name), name);
  }
  return [...seen.values()];
}
