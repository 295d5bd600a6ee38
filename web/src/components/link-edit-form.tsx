import { TagPicker } from './tag-picker.tsx';
import { useEffect, useState } from 'preact/hooks';
import {
  clearLandingOptions,
  getLandingOptions,
  listCategories,
  listDomains,
  setLandingOptions,
  updateLink,
} from '../lib/api.ts';
import { ariaFor, fieldMessages, formSummary, type FormErrors } from '../lib/errors.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { controlChanges, controlFeatures, draftFrom, isControlPath } from '../lib/link-controls.ts';
import type { Condition, LinkChanges, LinkRecord, LinkWithConditions, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ChoicePageOptions } from './choice-page-options.tsx';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';
import { LinkControlsFields } from './link-controls/link-controls-fields.tsx';
import { Locked } from './locked.tsx';
import { isConditionPath, TargetingRules } from './targeting-rules.tsx';

interface Props {
  link: LinkWithConditions;
  me: Me;
  /** The account's storefront localisation default; undefined while unknown. */
  localizeDefault: boolean | undefined;
  onSaved: (message: string) => void;
}

// The paths shown at a field of this form; any other message goes to the summary, in words.
const isOptionPath = (path: string) => /^options(\.\d+)?$/.test(path);
const shownHere = (path: string) =>
  ['redirect_url', 'category_id', 'domain_id'].includes(path) ||
  isOptionPath(path) ||
  isConditionPath(path) ||
  isControlPath(path);

/** The first fields of the form, as their inputs hold them. Select values are strings; '' stands for "none". */
interface Basics {
  url: string;
  category: string;
  domain: string;
  active: boolean;
  tags: string[];
}

const basicsFrom = (link: LinkRecord): Basics => ({
  url: link.redirect_url,
  category: String(link.category?.id ?? ''),
  domain: String(link.domain?.id ?? ''),
  tags: link.tags.map((tag) => tag.name),
  active: link.is_active,
});

/** Whether the link has a link control set: its section starts open, so its state is in sight. */
const hasControls = (link: LinkRecord) =>
  Boolean(
    link.title ||
    link.expires_at ||
    link.max_clicks ||
    link.expired_url ||
    link.has_password ||
    link.utm ||
    link.variants ||
    link.preview ||
    !link.localize_follows_default,
  );

/**
 * Destination, category, domain, active; the link controls (title, expiry, limits, UTM, password,
 * A/B split, preview, storefront localisation); and the "Advanced options": conditions and choice page.
 */
export function LinkEditForm({ link, me, localizeDefault, onSaved }: Props) {
  const features = controlFeatures(me);
  const [initial] = useState(() => draftFrom(link));
  const [controls, setControls] = useState(initial);
  const [basics, setBasics] = useState(() => basicsFrom(link));
  const [conditions, setConditions] = useState<Condition[]>(link.conditions ?? []);
  const [options, setOptions] = useLandingOptions(link.id, me.features.choice_pages.allowed);
  const [controlsOpen, setControlsOpen] = useState(hasControls(link));
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const fe: FormErrors = { form: 'edit', errors };
  const formRef = useFocusFirstInvalid(errors);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await saveLink(link, me, { basics, conditions, options, controls: controlChanges(controls, initial, features) });
      setError(undefined);
      setErrors({});
      onSaved('Link saved.');
    } catch (e) {
      const byField = fieldMessages(e);
      setErrors(byField);
      setError(formSummary(e, shownHere));
      // A marked field must be in sight (and focusable): open the sections that hold one.
      if (Object.keys(byField).some(isControlPath)) setControlsOpen(true);
      if (Object.keys(byField).some((path) => isConditionPath(path) || isOptionPath(path))) setAdvancedOpen(true);
    }
  };

  return (
    <form onSubmit={save} aria-label="Edit link" class="card" ref={formRef}>
      <h2>Edit</h2>
      <BasicsFields basics={basics} onChange={setBasics} me={me} fe={fe} />
      {basics.url !== link.redirect_url && controls.variants.length > 0 && (
        <VariantsStay count={controls.variants.length} onShow={() => setControlsOpen(true)} />
      )}
      <details class="controls" open={controlsOpen} onToggle={(e) => setControlsOpen(e.currentTarget.open)}>
        <summary>Title, expiry, click limit, UTM, password, A/B split, social preview, storefront localisation</summary>
        <LinkControlsFields
          draft={controls}
          onChange={setControls}
          features={features}
          destination={basics.url}
          saved={{ hasPassword: link.has_password, clickCount: link.click_count }}
          localizeDefault={localizeDefault}
          fe={fe}
        />
      </details>
      <details open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
        <summary>Advanced options</summary>
        <Locked state={me.features.targeting} what="Send visitors elsewhere by country, device or language.">
          <TargetingRules conditions={conditions} onChange={setConditions} fe={fe} />
        </Locked>
        <Locked state={me.features.choice_pages} what="A page that lets the visitor choose among several destinations.">
          <ChoicePageOptions options={options} onChange={setOptions} fe={fe} />
        </Locked>
      </details>
      <ErrorMessage error={error} />
      <button type="submit">Save</button>
    </form>
  );
}

/** The link's choice-page options, loaded once when the plan has choice pages. */
function useLandingOptions(id: number, allowed: boolean) {
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    // If this fails the option list just starts empty; the rest of the form still works.
    if (allowed)
      getLandingOptions(id).then(
        (r) => setOptions(r.options),
        () => {},
      );
  }, [id]);
  return [options, setOptions] as const;
}

