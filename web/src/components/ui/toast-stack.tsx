import { useEffect, useRef, useState } from 'preact/hooks';
import { focusMain } from '../../lib/page-focus.ts';
import type { Toast } from '../../lib/toast.ts';

/** How long a toast stays: longer when it offers an action, so there is time to reach it. */
const SHOWN_MS = 5000;
const SHOWN_WITH_ACTION_MS = 8000;

/**
 * The toasts, newest last, in one polite live region. Each hides itself after a while, but not while
 * the pointer is over the stack or focus is inside it (WCAG 2.2.1: time to read and reach the action);
 * the wait starts over when the pointer or focus leaves.
 */
export function ToastStack({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const stack = useRef<HTMLDivElement>(null);
  // A toast that leaves while holding focus hands it to the page, not to <body>.
  const remove = (id: number) => {
    const hadFocus = stack.current?.contains(document.activeElement) ?? false;
    dismiss(id);
    if (hadFocus) {
      setFocused(false);
      focusMain();
    }
  };
  return (
    <div
      ref={stack}
      class="toasts"
      role="status"
      aria-live="polite"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusIn={() => setFocused(true)}
      onFocusOut={(e) => setFocused(stack.current?.contains(e.relatedTarget as Node | null) ?? false)}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} paused={hovered || focused} onDismiss={() => remove(t.id)} />
      ))}
    </div>
  );
}

function ToastItem({ toast, paused, onDismiss }: { toast: Toast; paused: boolean; onDismiss: () => void }) {
  // The latest onDismiss, so a re-render does not restart the timer.
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissRef.current(), toast.action ? SHOWN_WITH_ACTION_MS : SHOWN_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.action]);
  return (
    <div class="toast" data-testid="toast">
      <p class="toast-message">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          class="toast-action"
          onClick={() => {
            toast.action!.run();
            onDismiss();
          }}
        >
          {toast.action.label}
        </button>
      )}
      {/* Its × is drawn by CSS, so the toast's text is only its message (and action). */}
      <button type="button" class="toast-close" aria-label="Dismiss" title="Dismiss" onClick={onDismiss} />
    </div>
  );
}
