import type { ComponentChildren } from 'preact';
import type { FeatureKey, Me } from '../lib/types.ts';

/** Its children when the plan includes the feature; otherwise the feature stays visible as locked, with why. */
export function Locked({ me, feature, children }: { me: Me; feature: FeatureKey; children: ComponentChildren }) {
  const f = me.features[feature];
  if (f?.allowed) return <>{children}</>;
  return (
    <p class="locked" role="note">
      <span class="badge locked">Locked</span> {f?.reason ?? 'Not available on your plan.'}
    </p>
  );
}
