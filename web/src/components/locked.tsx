import type { ComponentChildren } from 'preact';
import type { FeatureState } from '../lib/types.ts';

/** Its children when the plan includes the feature; otherwise the feature stays visible as locked, with why. */
export function Locked({ state, children }: { state: FeatureState | undefined; children: ComponentChildren }) {
  if (state?.allowed) return <>{children}</>;
  return (
    <p class="locked" role="note">
      <span class="badge locked">Locked</span> {state?.reason ?? 'Not available on your plan.'}
    </p>
  );
}
