import { useState } from 'preact/hooks';
import { resendVerification } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import { useEmailConfigured } from '../lib/email-configured.ts';
import { ErrorMessage } from './error-message.tsx';

/**
 * Above every page while the person's address is not verified: everything works meanwhile, and this
 * says how to verify it (the emailed link, sent again on demand), or whom to ask when this instance
 * sends no email.
 */
export function UnverifiedBanner({ email }: { email: string }) {
  const configured = useEmailConfigured();
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const { message } = await resendVerification();
      setSent(message);
      setError(undefined);
    } catch (e) {
      setError(formatError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="notice verify-banner" aria-label="Email verification">
      <p>
        Your email address <strong>{email}</strong> is not verified yet.{' '}
        {configured === false
          ? 'This Hoplink sends no email: ask the person who runs it to verify it.'
          : 'Open the link we emailed you to verify it.'}
      </p>
      {configured && (
        <p>
          <button type="button" class="secondary" onClick={resend} disabled={busy}>
            Send the link again
          </button>{' '}
          {sent && <span role="status">{sent}</span>}
        </p>
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
