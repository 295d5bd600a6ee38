import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api.ts';
import type { Me } from './pages.tsx';
import { copy } from './pages.tsx';

function problem(error: unknown): string {
  if (error instanceof ApiError) return Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join(' ') || error.message;
  return error instanceof Error ? error.message : String(error);
}

function useList<T>(path: string | null): { items: T[] | undefined; error: string | undefined; reload: () => void } {
  const [items, setItems] = useState<T[]>();
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) return;
    api('GET', path).then((r) => { setItems(r.data); setError(undefined); }, (e: Error) => setError(e.message));
  }, [path, tick]);
  return { items, error, reload: () => setTick((t) => t + 1) };
}

export function Locked({ me, feature, children }: { me: Me; feature: string; children: any }) {
  const f = me.features[feature];
  if (f?.allowed) return children;
  return <p class="locked" role="note"><span class="badge locked">Locked</span> {f?.reason ?? 'Not available on your plan.'}</p>;
}

const VOCABULARY: Record<string, string> = {
  country: 'Two-letter country codes, e.g. US, GB',
  device: 'desktop, mobile, tablet',
  os: 'ios, android, windows, macos, linux',
  browser: 'chrome, safari, firefox, edge, opera, samsung',
  language: 'Two-letter language codes, e.g. en, fr',
};

interface Condition { type: string; operator: string; values: string[]; redirect_url: string }

