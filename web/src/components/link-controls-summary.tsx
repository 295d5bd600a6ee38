import { applyUtm } from '../../../src/core/utm.ts';
import { draftFrom, ownLocalize, timeZoneName, variantShares } from '../lib/link-controls.ts';
import type { FeatureState, LinkRecord } from '../lib/types.ts';
import { PreviewCard } from './link-controls/preview-card.tsx';

const none = <span class="muted">None</span>;

interface Props {
  link: LinkRecord;
  /** The account's storefront localisation default; undefined while unknown. */
  localizeDefault: boolean | undefined;
  /** Whether the plan includes the Business controls: without it the short host does not localise. */
  business: FeatureState;
}

/** The localisation state: the link's own choice, or the account's default and where it stands. */
function localizeText(localize: boolean | null, accountDefault: boolean | undefined): string {
  if (localize !== null) return localize ? 'On' : 'Off';
  return accountDefault === undefined ? 'Account default' : `Account default (${accountDefault ? 'on' : 'off'})`;
}

/**
 * Where a link's controls stand: expiry in the person's own time, clicks against the limit,
 * password, UTM, split, preview, storefront localisation.
 */
export function LinkControlsSummary({ link: l, localizeDefault, business }: Props) {
  const shares = l.variants ? variantShares(l.variants.map((v) => ({ url: v.url, weight: String(v.weight) }))) : [];
  return (
    <section aria-labelledby="controls-heading">
      <h2 id="controls-heading">Controls</h2>
      <dl class="controls-summary">
        <dt>Expiry</dt>
        <dd data-testid="summary-expiry">
          {l.expires_at ? (
            <>
              {new Date(l.expires_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} (
              {timeZoneName()})
            </>
          ) : (
            <span class="muted">No expiry</span>
          )}
        </dd>
        <dt>Click limit</dt>
        <dd data-testid="summary-clicks">
          {l.max_clicks ? `${l.click_count} of ${l.max_clicks} clicks used` : <span class="muted">No limit</span>}
        </dd>
        <dt>When expired</dt>
        <dd>
          {l.expired_url ? (
            <a href={l.expired_url} rel="noopener noreferrer">
              {l.expired_url}
            </a>
          ) : (
            <span class="muted">A “link expired” page (410)</span>
          )}
        </dd>
        <dt>Password</dt>
        <dd data-testid="summary-password">
          {l.has_password ? <span class="badge included">Protected</span> : <span class="muted">None</span>}
        </dd>
        <dt>UTM</dt>
        <dd>{l.utm ? <code class="wrap">{applyUtm(l.redirect_url, l.utm)}</code> : none}</dd>
        <dt>A/B split</dt>
        <dd>
          {l.variants ? (
            <ul class="plain compact">
              {l.variants.map((v, i) => (
                <li key={i}>
                  {`${Math.round((shares[i] ?? 0) * 10) / 10}% → `}
                  <a href={v.url} rel="noopener noreferrer">
                    {v.url}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </dd>
        <dt>Social preview</dt>
        <dd>{l.preview ? <PreviewCard preview={draftFrom(l).preview} destination={l.redirect_url} /> : none}</dd>
        <dt>Storefront localisation</dt>
        <dd>
          <span data-testid="summary-localize">{localizeText(ownLocalize(l), localizeDefault)}</span>
          {/* A setting kept from Business is not applied on another plan (docs/api.md). */}
          {!business.allowed && <span class="muted"> — not applied: {business.reason}</span>}
        </dd>
        <dt>Open in app</dt>
        <dd data-testid="summary-open-in-app">{l.open_in_app ? 'On' : 'Off'}</dd>
        <dt>Tracking id</dt>
        <dd data-testid="summary-tracking-id">{l.tracking_id ?? 'The tag'}</dd>
      </dl>
    </section>
  );
}
