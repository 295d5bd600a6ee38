import { applyUtm } from '../../../../src/core/utm.ts';
import { FieldError } from '../field-error.tsx';
import { ariaFor, type FormErrors } from '../../lib/errors.ts';
import { MAX_UTM_LENGTH, UTM_FIELDS, utmValue, type UtmDraft } from '../../lib/link-controls.ts';

const LABELS = { source: 'Source', medium: 'Medium', campaign: 'Campaign', term: 'Term', content: 'Content' };

/**
 * The five utm_* fields and, as they are typed, the address visitors end up at: computed with the
 * short host's own applyUtm, so what is shown here is what the redirect does.
 */
export function UtmBuilder({
  utm,
  onChange,
  destination,
  fe,
}: {
  utm: UtmDraft;
  onChange: (next: UtmDraft) => void;
  destination: string;
  fe: FormErrors;
}) {
  return (
    <>
      <FieldError fe={fe} at="utm" />
      <div class="row fields">
        {UTM_FIELDS.map((field) => (
          <div class="field utm" key={field}>
            <label>
              {LABELS[field]}
              <input
                name={`utm_${field}`}
                placeholder={`utm_${field}`}
                maxLength={MAX_UTM_LENGTH}
                value={utm[field]}
                onInput={(e) => onChange({ ...utm, [field]: e.currentTarget.value })}
                {...ariaFor(fe, `utm.${field}`)}
              />
            </label>
            <FieldError fe={fe} at={`utm.${field}`} />
          </div>
        ))}
      </div>
      <p class="final-url">
        Visitors go to:{' '}
        {destination ? (
          <code data-testid="utm-final-url">{applyUtm(destination, utmValue(utm))}</code>
        ) : (
          <span class="muted">enter a destination URL to see it here.</span>
        )}
      </p>
    </>
  );
}
