import type { FeatureKey, Me } from '../lib/types.ts';

const FEATURE_NAMES: Record<FeatureKey, string> = {
  api: 'API access with tokens',
  bulk: 'Bulk creation',
  targeting: 'Targeting rules',
  breakdowns: 'Statistics breakdowns and 30-day chart',
  choice_pages: 'Choice pages',
  affiliates: 'Affiliate tags',
  domains: 'Custom domains',
  webhooks: 'Webhooks',
};

/** Who is signed in, their plan, and what it includes (locked features say why). */
export function AccountPage({ me }: { me: Me }) {
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
            {/* A feature newer than this dashboard still shows, by its key. */}
            {FEATURE_NAMES[key as FeatureKey] ?? key}
            {!f.allowed && <span class="muted"> — {f.reason}</span>}
          </li>
        ))}
      </ul>
      <p class="muted">
        Plans are changed by your administrator (<code>hoplink user set-plan</code>).
      </p>
    </main>
  );
}
