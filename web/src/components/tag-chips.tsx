import type { LinkTag } from '../lib/types.ts';

/** A link's tags as small coloured chips (the colour is decoration: the name says it all). */
export function TagChips({ tags }: { tags: readonly LinkTag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul class="tag-chips" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id} class={`tag tag-${tag.color}`}>
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
