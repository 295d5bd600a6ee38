import { FieldError } from '../field-error.tsx';
import { errorId, messagesAt, type FormErrors } from '../../lib/errors.ts';
import type { LocalizeChoice } from '../../lib/link-controls.ts';

interface Props {
  value: LocalizeChoice;
  onChange: (next: LocalizeChoice) => void;
  /** The account's default (Account page), to name it beside its choice; undefined while unknown. */
  accountDefault: boolean | undefined;
  fe: FormErrors;
}

/**
 * Storefront localisation (Business): follow the account's default, or on or off for this link.
 * Rendered inside the fieldset whose legend names it; the fieldset is described by the hint.
 */
export function LocalizeField({ value, onChange, accountDefault, fe }: Props) {
  const invalid = messagesAt(fe, 'localize').length > 0;
  const choices: Array<[LocalizeChoice, string]> = [
    [
      'default',
      accountDefault === undefined
        ? 'Use my account default'
        : `Use my account default (currently ${accountDefault ? 'on' : 'off'})`,
    ],
    ['on', 'On'],
    ['off', 'Off'],
  ];
  return (
    <>
      <FieldError fe={fe} at="localize" />
      <div class="choices">
        {choices.map(([choice, label]) => (
          <label class="check" key={choice}>
            <input
              type="radio"
              name={`${fe.form}_localize`}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              {...(invalid ? { 'aria-invalid': true } : {})}
            />
            {label}
          </label>
        ))}
      </div>
    </>
  );
}

/** The ids that describe the localisation fieldset: its message (after a 422), then its hint. */
export function localizeDescribedBy(fe: FormErrors, hint: string): string {
  return messagesAt(fe, 'localize').length > 0 ? `${errorId(fe.form, 'localize')} ${hint}` : hint;
}
