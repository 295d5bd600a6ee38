import { useState } from 'preact/hooks';
import { countOf } from '../lib/counts.ts';
import type { BulkLinkActionName, CategoryRecord } from '../lib/types.ts';

// The "move" choice that takes links out of their category (the API's category_id null).
const NO_CATEGORY = 'none';

export interface BulkBarProps {
  count: number;
  categories: CategoryRecord[];
  /** True while an action runs: the buttons wait for it. */
  working: boolean;
  onAction: (action: BulkLinkActionName, categoryId?: number | null) => void;
  onClear: () => void;
}

/** What to do with the selected links: shown while any are selected, at the bottom of the screen. */
export function BulkBar({ count, categories, working, onAction, onClear }: BulkBarProps) {
  const [category, setCategory] = useState('');
  return (
    <section class="bulk-bar" aria-label="Bulk actions">
      <p class="bulk-count" aria-live="polite">
        {countOf(count, 'link')} selected
      </p>
      <div class="bulk-buttons">
        <button type="button" disabled={working} onClick={() => onAction('activate')}>
          Activate
        </button>
        <button type="button" disabled={working} onClick={() => onAction('deactivate')}>
          Deactivate
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
            onClick={() => onAction('move', category === NO_CATEGORY ? null : Number(category))}
          >
            Move
          </button>
        </span>
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
