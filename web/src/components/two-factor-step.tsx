import { useEffect, useRef, useState } from 'preact/hooks';
import { signInSecondFactor } from '../lib/api.ts';
import { ariaFor, fieldErrors, formSummary, type FormErrors } from '../lib/errors.ts';
import type { Me } from '../lib/types.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

const FORM = 'two-factor-step';
const HINT = 'two-factor-step-hint';

/**
 * The sign-in's second step, after a right password: a code of the authenticator app, or one of
 * the recovery codes, and whether to remember this browser for 30 days. A challenge past its 5
 * minutes (or used already) sends the person back to the password.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (me: Me) => void;
  onRestart: (reason?: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The step replaces the password form: the person goes on typing where the code goes.
  useEffect(() => input.current?.focus(), [recovery]);
  const field = recovery ? 'recovery_code' : 'code';
  const fe: FormErrors = { form: FORM, errors };
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const factor = recovery ? { recovery_code: code } : { code };
      onSignedIn(await signInSecondFactor({ challenge, ...factor, remember_device: remember }));
    } catch (e) {
      const expired = fieldErrors(e).challenge;
      if (expired) return onRestart(expired[0]);
      setErrors(fieldErrors(e));
      setSummary(formSummary(e, (path) => path === field));
      setBusy(false);
    }
  };
  const switchFactor = () => {
    setRecovery(!recovery);
    setCode('');
    setErrors({});
    setSummary(undefined);
  };
  return (
    <main class="narrow">
      <h1>Two-factor sign-in</h1>
      <form onSubmit={submit} aria-label="Two-factor sign-in">
        <p id={HINT}>
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'
            : 'Enter the 6-digit code your authenticator app shows for Hoplink.'}
        </p>
        <div class="field">
          <label for="two-factor-code">{recovery ? 'Recovery code' : 'Authentication code'}</label>
          <input
            id="two-factor-code"
            ref={input}
            key={field}
            name={field}
            required
            autocomplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            spellcheck={false}
            maxLength={recovery ? 32 : 16}
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
            {...ariaFor(fe, field, HINT)}
          />
          <FieldError fe={fe} at={field} />
        </div>
        <label class="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} /> Remember
          this device for 30 days
        </label>
        <ErrorMessage error={summary} />
        <button type="submit" disabled={busy}>
          Verify
        </button>
      </form>
      <p>
        <button type="button" class="link-button" onClick={switchFactor}>
          {recovery ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
        </button>
      </p>
      <p>
        <button type="button" class="link-button" onClick={() => onRestart()}>
          Start over
        </button>
      </p>
    </main>
  );
}
