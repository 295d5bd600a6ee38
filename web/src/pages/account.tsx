import { useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { getSettings, updateSettings } from '../lib/api.ts';
import { errorId, formatError } from '../lib/errors.ts';
import { controlFeatures } from '../lib/link-controls.ts';
import { can } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { FeatureKey, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { pageHref } from '../lib/workspace-route.ts';

const FEATURE_NAMES: Record<FeatureKey, string> = {
  api: 'API access with tokens',
  bulk: 'Bulk creation',
  targeting: 'Targeting rules',
  breakdowns: 'Statistics breakdowns and 30-day chart',
  analytics: 'Account overview, date ranges and raw clicks',
  choice_pages: 'Choice pages',
  affiliates: 'Affiliate tags',
  domains: 'Custom domains',
  webhooks: 'Webhooks',
  link_health: 'Link health checks',
  imports: 'Importing links from CSV files',
  export: 'Exporting links as CSV',
};

// The dashboard page that manages a feature, where there is one: the list leads there.
const FEATURE_PAGES: Partial<Record<FeatureKey, string>> = {
  api: '/tokens',
  affiliates: '/affiliates',
  domains: '/domains',
  webhooks: '/webhooks',
  imports: '/import',
};

/** A feature's name, linked to its page when it has one. */
function FeatureName({ feature }: { feature: string }) {
  // A feature newer than this dashboard still shows, by its key.
  const name = FEATURE_NAMES[feature as FeatureKey] ?? feature;
  const page = FEATURE_PAGES[feature as FeatureKey];
  return page ? <a href={pageHref(page)}>{name}</a> : name;
}

const HINT = 'localize-default-hint';
const LOCKED = 'localize-default-locked';
const ERROR = errorId('settings', 'localize_default');

/**
 * The account's storefront localisation default (Business), saved as soon as it is switched.
 * Other plans still see where it stands, locked with the reason.
 */
function LocalizeDefaultSetting({ me, announce }: { me: Me; announce: Announce }) {
  const business = controlFeatures(me).business;
  // The default is the workspace's: its admins and owner change it, the others see where it stands.
  const manage = can(me, 'settings.manage');
  const settings = useData(getSettings, []);
  // Shown as switched at once (a checkbox that springs back until the server answers looks broken), and
  // set back if the save fails. Only the latest save's answer counts, should a second one overtake it.
  const [shown, setShown] = useState<boolean>();
  const latest = useRef(0);
  const [error, setError] = useState<string>();
  const value = shown ?? settings.data?.localize_default ?? false;
  const change = async (next: boolean) => {
    const before = value;
    const attempt = ++latest.current;
    setShown(next);
    try {
      const result = await updateSettings({ localize_default: next });
      if (attempt !== latest.current) return;
      setShown(result.localize_default);
      setError(undefined);
      announce(
        result.localize_default
          ? 'Saved: storefront localisation is on by default.'
          : 'Saved: storefront localisation is off by default.',
      );
    } catch (e) {
      if (attempt !== latest.current) return;
      setShown(before);
      setError(`Not saved: ${formatError(e)}`);
    }
  };
  const describedBy = [error ? ERROR : undefined, HINT, business.allowed ? undefined : LOCKED].filter(Boolean);
  return (
    <section class="card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <ErrorMessage error={settings.error} />
      <div class="field setting">
        <label class="check">
          <input
            type="checkbox"
            name="localize_default"
            checked={value}
            disabled={!business.allowed || !manage || settings.data === undefined}
            onChange={(e) => void change(e.currentTarget.checked)}
            aria-describedby={describedBy.join(' ')}
            {...(error ? { 'aria-invalid': true } : {})}
          />
          Send visitors of Amazon and Apple links to their own country’s store by default
        </label>
        {error && (
          <span class="error field-error" id={ERROR}>
            {error}
          </span>
        )}
        <span class="hint" id={HINT}>
          Links set to “Use my account default” follow this; a link set to On or Off keeps its own choice. Amazon
          visitors go only to storefronts you have an <a href={pageHref('/affiliates')}>affiliate tag</a> for.
        </span>
        {!business.allowed && (
          <p class="locked" role="note" id={LOCKED}>
            <span class="badge locked">Locked</span> {business.reason}
          </p>
        )}
        {business.allowed && <RoleNote me={me} permission="settings.manage" />}
      </div>
    </section>
  );
}

/**
 * Who is signed in, their plan, what it includes (locked features say why, each leads to its page),
 * the account's settings and the password; the Security page has two-factor sign-in and the sessions.
 */
export function AccountPage({ me, announce }: { me: Me; announce: Announce }) {
  return (
    <main>
      <h1>Account</h1>
      <p>
        Signed in as <strong>{me.user.email}</strong>. Your plan: <strong data-testid="plan">{me.user.plan}</strong>.
      </p>
      <ul class="features">
        {Object.entries(me.features).map(([key, f]) => (
          <li key={key} class={f.allowed ? 'on' : 'locked'}>
            <span class={`badge ${f.allowed ? 'included' : 'locked'}`}>{f.allowed ? 'Included' : 'Locked'}</span>{' '}
            <FeatureName feature={key} />
            {!f.allowed && <span class="muted"> — {f.reason}</span>}
          </li>
        ))}
      </ul>
      <p class="muted">Whoever runs this Hoplink changes plans.</p>
      <LocalizeDefaultSetting me={me} announce={announce} />
      <PasswordForm announce={announce} />
      <p>
        Two-factor sign-in and the browsers and devices signed in to your account are on the{' '}
        <a href={pageHref('/security')}>Security</a> page.
      </p>
    </main>
  );
}
