import { FieldError } from '../field-error.tsx';
import { ariaFor, type FormErrors } from '../../lib/errors.ts';
import { fromLocalInput, timeZoneName, utcOffset } from '../../lib/link-controls.ts';

/**
 * The expiry as a date and time in the person's own time zone (named beside it), with the UTC
 * instant it stands for and a way back to "no expiry". The native input is enough here: it has
 * a picker on every current browser and phone, and costs no bytes.
 */
export function ExpiryField({
  value,
  onChange,
  fe,
}: {
  value: string;
  onChange: (next: string) => void;
  fe: FormErrors;
}) {
  const at = fromLocalInput(value);
  const hintId = `${fe.form}-expires-hint`;
  return (
    <div class="field">
      <label>
        <span>
          Expires at <span class="muted">({`${timeZoneName()}, ${utcOffset(at ?? new Date())}`})</span>
        </span>
        <input
          type="datetime-local"
          name="expires_at"
          value={value}
          onInput={(e) => onChange(e.currentTarget.value)}
          {...ariaFor(fe, 'expires_at', hintId)}
        />
      </label>
      <FieldError fe={fe} at="expires_at" />
      <span class="hint" id={hintId} data-testid="expiry-hint">
        {at ? (
          <>
            Expires {at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} your time, that is{' '}
            {at.toISOString().slice(0, 16).replace('T', ' ')} UTC.
          </>
        ) : (
          'No expiry: the link works until you turn it off.'
        )}
      </span>
      {value !== '' && (
        <button type="button" class="link-button" onClick={() => onChange('')}>
          No expiry
        </button>
      )}
    </div>
  );
}
