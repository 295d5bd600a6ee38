import { useEffect } from 'preact/hooks';
import { ModalDialog, openDialog } from './dialogs.tsx';

/** One shortcut: the key as `KeyboardEvent.key` names it, what it does in words, and the doing. */
export interface Shortcut {
  key: string;
  does: string;
  run: () => void;
}

/**
 * Whether a key press is the person typing or using the browser's own keys, not a shortcut: in a
 * field, a select or editable text, with Ctrl, Alt or Meta, or while a dialog is open. Shift is
 * allowed: `?` needs it on most layouts.
 */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) return true;
  return document.querySelector('dialog[open]') !== null;
}

/** The page's single-key shortcuts, and `?` for a dialog listing them. */
export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event)) return;
      if (event.key === '?') {
        event.preventDefault();
        void showShortcuts(shortcuts);
        return;
      }
      const shortcut = shortcuts.find((s) => s.key === event.key);
      if (!shortcut) return;
      // `/` would otherwise be typed into the search box it focuses (or start Firefox's quick find).
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcuts]);
}

/** The dialog listing the shortcuts; Escape or Close closes it. */
export function showShortcuts(shortcuts: readonly Shortcut[]): Promise<void> {
  return openDialog<void>((close, id) => (
    <ModalDialog id={id} described={false} onCancel={() => close()}>
      <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
      <dl class="shortcut-list">
        {[...shortcuts, { key: '?', does: 'Show this list' }, { key: 'Escape', does: 'Close a dialog' }].map((s) => (
          <div key={s.key}>
            <dt>
              <kbd>{s.key}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
      </dl>
      <div class="dialog-actions">
        <button type="button" data-autofocus onClick={() => close()}>
          Close
        </button>
      </div>
    </ModalDialog>
  ));
}
