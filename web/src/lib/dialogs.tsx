// In-app replacements for window.confirm() and window.prompt(), on the native <dialog>: showModal()
// makes the rest of the page inert (focus stays inside), Escape cancels, and it is drawn on the top
// layer with a ::backdrop; all of it without a library (0 KB). Focus returns to whatever opened it.
import type { ComponentChildren } from 'preact';
import { render } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { focusMain } from './page-focus.ts';

export interface ConfirmOptions {
  title: string;
  message: string;
  /** The confirming button's words, e.g. "Delete link"; "OK" when not given. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
}

export interface PromptOptions {
  title: string;
  /** The field's visible label. */
  label: string;
  initial?: string;
  confirmLabel?: string;
  maxLength?: number;
}

/** Asks a yes/no question; true when confirmed (button or Enter), false when cancelled (button or Escape). */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return openDialog<boolean>((close, id) => (
    <ModalDialog id={id} described onCancel={() => close(false)}>
      <ConfirmBody {...options} id={id} close={close} />
    </ModalDialog>
  ));
}

/** Asks for one line of text; the text when confirmed, null when cancelled. */
export function promptDialog(options: PromptOptions): Promise<string | null> {
  return openDialog<string | null>((close, id) => (
    <ModalDialog id={id} described={false} onCancel={() => close(null)}>
      <PromptBody {...options} id={id} close={close} />
    </ModalDialog>
  ));
}

let dialogCount = 0;

/**
 * Renders a dialog into its own root on <body>, resolves with its answer and hands focus back: for
 * dialogs of their own (a form of several fields, ModalDialog around it).
 */
export function openDialog<T>(dialog: (close: (value: T) => void, id: string) => ComponentChildren): Promise<T> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const host = document.createElement('div');
  document.body.append(host);
  const id = `dialog-${++dialogCount}`;
  return new Promise<T>((resolve) => {
    let done = false;
    const close = (value: T) => {
      if (done) return;
      done = true;
      render(null, host);
      host.remove();
      // The opener may be gone (the row just deleted): the page's heading takes focus then.
      if (opener?.isConnected) opener.focus();
      else focusMain();
      resolve(value);
    };
    render(dialog(close, id), host);
  });
}

export interface ModalProps {
  id: string;
  /** Whether a `${id}-text` paragraph describes the question (a prompt's field has its own label). */
  described: boolean;
  onCancel: () => void;
  children: ComponentChildren;
}

/** The modal <dialog> itself: labelled by `${id}-title`, Escape cancels, `data-autofocus` takes the focus. */
export function ModalDialog({ id, described, onCancel, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: the dialog is modal before the browser paints or takes the next key press.
  useLayoutEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    // showModal focuses the first focusable element; the body marks the one it wants with data-autofocus.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      class="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={described ? `${id}-text` : undefined}
      onCancel={(e) => {
        // Escape: close through our own path, so the answer and the focus are handled in one place.
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}

function ConfirmBody({
  title,
  message,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  danger = false,
  id,
  close,
}: ConfirmOptions & { id: string; close: (value: boolean) => void }) {
  return (
    <form
      method="dialog"
      onSubmit={(e) => {
        e.preventDefault();
        close(true);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{message}</p>
      <div class="dialog-actions">
        {/* A destructive action starts on Cancel, so an Enter pressed out of habit destroys nothing;
            any other confirmation starts on its button, so Enter confirms as window.confirm() did. */}
        <button type="button" class="secondary" onClick={() => close(false)} data-autofocus={danger || undefined}>
          {cancelLabel}
        </button>
        <button type="submit" class={danger ? 'danger' : undefined} data-autofocus={!danger || undefined}>
          {confirmLabel}
        </button>
      </div>
    </form>
  );
}

function PromptBody({
  title,
  label,
  initial = '',
  confirmLabel = 'Save',
  maxLength = 255,
  id,
  close,
}: PromptOptions & { id: string; close: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      method="dialog"
      onSubmit={(e) => {
        e.preventDefault();
        close(value);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <label>
        {label}
        <input
          value={value}
          maxLength={maxLength}
          data-autofocus
          onInput={(e) => setValue(e.currentTarget.value)}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div class="dialog-actions">
        <button type="button" class="secondary" onClick={() => close(null)}>
          Cancel
        </button>
        <button type="submit">{confirmLabel}</button>
      </div>
    </form>
  );
}
