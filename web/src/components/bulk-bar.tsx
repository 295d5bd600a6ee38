import { useState } from 'preact/hooks';
import { countOf } from '../lib/counts.ts';
import type { BulkLinkActionName, CategoryRecord, TagRecord } from '../lib/types.ts';

// The "move" choice that takes links out of their category (the API's category_id null).
const NO_CATEGORY = 'none';

/** What an action needs beside the links: the category to move them to, or the tags to add or remove. */
export interface BulkChoice {
  categoryId?: number | null;
  tags?: string[];
}

export interface BulkBarProps {
  count: number;
  categories: CategoryRecord[];
  /** The workspace's tags; undefined when the plan has no tags (no tag controls then). */
  tags?: TagRecord[] | undefined;
  /** True while an action runs: the buttons wait for it. */
  working: boolean;
  onAction: (action: BulkLinkActionName, choice?: BulkChoice) => void;
  onClear: () => void;
}

/** What to do with the selected links: shown while any are selected, at the bottom of the screen. */
export function BulkBar({ count, categories, tags, working, onAction, onClear }: BulkBarProps) {
  const [category, setCategory] = useState('');
  return (
    <section class="bulk-bar" aria-label="Bulk actions">
      <p class="bulk-count" aria-live="polite">
        {countOf(count, 'link')} selected
      </p>
      <div class="bulk-buttons">
        <button type="button" disabled={working} onClick={() => onAction('activate')}>
          Turn on
        </button>
        <button type="button" disabled={working} onClick={() => onAction('deactivate')}>
          Turn off
        </button>
        <span class="bulk-move">
          <label>
            Move to category
            <select name="bulk_category" value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
              <option value="">Choose…</option>
              <option value={NO_CATEGORY}>No category</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={working || category === ''}
            onClick={() => onAction('move', { categoryId: category === NO_CATEGORY ? null : Number(category) })}
          >
            Move
          </button>
        </span>
        {tags && <BulkTags tags={tags} working={working} onAction={onAction} />}
        <button type="button" class="danger" disabled={working} onClick={() => onAction('delete')}>
          Delete
        </button>
        <button type="button" class="link-button" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </section>
  );
}

/** Tag names typed (commas between them; the workspace's tags suggested), added to or taken off the selection. */
function BulkTags({
  tags,
  working,
  onAction,
}: { tags: TagRecord[]; working: boolean } & Pick<BulkBarProps, 'onAction'>) {
  const [typed, setTyped] = useState('');
  const names = typed
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return (
    <span class="bulk-move bulk-tags">
      <label>
        Tags
        <input
          name="bulk_tags"
          list="bulk-tags-known"
          placeholder="e.g. summer, sale"
          maxLength={500}
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value)}
        />
      </label>
      <datalist id="bulk-tags-known">
        {tags.map((tag) => (
          <option key={tag.id} value={tag.name} />
        ))}
      </datalist>
      <button
        type="button"
        disabled={working || names.length === 0}
        onClick={() => onAction('add_tags', { tags: names })}
      >
        Add tags
      </button>
      <button
        type="button"
        disabled={working || names.length === 0}
        onClick={() => onAction('remove_tags', { tags: names })}
      >
        Remove tags
      </button>
    </span>
  );
}