/** Destination, category, domain, active, and the "Advanced options": conditions and choice page. */
export function EditLink({ link, me, onSaved }: { link: any; me: Me; onSaved: (message: string) => void }) {
  const business = me.user.plan === 'business';
  const categories = useList<{ id: number; name: string }>('/api/v1/categories');
  const domains = useList<{ id: number; hostname: string; status: string }>(business ? '/api/v1/domains' : null);
  const [url, setUrl] = useState(link.redirect_url);
  const [category, setCategory] = useState(link.category?.id ?? '');
  const [domain, setDomain] = useState(link.domain?.id ?? '');
  const [active, setActive] = useState(link.is_active);
  const [conditions, setConditions] = useState<Condition[]>(link.conditions ?? []);
  const [options, setOptions] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (business) api('GET', `/api/v1/links/${link.id}/landing-options`).then((r) => setOptions(r.options), () => {});
  }, [link.id]);

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const body: Record<string, unknown> = { redirect_url: url, is_active: active, category_id: category === '' ? null : Number(category) };
      if (business) {
        body.domain_id = domain === '' ? null : Number(domain);
        body.conditions = conditions.map((c) => ({ ...c, values: c.values.filter(Boolean) }));
      }
      await api('PATCH', `/api/v1/links/${link.id}`, body);
      if (business) {
        const wanted = options.map((o) => o.trim()).filter(Boolean);
        if (wanted.length > 0) await api('PUT', `/api/v1/links/${link.id}/landing-options`, { options: wanted });
        else if (link.type === 'choice_page') await api('DELETE', `/api/v1/links/${link.id}/landing-options`);
      }
      setError(undefined);
      onSaved('Link saved.');
    } catch (e) {
      setError(problem(e));
    }
  };
  const setCondition = (i: number, change: Partial<Condition>) => setConditions(conditions.map((c, j) => (j === i ? { ...c, ...change } : c)));

  return (
    <form onSubmit={save} aria-label="Edit link" class="card">
      <h2>Edit</h2>
      <label>Destination URL <input type="url" name="edit_redirect_url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} /></label>
      <div class="row">
        <label>Category <select name="category" value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
          <option value="">None</option>
          {(categories.items ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select></label>
        <label>Domain {business ? (
          <select name="domain" value={domain} onChange={(e) => setDomain(e.currentTarget.value)}>
            <option value="">Default short host</option>
            {(domains.items ?? []).filter((d) => d.status === 'active').map((d) => <option key={d.id} value={d.id}>{d.hostname}</option>)}
          </select>
        ) : <span class="locked"><span class="badge locked">Locked</span> Business plan</span>}</label>
        <label class="check"><input type="checkbox" name="active" checked={active} onChange={() => setActive(!active)} /> Active</label>
      </div>
      <details>
        <summary>Advanced options</summary>
        <Locked me={me} feature="targeting">
          <fieldset>
            <legend>Targeting rules (first match wins)</legend>
            {conditions.map((c, i) => (
              <div class="row condition" key={i}>
                <label>When <select value={c.type} onChange={(e) => setCondition(i, { type: e.currentTarget.value })}>
                  {Object.keys(VOCABULARY).map((t) => <option key={t} value={t}>{t}</option>)}
                </select></label>
                <label>is <select value={c.operator} onChange={(e) => setCondition(i, { operator: e.currentTarget.value })}>
                  <option value="in">one of</option><option value="not_in">not one of</option>
                </select></label>
                <label class="grow">Values <input value={c.values.join(', ')} placeholder={VOCABULARY[c.type]} onInput={(e) => setCondition(i, { values: e.currentTarget.value.split(',').map((v) => v.trim()) })} /></label>
                <label class="grow">Send to <input type="url" value={c.redirect_url} onInput={(e) => setCondition(i, { redirect_url: e.currentTarget.value })} /></label>
                <button type="button" class="link-button" onClick={() => setConditions(conditions.filter((_, j) => j !== i))}>Remove</button>
              </div>
            ))}
            {conditions.length < 20 && <button type="button" onClick={() => setConditions([...conditions, { type: 'country', operator: 'in', values: [], redirect_url: '' }])}>Add a rule</button>}
          </fieldset>
        </Locked>
        <Locked me={me} feature="choice_pages">
          <fieldset>
            <legend>Choice page (2 to 8 destinations; leave empty for a plain link)</legend>
            {options.map((o, i) => (
              <div class="row" key={i}>
                <label class="grow">Option {i + 1} <input type="url" value={o} onInput={(e) => setOptions(options.map((x, j) => (j === i ? e.currentTarget.value : x)))} /></label>
                <button type="button" class="link-button" onClick={() => setOptions(options.filter((_, j) => j !== i))}>Remove</button>
              </div>
            ))}
            {options.length < 8 && <button type="button" onClick={() => setOptions([...options, ''])}>Add an option</button>}
          </fieldset>
        </Locked>
      </details>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

export function CategoriesPage({ announce }: { announce: (m: string) => void }) {
  const list = useList<{ id: number; name: string }>('/api/v1/categories');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await api('POST', '/api/v1/categories', { name });
      setName('');
      setError(undefined);
      list.reload();
    } catch (e) {
      setError(problem(e));
    }
  };
  const rename = async (id: number, current: string) => {
    const next = prompt('New name', current);
    if (!next || next === current) return;
    try {
      await api('PATCH', `/api/v1/categories/${id}`, { name: next });
      list.reload();
    } catch (e) {
      announce(problem(e));
    }
  };
  const remove = async (id: number, current: string) => {
    if (!confirm(`Delete the category "${current}"? Its links stay, without a category.`)) return;
    await api('DELETE', `/api/v1/categories/${id}`);
    list.reload();
  };
  return (
    <main>
      <h1>Categories</h1>
      <form class="row" onSubmit={add} aria-label="Add a category">
        <label class="grow">New category <input name="category_name" required maxLength={255} value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
        <button type="submit">Add</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      {list.items?.length === 0 && <p class="empty">No categories yet. Categories group links so you can filter the list.</p>}
      <ul class="plain">
        {(list.items ?? []).map((c) => (
          <li key={c.id}>{c.name} <button class="link-button" onClick={() => rename(c.id, c.name)}>Rename</button> <button class="link-button" onClick={() => remove(c.id, c.name)}>Delete</button></li>
        ))}
      </ul>
    </main>
  );
}

export function AffiliatesPage({ me }: { me: Me }) {
  const business = me.user.plan === 'business';
  const programs = useList<{ id: number; name: string; hostnames: string[]; param: string }>(business ? '/api/v1/affiliate-programs' : null);
  const tags = useList<{ id: number; affiliate_program: { id: number; name: string }; tag: string }>(business ? '/api/v1/affiliates' : null);
  const [program, setProgram] = useState('1');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string>();
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await api('POST', '/api/v1/affiliates', { affiliate_program_id: Number(program), tag });
      setTag('');
      setError(undefined);
      tags.reload();
    } catch (e) {
      setError(problem(e));
    }
  };
  const remove = async (id: number) => {
    await api('DELETE', `/api/v1/affiliates/${id}`);
    tags.reload();
  };
  return (
    <main>
      <h1>Affiliate tags</h1>
      <p>Your tag is added to every link that goes to a program's store, including targeted destinations and choice-page options.</p>
      <Locked me={me} feature="affiliates">
        <form class="row" onSubmit={add} aria-label="Add an affiliate tag">
          <label>Program <select name="program" value={program} onChange={(e) => setProgram(e.currentTarget.value)}>
            {(programs.items ?? []).map((p) => <option key={p.id} value={p.id}>{p.name} ({p.param}=)</option>)}
          </select></label>
          <label class="grow">Your tag <input name="tag" required value={tag} onInput={(e) => setTag(e.currentTarget.value)} /></label>
          <button type="submit">Add</button>
        </form>
        {error && <p class="error" role="alert">{error}</p>}
        {tags.items?.length === 0 && <p class="empty">No tags yet.</p>}
        <ul class="plain">
          {(tags.items ?? []).map((t) => <li key={t.id}>{t.affiliate_program.name}: <code>{t.tag}</code> <button class="link-button" onClick={() => remove(t.id)}>Remove</button></li>)}
        </ul>
      </Locked>
    </main>
  );
}

