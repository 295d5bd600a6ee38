import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import type { Announce } from '../lib/toast.ts';

/**
 * A secret the server shows only once, with a Copy button. Where the clipboard cannot be used (no
 * secure context, or permission refused) the secret is selected instead, ready for Ctrl+C.
 */
export function SecretOnce({
  id,
  label,
  value,
  announce,
  hint: hintText = 'Keep it where your receiver can read it; it signs every delivery.',
  children,
}: {
  id: string;
  label: string;
  value: string;
  announce: Announce;
  /** What to do with it; by default, a webhook's signing secret. */
  hint?: string;
  children?: ComponentChildren;
}) {
  const input = useRef<HTMLInputElement>(null);
  const selectAll = () => {
    input.current?.focus();
    input.current?.select();
    announce('The secret is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
  };
  const copy = () => {
    if (!navigator.clipboard) return selectAll();
    navigator.clipboard.writeText(value).then(() => announce('Copied to the clipboard.'), selectAll);
  };
  const hint = `${id}-hint`;
  return (
    <div class="notice secret-once" role="status">
      <p>
        <strong>Copy this secret now.</strong> It is shown only once; after you leave or reload this page it cannot be
        shown again.
      </p>
      {children}
      <div class="field">
        <label for={id}>{label}</label>
        <div class="row secret-row">
          <input
            id={id}
            ref={input}
            class="grow secret"
            readOnly
            value={value}
            spellcheck={false}
            aria-describedby={hint}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" onClick={copy}>
            Copy
          </button>
        </div>
        <span class="hint" id={hint}>
          {hintText}
        </span>
      </div>
    </div>
  );
}