interface Edited {
  basics: Basics;
  conditions: Condition[];
  options: string[];
  /** The link controls that changed (controlChanges). */
  controls: LinkChanges;
}

/** Saves the link, then its choice-page options; rejects with the first request's refusal. */
async function saveLink(link: LinkRecord, me: Me, edited: Edited): Promise<void> {
  const { domains, targeting, choice_pages: choicePages } = me.features;
  const { url, category, domain, active, tags } = edited.basics;
  const body: LinkChanges = {
    redirect_url: url,
    is_active: active,
    category_id: category === '' ? null : Number(category),
  };
  // Fields of features the plan lacks are left out, as the server refuses them.
  if (domains.allowed) body.domain_id = domain === '' ? null : Number(domain);
  if (controlFeatures(me).pro.allowed) body.tags = tags;
  // Sent as typed, in lower case (the API keeps country codes upper case itself): a value the rule's
  // kind does not know comes back as a 422 at its field.
  if (targeting.allowed) {
    const typed = edited.conditions.map((c) => ({
      ...c,
      values: c.values.filter(Boolean).map((v) => v.toLowerCase()),
    }));
    body.conditions = typed as LinkChanges['conditions'];
  }
  Object.assign(body, edited.controls);
  const wanted = edited.options.map((o) => o.trim()).filter(Boolean);
  const clearOptions = choicePages.allowed && wanted.length === 0 && link.type === 'choice_page';
  // Variants and choice-page options exclude each other: options being replaced by a split go first.
  if (clearOptions && body.variants) await clearLandingOptions(link.id);
  await updateLink(link.id, body);
  if (choicePages.allowed) {
    if (wanted.length > 0) await setLandingOptions(link.id, wanted);
    else if (clearOptions && !body.variants) await clearLandingOptions(link.id);
  }
}

/**
 * A new destination changes where the link's own share of visitors goes, not its A/B variants:
 * say so while the form can still change them too.
 */
function VariantsStay({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div class="notice" role="note" data-testid="variants-stay">
      <p>
        This link also sends visitors to {count === 1 ? 'an A/B variant' : `${count} A/B variants`} with{' '}
        {count === 1 ? 'its own URL' : 'their own URLs'}. The new destination does not change{' '}
        {count === 1 ? 'it' : 'them'}: edit {count === 1 ? 'it' : 'them'} under A/B split if visitors should follow.
      </p>
      <button type="button" class="secondary" onClick={onShow}>
        Show the A/B split
      </button>
    </div>
  );
}

interface BasicsProps {
  basics: Basics;
  onChange: (basics: Basics) => void;
  me: Me;
  fe: FormErrors;
}

/** Destination URL, then category, domain (Business) and whether the link is active. */
function BasicsFields({ basics, onChange, me, fe }: BasicsProps) {
  const change = (fields: Partial<Basics>) => onChange({ ...basics, ...fields });
  return (
    <>
      <div class="field">
        <label>
          Destination URL{' '}
          <input
            type="url"
            name="edit_redirect_url"
            required
            value={basics.url}
            onInput={(e) => change({ url: e.currentTarget.value })}
            {...ariaFor(fe, 'redirect_url')}
          />
        </label>
        <FieldError fe={fe} at="redirect_url" />
      </div>
      <div class="row">
        <CategoryField value={basics.category} onChange={(category) => change({ category })} fe={fe} />
        {me.features.domains.allowed ? (
          <DomainField value={basics.domain} onChange={(domain) => change({ domain })} fe={fe} />
        ) : (
          // No control to label: the field is named in words beside its lock.
          <div class="field">
            <span class="field-label">Domain</span>
            <span class="locked locked-control">
              <span class="badge locked">Locked</span> Business plan
            </span>
          </div>
        )}
        {controlFeatures(me).pro.allowed && (
          <TagPicker id="edit-tags" value={basics.tags} onChange={(tags) => change({ tags })} />
        )}
        <label class="check field-button">
          <input
            type="checkbox"
            name="active"
            checked={basics.active}
            onChange={() => change({ active: !basics.active })}
          />{' '}
          Active
        </label>
      </div>
    </>
  );
}

interface SelectFieldProps {
  value: string;
  onChange: (value: string) => void;
  fe: FormErrors;
}

function CategoryField({ value, onChange, fe }: SelectFieldProps) {
  const categories = useData(listCategories, []);
  return (
    <div class="field">
      <label>
        Category{' '}
        <select
          name="category"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          {...ariaFor(fe, 'category_id')}
        >
          <option value="">None</option>
          {(categories.data?.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <FieldError fe={fe} at="category_id" />
    </div>
  );
}

/** The custom domains that are verified; the default short host is "none". */
function DomainField({ value, onChange, fe }: SelectFieldProps) {
  const domains = useData(listDomains, []);
  return (
    <div class="field">
      <label>
        Domain{' '}
        <select
          name="domain"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          {...ariaFor(fe, 'domain_id')}
        >
          <option value="">Default short host</option>
          {(domains.data?.data ?? [])
            .filter((d) => d.status === 'active')
            .map((d) => (
              <option key={d.id} value={d.id}>
                {d.hostname}
              </option>
            ))}
        </select>
      </label>
      <FieldError fe={fe} at="domain_id" />
    </div>
  );
}
