import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export interface Tab<K extends string> {
  key: K;
  label: string;
}

interface Props<K extends string> {
  /** What the tab list is about, for screen readers ("Link"). */
  label: string;
  /** The prefix of the tabs' and panels' ids, unique on the page. */
  id: string;
  tabs: ReadonlyArray<Tab<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ComponentChildren;
}

/**
 * Tabs with the WAI-ARIA tabs pattern: one tab stop (the selected tab); Left and Right (and Home, End) move
 * to the neighbouring tab and show it; Enter and Space choose the focused one. Only the selected panel is
 * rendered; the page keeps which one is selected (in its address, so a tab can be linked to).
 */
export function Tabs<K extends string>({ label, id, tabs, selected, onSelect, children }: Props<K>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = to > last ? 0 : to < 0 ? last : to;
    onSelect(tabs[next]!.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <>
      <div class="tabs" role="tablist" aria-label={label} ref={list}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === selected}
            // Only the selected tab's panel exists: an id that names nothing would be a broken reference.
            aria-controls={t.key === selected ? `${id}-panel-${t.key}` : undefined}
            tabIndex={t.key === selected ? 0 : -1}
            onClick={() => onSelect(t.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* No tab stop of its own: each panel opens on focusable controls (the APG's advice for that case). */}
      <div class="tab-panel" role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`}>
        {children}
      </div>
    </>
  );
}
