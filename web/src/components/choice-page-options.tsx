import { ariaFor, groupAria, type FormErrors } from '../lib/errors.ts';
import { FieldError } from './field-error.tsx';

// The server's MAX_OPTIONS (src/schemas/link.ts); not imported, as that module would bundle TypeBox.
const MAX_OPTIONS = 8;

interface Props {
  options: string[];
  onChange: (next: string[]) => void;
  /** A 422 of PUT landing-options names `options` or `options.N`. */
  fe: FormErrors;
}

/** The destinations of a choice page, in the order visitors see them; none makes a plain link. */
export function ChoicePageOptions({ options, onChange, fe }: Props) {
  return (
    <fieldset {...groupAria(fe, 'options')}>
      <legend>Choice page (2 to 8 destinations; leave empty for a plain link)</legend>
      <FieldError fe={fe} at="options" />
      {options.map((o, i) => (
        <div class="row" key={i}>
          <div class="field grow">
            <label>
              Option {i + 1}{' '}
              <input
                type="url"
                value={o}
                onInput={(e) => onChange(options.map((x, j) => (j === i ? e.currentTarget.value : x)))}
                {...ariaFor(fe, `options.${i}`)}
              />
            </label>
            <FieldError fe={fe} at={`options.${i}`} />
          </div>
          <button type="button" class="link-button" onClick={() => onChange(options.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      {options.length < MAX_OPTIONS && (
        <button type="button" onClick={() => onChange([...options, ''])}>
          Add an option
        </button>
      )}
    </fieldset>
  );
}
