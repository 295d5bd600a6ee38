import type { ComponentChildren } from 'preact';
import type { FeatureState } from '../lib/types.ts';

/**
 * Its children when the plan includes the feature; otherwise the feature stays visible as locked:
 * what it would do for you (`what`), then why it is locked and who can change that.
 */
export function Locked({
  state,
  what,
  children,
}: {
  state: FeatureState | undefined;
  what?: string;
  children: ComponentChildren;
}) {
  if (state?.allowed) return <>{children}</>;
  return (
    <p class="locked" role="note">
      <span class="badge locked">Locked</span> {what && <span class="locked-what">{what} </span>}
      {state?.reason ?? 'Not available on your plan.'}
    </p>
  );
}
