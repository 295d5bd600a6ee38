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
import type { Condition, LinkChanges, LinkWithConditions, Me } from '../lib/types.ts';
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

/**
 * Destination, category, domain, active; the link controls (title, expiry, limits, UTM, password,
 * A/B split, preview, storefront localisation); and the "Advanced options": conditions and choice page.
 */
export function LinkEditForm({ link, me, localizeDefault, onSaved }: Props) {
  const { domains: domainsAllowed, targeting, choice_pages: choicePages } = me.features;
  const features = controlFeatures(me);
  const [initial] = useState(() => draftFrom(link));
  const [controls, setControls] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fe: FormErrors = { form: 'edit', errors };
  const formRef = useFocusFirstInvalid(errors);
  // Open when the link has a control set, so its state is in sight.
  const [controlsOpen, setControlsOpen] = useState(
    Boolean(
      link.title ||
      link.expires_at ||
      link.max_clicks ||
      link.expired_url ||
      link.has_password ||
      link.utm ||
      link.variants ||
      link.preview ||
      link.localize != null,
    ),
  );
  const categories = useData(listCategories, []);
  const domains = useData(domainsAllowed.allowed ? listDomains : null, []);
  const [url, setUrl] = useState(link.redirect_url);
  // Select values are strings; '' stands for "none".
  const [category, setCategory] = useState(String(link.category?.id ?? ''));
  const [domain, setDomain] = useState(String(link.domain?.id ?? ''));
  const [active, setActive] = useState(link.is_active);
  const [conditions, setConditions] = useState<Condition[]>(link.conditions ?? []);
  const [options, setOptions] = useState<string[]>([]);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    // If this fails the option list just starts empty; the rest of the form still works.
    if (choicePages.allowed)
      getLandingOptions(link.id).then(
        (r) => setOptions(r.options),
        () => {},
      );
  }, [link.id]);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const body: LinkChanges = {
        redirect_url: url,
        is_active: active,
        category_id: category === '' ? null : Number(category),
      };
      // Fields of features the plan lacks are left out, as the server refuses them.
      if (domainsAllowed.allowed) body.domain_id = domain === '' ? null : Number(domain);
      if (targeting.allowed) body.conditions = conditions.map((c) => ({ ...c, values: c.values.filter(Boolean) }));
      Object.assign(body, controlChanges(controls, initial, features));
      const wanted = options.map((o) => o.trim()).filter(Boolean);
      const clearOptions = choicePages.allowed && wanted.length === 0 && link.type === 'choice_page';
      // Variants and choice-page options exclude each other: options being replaced by a split go first.
      if (clearOptions && body.variants) await clearLandingOptions(link.id);
      await updateLink(link.id, body);
      if (choicePages.allowed) {
        if (wanted.length > 0) await setLandingOptions(link.id, wanted);
        else if (clearOptions && !body.variants) await clearLandingOptions(link.id);
      }
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
      <div class="field">
        <label>
          Destination URL{' '}
          <input
            type="url"
            name="edit_redirect_url"
            required
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
            {...ariaFor(fe, 'redirect_url')}
          />
        </label>
        <FieldError fe={fe} at="redirect_url" />
      </div>
      <div class="row">
        <div class="field">
          <label>
            Category{' '}
            <select
              name="category"
              value={category}
              onChange={(e) => setCategory(e.currentTarget.value)}
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
        {domainsAllowed.allowed ? (
          <div class="field">
            <label>
              Domain{' '}
              <select
                name="domain"
                value={domain}
                onChange={(e) => setDomain(e.currentTarget.value)}
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
        ) : (
          // No control to label: the field is named in words beside its lock.
          <p class="field">
            <span>Domain</span>
            <span class="locked">
              <span class="badge locked">Locked</span> Business plan
            </span>
          </p>
        )}
        <label class="check field-button">
          <input type="checkbox" name="active" checked={active} onChange={() => setActive(!active)} /> Active
        </label>
      </div>
      <details class="controls" open={controlsOpen} onToggle={(e) => setControlsOpen(e.currentTarget.open)}>
        <summary>Title, expiry, click limit, UTM, password, A/B split, social preview, storefront localisation</summary>
        <LinkControlsFields
          draft={controls}
          onChange={setControls}
          features={features}
          destination={url}
          saved={{ hasPassword: link.has_password, clickCount: link.click_count }}
          localizeDefault={localizeDefault}
          fe={fe}
        />
      </details>
      <details open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
        <summary>Advanced options</summary>
        <Locked state={me.features.targeting}>
          <TargetingRules conditions={conditions} onChange={setConditions} fe={fe} />
        </Locked>
        <Locked state={me.features.choice_pages}>
          <ChoicePageOptions options={options} onChange={setOptions} fe={fe} />
        </Locked>
      </details>
      <ErrorMessage error={error} />
      <button type="submit">Save</button>
    </form>
  );
}
