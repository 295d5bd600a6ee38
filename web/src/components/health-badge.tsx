import { healthReason } from '../lib/health-words.ts';
import type { LinkHealth } from '../lib/types.ts';

const LABELS = { ok: 'OK', broken: 'Broken', unknown: 'Unknown' } as const;

/** The words of a link's last check: when, and why it is broken or unknown. */
export function describeHealth(health: LinkHealth): string {
  if (health.checked_at === null) return 'Not checked yet.';
  const at = new Date(health.checked_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const when = `Last checked ${at}`;
  const reason = healthReason(health);
  return reason ? `${when}: ${reason}.` : `${when}.`;
}

/** A link's health as a small coloured label; the tooltip says when it was checked and why. */
export function HealthBadge({ health }: { health: LinkHealth }) {
  const label = health.checked_at === null ? 'Not checked' : LABELS[health.status];
  return (
    <span class={`badge health ${health.status}`} title={describeHealth(health)} data-testid="health-badge">
      {label}
    </span>
  );
}
