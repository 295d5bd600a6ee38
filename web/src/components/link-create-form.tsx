import { useState } from 'preact/hooks';
import { createLink, getSettings } from '../lib/api.ts';
import { ariaFor, fieldMessages, formSummary, type FormErrors } from '../lib/errors.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { ALIAS_PATTERN, controlChanges, controlFeatures, draftFrom, isControlPath } from '../lib/link-controls.ts';
import type { LinkRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { CopyButton } from './copy-button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';
import { TagPicker } from './tag-picker.tsx';
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
  const [tags, setTags] = useState<string[]>([]);
  const [controls, setControls] = useState(EMPTY);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [created, setCreated] = useState<LinkRecord>();
  const fe: FormErrors = { form: 'new', errors };
  const formRef = useFocusFirstInvalid(errors);

  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const link = await createLink({
        redirect_url: url,
        ...(alias ? { short_code: alias } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        ...controlChanges(controls, EMPTY, features),
      });
      setUrl('');
      setAlias('');
      setTags([]);
      setControls(EMPTY);
      setError(undefined);
      setErrors({});
      setCreated(link);
      onCreated(link);
    } catch (e) {
      const byField = fieldMessages(e);
      setErrors(byField);
      setError(formSummary(e, shownHere));
      // A message about a control must be seen: open the section that holds it.
      if (Object.keys(byField).some(isControlPath)) setOpen(true);
    }
  };

  return (
    <form onSubmit={create} aria-label="Create a link" ref={formRef}>
      <DestinationAndAlias url={url} alias={alias} onUrl={setUrl} onAlias={setAlias} fe={fe} />
      {features.pro.allowed && <TagPicker id="new-tags" value={tags} onChange={setTags} />}
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
      {created && <CreatedLink link={created} />}
    </form>
  );
}

interface DestinationAndAliasProps {
  url: string;
  alias: string;
  onUrl: (url: string) => void;
  onAlias: (alias: string) => void;
  fe: FormErrors;
}

/** The form's first row: the destination, the optional alias, and Shorten. */
function DestinationAndAlias({ url, alias, onUrl, onAlias, fe }: DestinationAndAliasProps) {
  return (
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
            onInput={(e) => onUrl(e.currentTarget.value)}
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
            pattern={ALIAS_PATTERN}
            placeholder="e.g. summer-sale"
            // The browser adds the title to its own "match the requested format" message.
            title="3 to 64 letters, digits, dashes or underscores"
            value={alias}
            onInput={(e) => onAlias(e.currentTarget.value)}
            {...ariaFor(fe, 'short_code')}
          />
        </label>
        <FieldError fe={fe} at="short_code" />
      </div>
      <button type="submit" class="field-button">
        Shorten
      </button>
    </div>
  );
}

/** The short URL just created, with a button that copies it. */
function CreatedLink({ link }: { link: LinkRecord }) {
  return (
    <p class="row created" data-testid="created-link">
      <span>
        New short link: <code class="short-url">{link.short_url}</code>
      </span>
      <CopyButton text={link.short_url} label={`Copy ${link.short_url}`} />
    </p>
  );
}
