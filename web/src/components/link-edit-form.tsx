import { useEffect, useState } from 'preact/hooks';
import {
  clearLandingOptions,
  getLandingOptions,
  listCategories,
  listDomains,
  setLandingOptions,
  updateLink,
} from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import type { Condition, LinkChanges, LinkWithConditions, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ChoicePageOptions } from './choice-page-options.tsx';
import { ErrorMessage } from './error-message.tsx';
import { Locked } from './locked.tsx';
import { TargetingRules } from './targeting-rules.tsx';

interface Props {
  link: LinkWithConditions;
  me: Me;
  onSaved: (message: string) => void;
}

/** Destination, category, domain, active, and the "Advanced options": conditions and choice page. */
export function LinkEditForm({ link, me, onSaved }: Props) {
  const { domains: domainsAllowed, targeting, choice_pages: choicePages } = me.features;
  const categories = useData(listCategories, []);
  const domains = useData(domainsAllowed.allowed ? listDomains : null, []);
  const [url, setUrl] = useState(link.redirect_url);
  // Select values are strings; '' stands for "none".
  const [category, setCategory] = useState(String(link.category?.id ?? ''));
  const [domain, setDomain] = useState(String(link.domain?.id ?? ''));
  const [active, setActive] = useState(link.is_active);
  const [conditions, setConditions] = useState<Condition[]>(link.conditions ?? []);
  const [options, setOptions] = useState<string[]>([]);
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
      await updateLink(link.id, body);
      if (choicePages.allowed) {
        const wanted = options.map((o) => o.trim()).filter(Boolean);
        if (wanted.length > 0) await setLandingOptions(link.id, wanted);
        else if (link.type === 'choice_page') await clearLandingOptions(link.id);
      }
      setError(undefined);
      onSaved('Link saved.');
    } catch (e) {
      // Paths, because a message about conditions.1.values must say which rule it means.
      setError(formatError(e, 'paths'));
    }
  };

  return (
    <form onSubmit={save} aria-label="Edit link" class="card">
      <h2>Edit</h2>
      <label>
        Destination URL{' '}
        <input
          type="url"
          name="edit_redirect_url"
          required
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
      </label>
      <div class="row">
        <label>
          Category{' '}
          <select name="category" value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
            <option value="">None</option>
            {(categories.data?.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Domain{' '}
          {domainsAllowed.allowed ? (
            <select name="domain" value={domain} onChange={(e) => setDomain(e.currentTarget.value)}>
              <option value="">Default short host</option>
              {(domains.data?.data ?? [])
                .filter((d) => d.status === 'active')
                .map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.hostname}
                  </option>
                ))}
            </select>
          ) : (
            <span class="locked">
              <span class="badge locked">Locked</span> Business plan
            </span>
          )}
        </label>
        <label class="check">
          <input type="checkbox" name="active" checked={active} onChange={() => setActive(!active)} /> Active
        </label>
      </div>
      <details>
        <summary>Advanced options</summary>
        <Locked me={me} feature="targeting">
          <TargetingRules conditions={conditions} onChange={setConditions} />
        </Locked>
        <Locked me={me} feature="choice_pages">
          <ChoicePageOptions options={options} onChange={setOptions} />
        </Locked>
      </details>
      <ErrorMessage error={error} />
      <button type="submit">Save</button>
    </form>
  );
}
