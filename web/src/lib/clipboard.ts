import type { Announce } from './toast.ts';

/** Copies text and says how it went (clipboard access can be refused, e.g. outside a secure context). */
export function copy(text: string, announce: Announce) {
  void navigator.clipboard?.writeText(text).then(
    () => announce('Copied to the clipboard.'),
    () => announce('Copy failed: select the text and copy it.'),
  );
}
