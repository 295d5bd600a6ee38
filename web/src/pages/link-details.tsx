import { ErrorMessage } from '../components/error-message.tsx';
import { LinkControlsSummary } from '../components/link-controls-summary.tsx';
import { LinkEditForm } from '../components/link-edit-form.tsx';
import { LinkHealthPanel } from '../components/link-health-panel.tsx';
import { LinkStatistics } from '../components/link-statistics.tsx';
import { QrCode } from '../components/qr-code.tsx';
import { getLink, getSettings, linkStats, updateLink } from '../lib/api.ts';
import { copy } from '../lib/clipboard.ts';
import { controlFeatures, localizes } from '../lib/link-controls.ts';
import type { Announce } from '../lib/toast.ts';
import { BREAKDOWNS, type Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

/** One link: its short URL, its controls' state, the edit form, its QR code and its statistics. */
export function LinkDetailsPage({ id, me, announce }: { id: number; me: Me; announce: Announce }) {
  const link = useData(() => getLink(id), [id]);
  const breakdowns = me.features.breakdowns.allowed;
  const stats = useData(() => linkStats(id, breakdowns ? BREAKDOWNS : []), [id, breakdowns]);
  // The account's localisation default, for links that follow it; if it fails to load they say "Account default".
  const settings = useData(getSettings, []);
  if (link.error)
    return (
      <main>
        <ErrorMessage error={link.error} />
      </main>
    );
  if (!link.data)
    return (
      <main>
        <p>Loading…</p>
      </main>
    );
  const l = link.data;
  const localizeDefault = settings.data?.localize_default;
  const toggle = async () => {
    await updateLink(id, { is_active: !l.is_active });
    announce(l.is_active ? 'Link turned off.' : 'Link turned on.');
    link.reload();
  };
  return (
    <main>
      <p>
        <a href="#/links">← All links</a>
      </p>
      <h1>{l.short_code}</h1>
      {l.title && <p class="lead">{l.title}</p>}
      <p class="row">
        <code class="short-url">{l.short_url}</code>
        {l.is_expired && <span class="badge expired">Expired</span>}
        <button onClick={() => copy(l.short_url, announce)}>Copy</button>
        <button onClick={toggle}>{l.is_active ? 'Turn off' : 'Turn on'}</button>
      </p>
      <p>
        Goes to{' '}
        <a href={l.redirect_url} rel="noopener noreferrer">
          {l.redirect_url}
        </a>
        {l.category && <> · Category: {l.category.name}</>}
        {l.type === 'choice_page' && <> · Choice page</>}
      </p>
      <LinkControlsSummary link={l} localizeDefault={localizeDefault} business={controlFeatures(me).business} />
      <LinkHealthPanel link={l} me={me} announce={announce} onChecked={link.reload} />
      {/* Keyed by updated_at so the form starts over from the saved link after each save. */}
      <LinkEditForm
        key={l.updated_at}
        link={l}
        me={me}
        localizeDefault={localizeDefault}
        onSaved={(m) => {
          announce(m);
          link.reload();
        }}
      />
      <QrCode url={l.short_url} name={l.short_code} />
      <LinkStatistics stats={stats.data} error={stats.error} localizes={localizes(l.localize, localizeDefault)} />
    </main>
  );
}
