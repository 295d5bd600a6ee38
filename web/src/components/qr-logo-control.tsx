import { useState } from 'preact/hooks';
import { qrLogoUrl, removeQrLogo, uploadQrLogo } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import { ApiError } from '../lib/http.ts';
import type { Announce } from '../lib/toast.ts';
import { ErrorMessage } from './error-message.tsx';

/** The API's bound on an upload (src/services/qr-logo-image.ts): refused here before it is sent. */
const MAX_UPLOAD_BYTES = 512 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

interface Props {
  /** Whether the person may change the logo (admins and the owner). */
  admin: boolean;
  hasLogo: boolean;
  /** Changes with each upload or removal, so the thumbnail is fetched anew. */
  version: number;
  announce: Announce;
  onChanged: () => void;
}

/** Why `file` would be refused, in the person's terms, or undefined. */
function fileProblem(file: File): string | undefined {
  if (!ACCEPTED.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > MAX_UPLOAD_BYTES) return 'The image is larger than 512 KB: choose a smaller one.';
  return undefined;
}

/** The workspace's QR logo: shown to everyone, uploaded and removed by admins. */
export function QrLogoControl({ admin, hasLogo, version, announce, onChanged }: Props) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      announce(done);
      onChanged();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 413 ? 'The image is larger than 512 KB.' : formatError(e));
    } finally {
      setBusy(false);
    }
  };
  const upload = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) setError(problem);
    else void run(() => uploadQrLogo(file), 'Logo uploaded.');
  };
  return (
    <section class="qr-logo" aria-labelledby="qr-logo-heading">
      <h3 id="qr-logo-heading">Workspace logo</h3>
      {hasLogo && (
        <img class="qr-logo-image" src={qrLogoUrl(version)} alt="The workspace’s logo" width={64} height={64} />
      )}
      {admin ? (
        <div class="row">
          <label class="qr-logo-file">
            {hasLogo ? 'Replace the logo' : 'Upload a logo'}
            <input
              type="file"
              accept={ACCEPTED.join(',')}
              onChange={upload}
              disabled={busy}
              aria-describedby="qr-logo-rules"
            />
          </label>
          {hasLogo && (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => void run(removeQrLogo, 'Logo removed.')}
            >
              Remove logo
            </button>
          )}
        </div>
      ) : (
        <p class="hint">Only the workspace’s admins can change its logo.</p>
      )}
      {admin && (
        <p id="qr-logo-rules" class="hint">
          PNG, JPEG or WebP, at most 512 KB. It is stored re-encoded, at most 256 × 256 pixels, for every link of the
          workspace.
        </p>
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
