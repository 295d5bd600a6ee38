import { useEffect, useState } from 'preact/hooks';

type Outcome = 'idle' | 'copied' | 'failed';

// Long enough to see the tick after a click, short enough that a second copy starts from "Copy" again.
const RESET_AFTER_MS = 2000;

/**
 * A button that puts `text` on the clipboard and says so twice: its own words turn to "Copied" and a
 * hidden live region announces it for screen readers. `label` is the accessible name (default
 * "Copy <text>"), so a table of Copy buttons tells them apart. type="button": safe inside a form.
 */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), RESET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = () => {
    // Clipboard access can be refused (outside a secure context, or by the person): say how to do it by hand.
    const writing = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    writing.then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    );
  };
  return (
    <span class="copy">
      <button
        type="button"
        class={`copy-button${outcome === 'copied' ? ' copied' : ''}`}
        aria-label={label ?? `Copy ${text}`}
        onClick={copy}
      >
        {outcome === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span class="visually-hidden" role="status">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed: select the text and copy it.' : ''}
      </span>
    </span>
  );
}
