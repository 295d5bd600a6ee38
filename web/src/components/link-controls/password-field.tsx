import { FieldError } from '../field-error.tsx';
import { ariaFor, type FormErrors } from '../../lib/errors.ts';
import { MAX_LINK_PASSWORD, MIN_LINK_PASSWORD } from '../../lib/link-controls.ts';

interface Props {
  /** Whether the saved link has one (the API never sends the password itself). */
  hasPassword: boolean;
  password: string;
  remove: boolean;
  onChange: (password: string, remove: boolean) => void;
  fe: FormErrors;
}

/** Set, change or remove the password visitors must enter. A password is never shown, only whether there is one. */
export function PasswordField({ hasPassword, password, remove, onChange, fe }: Props) {
  if (hasPassword && remove)
    return (
      <p class="row" data-testid="password-state">
        <span>The password will be removed when you save.</span>
        <button type="button" class="link-button" onClick={() => onChange('', false)}>
          Keep it
        </button>
      </p>
    );
  return (
    <>
      {hasPassword && (
        <p class="row" data-testid="password-state">
          <span>
            <span class="badge included">Protected</span> Visitors must enter the password.
          </span>
          <button type="button" class="link-button" aria-label="Remove the password" onClick={() => onChange('', true)}>
            Remove
          </button>
        </p>
      )}
      <div class="field">
        <label>
          {hasPassword
            ? 'New password (leave empty to keep the current one)'
            : 'Password visitors must enter (optional)'}
          <input
            type="password"
            name="link_password"
            autocomplete="new-password"
            minLength={MIN_LINK_PASSWORD}
            maxLength={MAX_LINK_PASSWORD}
            value={password}
            onInput={(e) => onChange(e.currentTarget.value, false)}
            {...ariaFor(fe, 'password')}
          />
        </label>
        <FieldError fe={fe} at="password" />
      </div>
    </>
  );
}
