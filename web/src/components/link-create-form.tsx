import { useState } from 'preact/hooks';
import { createLink, getSettings } from '../lib/api.ts';
import { ariaFor, fieldErrors, formSummary, type FormErrors } from '../lib/errors.ts';
import { controlChanges, controlFeatures, draftFrom, isControlPath } from '../lib/link-controls.ts';
import type { LinkRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';
import { LinkControlsFields } from './link-controls/link-controls-fields.tsx';

const EMPTY = draftFrom();
const shownHere = (path: string) => path === 'redirect_url' || path === 'short_code' || isControlPath(path);

/** A new link: its destination and alias in one row, every link control under "More options". */
export function LinkCreateForm({ me, onCreated }: { me: Me; onCreated: (link: LinkRecord) => void }) {
  const features = controlFeatures(me);
  // The localisation choice names the account's default; only Business can choose at all.
  const settings = useData(features.business.allowed ? getSettings : null, []);
  const [url, setUrl] = useState('');
  const [alias, setAlias] = useState('');
  const [controls, setControls] = useState(EMPTY);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fe: FormErrors = { form: 'new', errors };

  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const link = await createLink({
        redirect_url: url,
        ...(alias ? { short_code: alias } : {}),
        ...controlChanges(controls, EMPTY, features),
      });
      setUrl('');
      setAlias('');
      setControls(EMPTY);
      setError(undefined);
      setErrors({});
      onCreated(link);
    } catch (e) {
      const byField = fieldErrors(e);
      setErrors(byField);
      setError(formSummary(e, shownHere));
      // A message about a control must be seen: open the section that holds it.
      if (Object.keys(byField).some(isControlPath)) setOpen(true);
    }
  };

  return (
    <form onSubmit={create} aria-label="Create a link">
      <div class="row">
        <div class="field grow">
          <label>
            Destination URL
            <input
              type="url"
              name="redirect_url"
              required
              placeholder="https://example.com/page"
              value={url}
              onInput={(e) => setUrl(e.currentTarget.value)}
              {...ariaFor(fe, 'redirect_url')}
            />
          </label>
          <FieldError fe={fe} at="redirect_url" />
        </div>
        <div class="field">
          <label>
            Custom alias (optional)
            <input
              name="short_code"
              pattern="[A-Za-z0-9_-]{3,64}"
              value={alias}
              onInput={(e) => setAlias(e.currentTarget.value)}
              {...ariaFor(fe, 'short_code')}
            />
          </label>
          <FieldError fe={fe} at="short_code" />
        </div>
        <button type="submit" class="field-button">
          Shorten
        </button>
      </div>
      <details class="controls" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          More options: title, expiry, click limit, UTM, password, A/B split, social preview, storefront localisation
        </summary>
        <LinkControlsFields
          draft={controls}
          onChange={setControls}
          features={features}
          destination={url}
          localizeDefault={settings.data?.localize_default}
          fe={fe}
        />
        <button type="submit">Create link</button>
      </details>
      <ErrorMessage error={error} />
    </form>
  );
}
