import { ErrorMessage } from '../components/error-message.tsx';
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
import { can } from '../lib/permissions.ts';
import { useLiveClicks } from '../lib/live.ts';
import { checkRange, rangeDays, rangeFromQuery } from '../lib/range.ts';
import type { Announce } from '../lib/toast.ts';
import { BREAKDOWNS, type LinkRecord, type Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { useState } from 'preact/hooks';
import { pageHref } from '../lib/workspace-route.ts';

interface Props {
  id: number;
  me: Me;
  announce: Announce;
  /** The route and its query, which keeps the statistics' range (`?range=7d`). */
  path: string;
  query: URLSearchParams;
}

/**
 * One link: its short URL, its controls' state, the edit form, its QR code, its statistics over the
 * range in the address, and its raw clicks; the statistics follow new clicks live.
 */
export function LinkDetailsPage({ id, me, announce, path, query }: Props) {
  const link = useData(() => getLink(id), [id]);
  const breakdowns = me.features.breakdowns.allowed;
  const analytics = me.features.analytics.allowed;
  const range = rangeFromQuery(query);
  const days = rangeDays(range);
  // A range the server would refuse is shown at its field by the picker and never asked for.
  const valid = Object.keys(checkRange(days)).length === 0;
  const stats = useData(
    valid || !analytics ? () => linkStats(id, breakdowns ? BREAKDOWNS : [], analytics ? days : undefined) : null,
    [id, breakdowns, analytics, days.from, days.to, valid],
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
  return (
    <main>
      <LinkHeading link={l} editable={editable} announce={announce} onChanged={link.reload} />
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
      <QrCode url={l.short_url} name={l.short_code} />
      <LinkStatistics
        stats={stats.data}
        error={stats.failure && fieldErrorsOnRange(stats.failure) ? undefined : stats.error}
        range={range}
        picker={analytics && <RangePicker path={path} query={query} range={range} failure={stats.failure} />}
        localizes={localizes(l.localize, localizeDefault)}
        live={<LiveStatus state={live} />}
      />
      {analytics && <RawClicks linkId={id} version={clicksVersion} />}
    </main>
  );
}

/** Whether a failed statistics request was a 422 the range picker shows at its fields. */
const fieldErrorsOnRange = (failure: unknown) => {
  const errors = fieldErrors(failure);
  return 'from' in errors || 'to' in errors;
};

interface LinkHeadingProps {
  link: LinkRecord;
  /** Whether the on/off switch shows (members and above). */
  editable: boolean;
  announce: Announce;
  onChanged: () => void;
}

/** The link's code and title, its short URL with Copy and the on/off switch, and where it goes. */
function LinkHeading({ link, editable, announce, onChanged }: LinkHeadingProps) {
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
    <>
      <p>
        <a href={pageHref('/links')}>← All links</a>
      </p>
      <h1>{link.short_code}</h1>
      {link.title && <p class="lead">{link.title}</p>}
      <p class="row">
        <code class="short-url">{link.short_url}</code>
        {link.is_expired && <span class="badge expired">Expired</span>}
        <button type="button" onClick={() => copy(link.short_url, announce)}>
          Copy
        </button>
        {editable && (
          <button type="button" onClick={toggle}>
            {link.is_active ? 'Turn off' : 'Turn on'}
          </button>
        )}
      </p>
      <p>
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
