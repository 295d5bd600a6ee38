import { copy } from '../lib/clipboard.ts';
import type { Announce } from '../lib/toast.ts';

/**
 * A new set of recovery codes, shown this once: to copy, to download as a text file, and a button
 * that puts them away once the person has kept them.
 */
export function RecoveryCodesOnce({
  codes,
  email,
  announce,
  onDone,
}: {
  codes: string[];
  email: string;
  announce: Announce;
  onDone: () => void;
}) {
  const text = [
    `Hoplink recovery codes for ${email}`,
    'Each code signs in once, in place of a code from the authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  return (
    <div class="notice recovery-codes" role="status">
      <p>
        <strong>Save your recovery codes now.</strong> They are shown only this once. If you lose your phone, each one
        signs you in once in place of a code from the app.
      </p>
      <ol class="recovery-code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p class="row">
        <button type="button" onClick={() => copy(codes.join('\n'), announce)}>
          Copy codes
        </button>
        <a
          class="button secondary"
          download="hoplink-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download codes
        </a>
        <button type="button" class="secondary" onClick={onDone}>
          I have saved them
        </button>
      </p>
    </div>
  );
}
