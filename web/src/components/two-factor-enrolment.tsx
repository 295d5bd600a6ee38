import { useState } from 'preact/hooks';
import { enableTwoFactor, setUpTwoFactor } from '../lib/api.ts';
import { ariaFor } from '../lib/errors.ts';
import type { TwoFactorSetup } from '../lib/types.ts';
import { useFormErrors } from '../lib/use-form-errors.ts';
import { CopyButton } from './copy-button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

/** The secret in groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/**
 * Turning two-factor sign-in on: the password (a session left open must not enrol someone else's
 * phone), then the QR code and the key for the app, then a code of it. `onEnabled` gets the
 * recovery codes, to be shown once.
 */
export function TwoFactorEnrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordErrors = useFormErrors('two-factor-setup', (path) => path === 'password');
  const codeErrors = useFormErrors('two-factor-enable', (path) => path === 'code');
  const start = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      setSetup(await setUpTwoFactor({ password }));
      setPassword('');
      passwordErrors.clear();
    } catch (e) {
      passwordErrors.fail(e);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { recovery_codes: codes } = await enableTwoFactor({ code });
      onEnabled(codes);
    } catch (e) {
      codeErrors.fail(e);
      setBusy(false);
    }
  };
  if (!setup)
    return (
      <form onSubmit={start} aria-label="Set up two-factor sign-in">
        <p>
          Two-factor sign-in is <strong>off</strong>. Turn it on and signing in also asks for a 6-digit code from an
          authenticator app on your phone, so your password alone is not enough.
        </p>
        <div class="field">
          <label for="two-factor-password">Current password</label>
          <input
            id="two-factor-password"
            type="password"
            name="password"
            autocomplete="current-password"
            required
            maxLength={200}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            {...ariaFor(passwordErrors.fe, 'password')}
          />
          <FieldError fe={passwordErrors.fe} at="password" />
        </div>
        <ErrorMessage error={passwordErrors.summary} />
        <button type="submit" disabled={busy}>
          Set up two-factor sign-in
        </button>
      </form>
    );
  return (
    <form onSubmit={confirm} aria-label="Turn on two-factor sign-in">
      <p>Scan this QR code with your authenticator app, or type the key into it by hand.</p>
      <div
        class="qr-image two-factor-qr"
        role="img"
        aria-label="QR code for your authenticator app"
        // The server's SVG (qrcode): paths only, no script; the CSP allows no inline script anyway.
        dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
      />
      <p class="row secret-row">
        <span>
          Key: <code data-testid="two-factor-secret">{grouped(setup.secret)}</code>
        </span>
        <CopyButton text={setup.secret} label="Copy the key" />
      </p>
      <div class="field">
        <label for="two-factor-enable-code">Code from the app</label>
        <input
          id="two-factor-enable-code"
          name="code"
          autocomplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={16}
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          {...ariaFor(codeErrors.fe, 'code')}
        />
        <FieldError fe={codeErrors.fe} at="code" />
      </div>
      <ErrorMessage error={codeErrors.summary} />
      <p class="row">
        <button type="submit" disabled={busy}>
          Turn on
        </button>
        <button type="button" class="secondary" onClick={() => setSetup(undefined)}>
          Cancel
        </button>
      </p>
    </form>
  );
}
