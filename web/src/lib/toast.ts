import { useCallback, useState } from 'preact/hooks';

/** A button on a toast: "Undo" and the like. */
export interface ToastAction {
  label: string;
  run: () => void;
}

/**
 * Shows a short message in the toast stack, a polite live region that screen readers announce;
 * an action adds a button to it.
 */
export type Announce = (message: string, action?: ToastAction) => void;

export interface Toast {
  id: number;
  message: string;
  action?: ToastAction;
}

/** The stack keeps the newest few; older ones leave as new ones come. */
const MAX_TOASTS = 3;

let nextId = 1;

/** The toasts on screen, what adds one and what removes one (the stack hides each after a while). */
export function useToast(): [Toast[], Announce, (id: number) => void] {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const announce = useCallback<Announce>((message, action) => {
    const toast: Toast = { id: nextId++, message, ...(action ? { action } : {}) };
    setToasts((current) => [...current, toast].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  return [toasts, announce, dismiss];
}
