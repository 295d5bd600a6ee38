import { useState } from 'preact/hooks';
import { changePassword } from '../lib/api.ts';
import { ariaFor, fieldErrors, formSummary, type FormErrors } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

const FORM = 'password';
export const NEW_HINT_TEXT =
  'At least 8 characters, and not one found in lists of breached passwords. A few unrelated words make a good one.';
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
      <PasswordField
        id="current-password"
        name="current_password"
        label="Current password"
        autocomplete="current-password"
        value={current}
        onChange={setCurrent}
        fe={fe}
      />
      <PasswordField
        id="new-password"
        name="new_password"
        label="New password"
        autocomplete="new-password"
        value={next}
        onChange={setNext}
        fe={fe}
        hint={NEW_HINT_TEXT}
      />
      <PasswordField
        id="confirm-password"
        name="confirm_password"
        at="confirm"
        label="New password again"
        autocomplete="new-password"
        value={confirm}
        onChange={setConfirm}
        fe={fe}
      />
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

interface PasswordFieldProps {
  id: string;
  /** The input's name, and the path of its messages unless `at` says otherwise. */
  name: string;
  at?: string;
  label: string;
  autocomplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  fe: FormErrors;
  /** Shown under the input, which it describes after any message. */
  hint?: string;
}

export function PasswordField({
  id,
  name,
  at = name,
  label,
  autocomplete,
  value,
  onChange,
  fe,
  hint,
}: PasswordFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="password"
        name={name}
        autocomplete={autocomplete}
        required
        maxLength={200}
        value={value}
        onInput={(e) => onChange(e.currentTarget.value)}
        {...ariaFor(fe, at, hintId)}
      />
      <FieldError fe={fe} at={at} />
      {hint && (
        <span class="hint" id={hintId}>
          {hint}
        </span>
      )}
    </div>
  );
}
