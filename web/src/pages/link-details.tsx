import { ErrorMessage } from '../components/error-message.tsx';
import { FilterChips, useStatsFilters } from '../components/stats-filter-chips.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { LinkControlsSummary } from '../components/link-controls-summary.tsx';
import { LinkEditForm } from '../components/link-edit-form.tsx';
import { LinkHealthPanel } from '../components/link-health-panel.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { LinkStatistics } from '../components/link-statistics.tsx';
import { QrCode } from '../components/qr-code.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { RawClicks } from '../components/raw-clicks.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { StorefrontPreview } from '../components/storefront-preview.tsx';
import { Skeleton, SkeletonBlock } from '../components/ui/skeleton.tsx';
import { getLink, getSettings, linkStats, updateLink } from '../lib/api.ts';
import { copy } from '../lib/clipboard.ts';
import { fieldErrors, formatError } from '../lib/errors.ts';
import { controlFeatures, localizes } from '../lib/link-controls.ts';
import { linkState } from '../lib/link-state.ts';
import { can } from '../lib/permissions.ts';
import { useLiveClicks } from '../lib/live.ts';
import { navigate, routeHref } from '../lib/hash-route.ts';
import { checkRange, rangeDays, rangeFromQuery } from '../lib/range.ts';
import { filtersKey } from '../lib/stats-filters.ts';
import type { Announce } from '../lib/toast.ts';
import { BREAKDOWNS, type LinkRecord, type Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { useState } from 'preact/hooks';
import { pageHref } from '../lib/workspace-route.ts';

interface Props {
  id: number;
  me: Me;
  announce: Announce;
  /** The route and its query, which keeps the tab, the statistics' range and filters (`?range=7d&country=DE`). */
  path: string;
  query: URLSearchParams;
}

const TABS = [
  { key: 'analytics', label: 'Analytics' },
  { key: 'settings', label: 'Settings' },
  { key: 'qr', label: 'QR code' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The tab the address names; a missing or unknown `tab` opens the statistics. */
const tabFromQuery = (query: URLSearchParams): TabKey =>
  TABS.find((t) => t.key === query.get('tab'))?.key ?? 'analytics';

/**
 * One link: its title, short URL, state and destination, then tabs: its statistics over the range and
 * filters in the address and its raw clicks (live); its settings (on/off, controls, health, the edit form);
 * its QR code. The tab is in the address (`?tab=settings`), so it can be linked to.
 */
export function LinkDetailsPage({ id, me, announce, path, query }: Props) {
  const link = useData(() => getLink(id), [id]);
  const breakdowns = me.features.breakdowns.allowed;
  const analytics = me.features.analytics.allowed;
  const range = rangeFromQuery(query);
  const days = rangeDays(range);
  const tab = tabFromQuery(query);
  const { filters, pickerFor } = useStatsFilters(path, query);
  // Filters need the breakdowns (Business): other plans' addresses may hold them but ask without.
  const sent = breakdowns ? filters : {};
  // A range the server would refuse is shown at its field by the picker and never asked for.
  const valid = Object.keys(checkRange(days)).length === 0;
  const stats = useData(
    valid || !analytics ? () => linkStats(id, breakdowns ? BREAKDOWNS : [], analytics ? days : undefined, sent) : null,
    [id, breakdowns, analytics, days.from, days.to, valid, filtersKey(sent)],
  );
  const [clicksVersion, setClicksVersion] = useState(0);
  const live = useLiveClicks(
    () => {
      stats.reload();
      setClicksVersion((v) => v + 1);
    },
    (ids) => ids.includes(id),
  );
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
      <main aria-busy="true">
        <Skeleton label="Loading the link…" lines={3} />
        <SkeletonBlock label="Loading its statistics…" shape="chart" />
      </main>
    );
  const l = link.data;
  // A viewer sees the link, its controls' state and statistics; no edit form or on/off switch.
  const editable = can(me, 'links.write');
  const localizeDefault = settings.data?.localize_default;
  const selectTab = (key: TabKey) => {
    const next = new URLSearchParams(query);
    if (key === 'analytics') next.delete('tab');
    else next.set('tab', key);
    navigate(routeHref(path, next), { replace: true });
  };
  const filtered = Object.keys(sent).length > 0;
  return (
    <main>
      <LinkHeading link={l} announce={announce} />
      <Tabs label="Link" id="link" tabs={TABS} selected={tab} onSelect={selectTab}>
        {tab === 'analytics' && (
          <>
            <LinkStatistics
              stats={stats.data}
              error={stats.failure && fieldErrorsOnRange(stats.failure) ? undefined : stats.error}
              range={range}
              picker={analytics && <RangePicker path={path} query={query} range={range} failure={stats.failure} />}
              localizes={localizes(l.localize, localizeDefault)}
              live={<LiveStatus state={live} />}
              filterBy={breakdowns ? pickerFor : undefined}
              chips={breakdowns && <FilterChips path={path} query={query} hint />}
              filtered={filtered}
            />
            {analytics && <RawClicks linkId={id} version={clicksVersion} filtered={filtered} />}
          </>
        )}
        {tab === 'settings' && (
          <>
            <LinkState link={l} editable={editable} announce={announce} onChanged={link.reload} />
            <LinkControlsSummary link={l} localizeDefault={localizeDefault} business={controlFeatures(me).business} />
            {/* A link that follows the account default waits for it, rather than flashing "off". */}
            {controlFeatures(me).business.allowed && (l.localize !== null || !settings.loading) && (
              <StorefrontPreview url={l.redirect_url} on={localizes(l.localize, localizeDefault)} />
            )}
            <LinkHealthPanel link={l} me={me} announce={announce} onChecked={link.reload} />
            {/* Keyed by updated_at so the form starts over from the saved link after each save. */}
            {editable ? (
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
            ) : (
              <RoleNote me={me} permission="links.write" />
            )}
          </>
        )}
        {tab === 'qr' && <QrCode linkId={l.id} url={l.short_url} name={l.short_code} me={me} announce={announce} />}
      </Tabs>
    </main>
  );
}

/** Whether a failed statistics request was a 422 the range picker shows at its fields. */
const fieldErrorsOnRange = (failure: unknown) => {
  const errors = fieldErrors(failure);
  return 'from' in errors || 'to' in errors;
};

/** The link's code and title, its short URL with Copy, its state, and where it goes. */
function LinkHeading({ link, announce }: { link: LinkRecord; announce: Announce }) {
  const state = linkState(link);
  return (
    <>
      <p>
        <a href={pageHref('/links')}>← All links</a>
      </p>
      <h1>{link.short_code}</h1>
      {link.title && <p class="lead">{link.title}</p>}
      <p class="row">
        <code class="short-url">{link.short_url}</code>
        <button type="button" onClick={() => copy(link.short_url, announce)}>
          Copy
        </button>
        <span class={`badge state ${state.toLowerCase()}`} data-testid="link-state">
          {state}
        </span>
      </p>
      <p class="destination">
        Goes to{' '}
        <a href={link.redirect_url} rel="noopener noreferrer">
          {link.redirect_url}
        </a>
        {link.category && <> · Category: {link.category.name}</>}
        {link.type === 'choice_page' && <> · Choice page</>}
      </p>
    </>
  );
}

interface LinkStateProps {
  link: LinkRecord;
  /** Whether Turn off / Turn on shows (members and above). */
  editable: boolean;
  announce: Announce;
  onChanged: () => void;
}

/** The link's state in words, and the action that changes it: "Turn off" for an active link, "Turn on" for one off. */
function LinkState({ link, editable, announce, onChanged }: LinkStateProps) {
  const state = linkState(link);
  const toggle = async () => {
    try {
      await updateLink(link.id, { is_active: !link.is_active });
      announce(link.is_active ? 'Link turned off.' : 'Link turned on.');
      onChanged();
    } catch (e) {
      announce(formatError(e, 'summary'));
    }
  };
  return (
    <section class="link-state" aria-labelledby="state-heading">
      <h2 id="state-heading">State</h2>
      <p class="row">
        <span>
          This link is <strong>{state}</strong>
          {state === 'Active' && ': visitors are sent on.'}
          {state === 'Off' && ': visitors are not sent on.'}
          {state === 'Expired' && ': its expiry or click limit has passed (see Controls).'}
        </span>
        {editable && (
          <button type="button" class="secondary" onClick={toggle}>
            {link.is_active ? 'Turn off' : 'Turn on'}
          </button>
        )}
      </p>
    </section>
  );
}
