import { useEffect, useState } from 'preact/hooks';
import QRCode from 'qrcode';
import { api, ApiError } from './api.ts';
import { Breakdown, TrendChart } from './charts.tsx';
import { EditLink } from './manage.tsx';

export interface Me {
  user: { id: number; email: string; plan: string };
  csrf_token: string;
  features: Record<string, { allowed: boolean; reason: string | null }>;
}

function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: string | undefined; reload: () => void } {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then((d) => live && (setData(d), setError(undefined)), (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [...deps, tick]);
  return { data, error, reload: () => setTick((t) => t + 1) };
}

function fieldErrors(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.errors).flat().join(' ') || error.message;
  return error instanceof Error ? error.message : String(error);
}

export function copy(text: string, announce: (m: string) => void) {
  void navigator.clipboard?.writeText(text).then(() => announce('Copied to the clipboard.'), () => announce('Copy failed: select the text and copy it.'));
}

export function AuthPage({ mode, onSignedIn }: { mode: 'signin' | 'signup'; onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      onSignedIn(await api<Me>('POST', `/dashboard-api/${mode}`, { email, password }));
    } catch (e) {
      setError(fieldErrors(e));
    }
  };
  return (
    <main class="narrow">
      <h1>{mode === 'signin' ? 'Sign in to Hoplink' : 'Create your Hoplink account'}</h1>
      <form onSubmit={submit}>
        <label>Email <input type="email" name="email" required autocomplete="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} /></label>
        <label>Password <input type="password" name="password" required minLength={8} autocomplete={mode === 'signin' ? 'current-password' : 'new-password'} value={password} onInput={(e) => setPassword(e.currentTarget.value)} /></label>
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit">{mode === 'signin' ? 'Sign in' : 'Sign up'}</button>
      </form>
      <p>{mode === 'signin' ? <a href="#/signup">No account yet? Sign up</a> : <a href="#/signin">Already have an account? Sign in</a>}</p>
    </main>
  );
}

