import { useState } from 'preact/hooks';
import { changePassword } from '../lib/api.ts';
import { ariaFor, fieldErrors, formSummary, type FormErrors } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

const FORM = 'password';
const NEW_HINT = 'new-password-hint';
const shownHere = (path: string) => path === 'current_password' || path === 'new_password' || path === 'confirm';

/**
 * Changes the password: the current one, the new one (the server applies sign-up's rules: 8
 * characters or more, not a known breached password) and the new one again. The server ends the
 * person's other sessions; this one stays signed in.
 */
export function PasswordForm({ announce }: { announce: Announce }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const fe: FormErrors = { form: FORM, errors };

  const submit = async (event: Event) => {
    event.preventDefault();
    setDone(false);
    // Checked here only: the server needs the new password once.
    if (next !== confirm) {
      setErrors({ confirm: ['The two new passwords do not match.'] });
      setSummary('Please correct the marked fields.');
      return;
    }
    setBusy(true);
    try {
      await changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      setErrors({});
      setSummary(undefined);
      setDone(true);
      announce('Password changed.');
    } catch (e) {
      setErrors(fieldErrors(e));
      setSummary(formSummary(e, shownHere));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <div class="field">
        <label for="current-password">Current password</label>
        <input
          id="current-password"
          type="password"
          name="current_password"
          autocomplete="current-password"
          required
          maxLength={200}
          value={current}
          onInput={(e) => setCurrent(e.currentTarget.value)}
          {...ariaFor(fe, 'current_password')}
        />
        <FieldError fe={fe} at="current_password" />
      </div>
      <div class="field">
        <label for="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          name="new_password"
          autocomplete="new-password"
          required
          maxLength={200}
          value={next}
          onInput={(e) => setNext(e.currentTarget.value)}
          {...ariaFor(fe, 'new_password', NEW_HINT)}
        />
        <FieldError fe={fe} at="new_password" />
        <span class="hint" id={NEW_HINT}>
          At least 8 characters, and not one found in lists of breached passwords. A few unrelated words make a good
          one.
        </span>
      </div>
      <div class="field">
        <label for="confirm-password">New password again</label>
        <input
          id="confirm-password"
          type="password"
          name="confirm_password"
          autocomplete="new-password"
          required
          maxLength={200}
          value={confirm}
          onInput={(e) => setConfirm(e.currentTarget.value)}
          {...ariaFor(fe, 'confirm')}
        />
        <FieldError fe={fe} at="confirm" />
      </div>
      <ErrorMessage error={summary} />
      {done && (
        <p class="success" role="status">
          Your password has been changed. Other browsers and devices signed in to your account were signed out.
        </p>
      )}
      <button type="submit" disabled={busy}>
        Change password
      </button>
    </form>
  );
}