export function DomainsPage({ me, announce }: { me: Me; announce: (m: string) => void }) {
  const business = me.user.plan === 'business';
  const domains = useList<any>(business ? '/api/v1/domains' : null);
  const [hostname, setHostname] = useState('');
  const [error, setError] = useState<string>();
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await api('POST', '/api/v1/domains', { hostname });
      setHostname('');
      setError(undefined);
      domains.reload();
    } catch (e) {
      setError(problem(e));
    }
  };
  const check = async (id: number) => {
    try {
      const domain = await api('POST', `/api/v1/domains/${id}/check`);
      announce(domain.status === 'active' ? `${domain.hostname} is verified.` : `${domain.hostname}: record not found yet.`);
      domains.reload();
    } catch (e) {
      announce(problem(e));
    }
  };
  const remove = async (id: number, name: string) => {
    if (!confirm(`Remove ${name}?`)) return;
    try {
      await api('DELETE', `/api/v1/domains/${id}`);
      domains.reload();
    } catch (e) {
      announce(problem(e));
    }
  };
  return (
    <main>
      <h1>Custom domains</h1>
      <Locked me={me} feature="domains">
        <form class="row" onSubmit={add} aria-label="Add a domain">
          <label class="grow">Hostname <input name="hostname" required placeholder="go.yourbrand.com" value={hostname} onInput={(e) => setHostname(e.currentTarget.value)} /></label>
          <button type="submit">Add domain</button>
        </form>
        {error && <p class="error" role="alert">{error}</p>}
        {domains.items?.length === 0 && <p class="empty">No domains yet. Add one, then create the DNS record shown.</p>}
        {(domains.items ?? []).map((d: any) => (
          <section class="card" key={d.id}>
            <h2>{d.hostname} <span class={`status ${d.status}`}>{d.status}</span></h2>
            <p>Create this DNS record at your DNS provider:</p>
            <table>
              <tbody>
                <tr><th scope="row">Type</th><td><code>{d.verification.type}</code></td></tr>
                <tr><th scope="row">Name</th><td><code>{d.verification.name}</code> <button class="link-button" onClick={() => copy(d.verification.name, announce)}>Copy</button></td></tr>
                <tr><th scope="row">Value</th><td><code>{d.verification.value}</code> <button class="link-button" onClick={() => copy(d.verification.value, announce)}>Copy</button></td></tr>
              </tbody>
            </table>
            <p class="muted">Last checked: {d.last_checked_at ? new Date(d.last_checked_at).toLocaleString() : 'never'}</p>
            <p class="row"><button onClick={() => check(d.id)}>Check now</button> <button class="link-button" onClick={() => remove(d.id, d.hostname)}>Remove</button></p>
          </section>
        ))}
      </Locked>
    </main>
  );
}