export function LinksPage({ announce }: { announce: (m: string) => void }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('created_at');
  const [direction, setDirection] = useState('desc');
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState('');
  const categories = useLoad(() => api('GET', '/api/v1/categories'), []);
  const [url, setUrl] = useState('');
  const [alias, setAlias] = useState('');
  const [error, setError] = useState<string>();
  const query = new URLSearchParams({ sort, direction, page: String(page), per_page: '15', ...(search ? { search } : {}), ...(category ? { category_id: category } : {}) });
  const list = useLoad(() => api('GET', `/api/v1/links?${query}`), [query.toString()]);
  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const link = await api('POST', '/api/v1/links', { redirect_url: url, ...(alias ? { short_code: alias } : {}) });
      setUrl('');
      setAlias('');
      setError(undefined);
      announce(`Created ${link.short_url}`);
      list.reload();
    } catch (e) {
      setError(fieldErrors(e));
    }
  };
  const remove = async (id: number, code: string) => {
    if (!confirm(`Delete the link ${code}? Its statistics are deleted too.`)) return;
    await api('DELETE', `/api/v1/links/${id}`);
    announce('Link deleted.');
    list.reload();
  };
  return (
    <main>
      <h1>Links</h1>
      <form class="row" onSubmit={create} aria-label="Create a link">
        <label class="grow">Destination URL <input type="url" name="redirect_url" required placeholder="https://example.com/page" value={url} onInput={(e) => setUrl(e.currentTarget.value)} /></label>
        <label>Custom alias (optional) <input name="short_code" pattern="[A-Za-z0-9_-]{3,64}" value={alias} onInput={(e) => setAlias(e.currentTarget.value)} /></label>
        <button type="submit">Shorten</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      <div class="row">
        <label class="grow">Search <input type="search" value={search} onInput={(e) => { setSearch(e.currentTarget.value); setPage(1); }} /></label>
        <label>Sort <select value={sort} onChange={(e) => setSort(e.currentTarget.value)}>
          <option value="created_at">Created</option><option value="click_count">Clicks</option><option value="redirect_url">Destination</option><option value="short_code">Code</option>
        </select></label>
        <label>Order <select value={direction} onChange={(e) => setDirection(e.currentTarget.value)}><option value="desc">Descending</option><option value="asc">Ascending</option></select></label>
        <label>Category <select name="category_filter" value={category} onChange={(e) => { setCategory(e.currentTarget.value); setPage(1); }}>
          <option value="">All</option>
          {(categories.data?.data ?? []).map((c: any) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select></label>
      </div>
      {list.error && <p class="error" role="alert">{list.error}</p>}
      {list.data && list.data.data.length === 0 && <p class="empty">No links yet. Paste a URL above to make your first short link.</p>}
      {list.data && list.data.data.length > 0 && (
        <table class="links">
          <thead><tr><th>Short link</th><th>Destination</th><th class="num">Clicks</th><th>Status</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {list.data.data.map((link: any) => (
              <tr key={link.id}>
                <td><a href={`#/links/${link.id}`}>{link.short_url.replace(/^https?:\/\//, '')}</a></td>
                <td class="truncate" title={link.redirect_url}>{link.redirect_url}</td>
                <td class="num">{link.click_count}</td>
                <td>{link.is_active ? 'Active' : 'Off'}</td>
                <td><button class="link-button" onClick={() => remove(link.id, link.short_code)} aria-label={`Delete ${link.short_code}`}>Delete</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && list.data.meta.last_page > 1 && (
        <nav class="row" aria-label="Pages">
          <button disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {list.data.meta.current_page} of {list.data.meta.last_page}</span>
          <button disabled={page >= list.data.meta.last_page} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
    </main>
  );
}

export function LinkPage({ id, me, announce }: { id: string; me: Me; announce: (m: string) => void }) {
  const link = useLoad(() => api('GET', `/api/v1/links/${id}`), [id]);
  const business = me.user.plan === 'business';
  const stats = useLoad(() => api('GET', `/api/v1/links/${id}/stats${business ? '?with=country,device,browser,os' : ''}`), [id]);
  const [svg, setSvg] = useState('');
  const [png, setPng] = useState('');
  useEffect(() => {
    if (!link.data) return;
    void QRCode.toString(link.data.short_url, { type: 'svg', margin: 1 }).then(setSvg);
    void QRCode.toDataURL(link.data.short_url, { margin: 1, width: 512 }).then(setPng);
  }, [link.data?.short_url]);
  const toggle = async () => {
    await api('PATCH', `/api/v1/links/${id}`, { is_active: !link.data.is_active });
    announce(link.data.is_active ? 'Link turned off.' : 'Link turned on.');
    link.reload();
  };
  if (link.error) return <main><p class="error" role="alert">{link.error}</p></main>;
  if (!link.data) return <main><p>Loading…</p></main>;
  const l = link.data;
  return (
    <main>
      <p><a href="#/links">← All links</a></p>
      <h1>{l.short_code}</h1>
      <p class="row">
        <code class="short-url">{l.short_url}</code>
        <button onClick={() => copy(l.short_url, announce)}>Copy</button>
        <button onClick={toggle}>{l.is_active ? 'Turn off' : 'Turn on'}</button>
      </p>
      <p>Goes to <a href={l.redirect_url} rel="noopener noreferrer">{l.redirect_url}</a>{l.category && <> · Category: {l.category.name}</>}{l.type === 'choice_page' && <> · Choice page</>}</p>
      <EditLink key={l.updated_at} link={l} me={me} onSaved={(m) => { announce(m); link.reload(); }} />
      <section class="qr">
        <h2>QR code</h2>
        <div class="qr-image" aria-label={`QR code for ${l.short_url}`} role="img" dangerouslySetInnerHTML={{ __html: svg }} />
        <p class="row">
          <a download={`${l.short_code}.svg`} href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}>Download SVG</a>
          <a download={`${l.short_code}.png`} href={png}>Download PNG</a>
        </p>
      </section>
      <section>
        <h2>Statistics</h2>
        {stats.error && <p class="error" role="alert">{stats.error}</p>}
        {stats.data && (
          <>
            <p class="totals"><strong data-testid="total-clicks">{stats.data.total_clicks}</strong> clicks in all, <strong>{stats.data.clicks_this_month}</strong> this month.</p>
            {stats.data.trend ? <TrendChart trend={stats.data.trend} /> : <p class="locked">The 30-day chart and breakdowns need the Business plan.</p>}
            <div class="grid">
              {['country', 'device', 'browser', 'os'].map((d) => stats.data[d] && <Breakdown key={d} title={d === 'os' ? 'Operating system' : d[0]!.toUpperCase() + d.slice(1)} rows={stats.data[d]} />)}
            </div>
          </>
        )}
      </section>
    </main>
  );
}

export function TokensPage({ announce }: { announce: (m: string) => void }) {
  const tokens = useLoad(() => api('GET', '/dashboard-api/tokens'), []);
  const [name, setName] = useState('');
  const [abilities, setAbilities] = useState<string[]>(['read']);
  const [fresh, setFresh] = useState<string>();
  const [error, setError] = useState<string>();
  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const token = await api('POST', '/dashboard-api/tokens', { name, abilities });
      setFresh(token.token);
      setName('');
      setError(undefined);
      tokens.reload();
    } catch (e) {
      setError(fieldErrors(e));
    }
  };
  const revoke = async (id: number, tokenName: string) => {
    if (!confirm(`Revoke "${tokenName}"? Programs using it stop working at once.`)) return;
    await api('DELETE', `/dashboard-api/tokens/${id}`);
    announce('Token revoked.');
    tokens.reload();
  };
  const toggle = (ability: string) => setAbilities(abilities.includes(ability) ? abilities.filter((a) => a !== ability) : [...abilities, ability]);
  return (
    <main>
      <h1>API tokens</h1>
      <p>Tokens let scripts and tools use the <a href="/docs">Hoplink API</a> as you. Give each only the abilities it needs.</p>
      <form onSubmit={create} aria-label="Create a token">
        <label>Token name <input name="token_name" required maxLength={255} value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
        <fieldset>
          <legend>Abilities</legend>
          {['read', 'create', 'update', 'delete'].map((a) => (
            <label class="check" key={a}><input type="checkbox" name={`ability_${a}`} checked={abilities.includes(a)} onChange={() => toggle(a)} /> {a}</label>
          ))}
        </fieldset>
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit">Create token</button>
      </form>
      {fresh && (
        <div class="notice" role="status">
          <p><strong>Copy this token now.</strong> It is shown only once.</p>
          <p class="row"><code data-testid="new-token">{fresh}</code> <button onClick={() => copy(fresh, announce)}>Copy</button></p>
        </div>
      )}
      {tokens.data && tokens.data.data.length === 0 && <p class="empty">No tokens yet.</p>}
      {tokens.data && tokens.data.data.length > 0 && (
        <table>
          <thead><tr><th>Name</th><th>Abilities</th><th>Last used</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {tokens.data.data.map((t: any) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.abilities.join(', ')}</td>
                <td>{t.last_used_at ? new Date(t.last_used_at).toLocaleString() : 'Never'}</td>
                <td><button class="link-button" onClick={() => revoke(t.id, t.name)}>Revoke</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

const FEATURE_NAMES: Record<string, string> = {
  api: 'API access with tokens', bulk: 'Bulk creation', targeting: 'Targeting rules', breakdowns: 'Statistics breakdowns and 30-day chart',
  choice_pages: 'Choice pages', affiliates: 'Affiliate tags', domains: 'Custom domains', webhooks: 'Webhooks',
};

export function AccountPage({ me }: { me: Me }) {
  return (
    <main>
      <h1>Account</h1>
      <p>Signed in as <strong>{me.user.email}</strong>. Your plan: <strong data-testid="plan">{me.user.plan}</strong>.</p>
      <ul class="features">
        {Object.entries(me.features).map(([key, f]) => (
          <li key={key} class={f.allowed ? 'on' : 'locked'}>
            <span class={`badge ${f.allowed ? 'included' : 'locked'}`}>{f.allowed ? 'Included' : 'Locked'}</span> {FEATURE_NAMES[key] ?? key}
            {!f.allowed && <span class="muted"> — {f.reason}</span>}
          </li>
        ))}
      </ul>
      <p class="muted">Plans are changed by your administrator (<code>hoplink user set-plan</code>).</p>
    </main>
  );
}
