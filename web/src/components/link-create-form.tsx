import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { withDefaultScheme } from '../../../src/core/urls.ts';
import { createLink, getSettings } from '../lib/api.ts';
import { ariaFor, fieldMessages, formSummary, type FormErrors } from '../lib/errors.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { ALIAS_PATTERN, controlChanges, controlFeatures, draftFrom, isControlPath } from '../lib/link-controls.ts';
import { applyPrefill, NOTHING_PREFILLED, prefillFrom } from '../lib/page-prefill.ts';
import type { LinkRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { usePageMetadata } from '../lib/use-page-metadata.ts';
import { CopyButton } from './copy-button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';
import { PageCard } from './page-card.tsx';
import { TagPicker } from './tag-picker.tsx';
import { LinkControlsFields } from './link-controls/link-controls-fields.tsx';

const EMPTY = draftFrom();
const shownHere = (path: string) => path === 'redirect_url' || path === 'short_code' || isControlPath(path);

interface LinkCreateFormProps {
  me: Me;
  onCreated: (link: LinkRecord) => void;
  /** The destination field, which the page's `c` shortcut focuses. */
  destinationRef?: RefObject<HTMLInputElement | null>;
}

/**
 * A new link: its destination and alias in one row with the form's one submit button, every link
 * control under "More options". Leaving the destination asks the server for its page's title and
 * card, which fill the title and social preview fields the person has left empty.
 */
export function LinkCreateForm({ me, onCreated, destinationRef }: LinkCreateFormProps) {
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
  const page = usePageMetadata();
  const prefilled = useRef(NOTHING_PREFILLED);

  useEffect(() => {
    if (!page.found) return;
    const before = prefilled.current;
    const found = prefillFrom(page.found, { title: features.pro.allowed, preview: features.business.allowed });
    prefilled.current = found;
    // From the draft as it is when the update runs: a click since this render (Split traffic) is kept.
    setControls((current) => applyPrefill(current, before, found));
    // Only a new answer fills the fields: the person's edits in between are theirs.
  }, [page.found]);

  // `example.com/x` is what people type: it gets its https:// when they leave the field or send the form.
  const completeUrl = () => {
    const complete = withDefaultScheme(url);
    if (complete !== url) setUrl(complete);
    page.lookUp(complete);
    return complete;
  };

  const reset = () => {
    setUrl('');
    setAlias('');
    setTags([]);
    setControls(EMPTY);
    setOpen(false);
    setError(undefined);
    setErrors({});
    page.clear();
    prefilled.current = NOTHING_PREFILLED;
  };

  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const link = await createLink({
        redirect_url: completeUrl(),
        ...(alias ? { short_code: alias } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        ...controlChanges(controls, EMPTY, features),
      });
      reset();
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
      <DestinationAndAlias
        url={url}
        alias={alias}
        onUrl={setUrl}
        onLeaveUrl={completeUrl}
        onAlias={setAlias}
        fe={fe}
        destinationRef={destinationRef}
      />
      {page.found?.outcome === 'found' && <PageCard page={page.found} />}
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
  onLeaveUrl: () => void;
  onAlias: (alias: string) => void;
  fe: FormErrors;
  destinationRef?: RefObject<HTMLInputElement | null>;
}

/** The form's first row: the destination, the optional alias, and Shorten (the form's only submit button). */
function DestinationAndAlias({ url, alias, onUrl, onLeaveUrl, onAlias, fe, destinationRef }: DestinationAndAliasProps) {
  return (
    <div class="row">
      <div class="field grow">
        <label>
          Destination URL
          {/* Text, not type=url: the browser would refuse `example.com/x` before https:// is added. */}
          <input
            ref={destinationRef}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellcheck={false}
            name="redirect_url"
            required
            placeholder="example.com/page"
            value={url}
            onInput={(e) => onUrl(e.currentTarget.value)}
            onBlur={onLeaveUrl}
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
