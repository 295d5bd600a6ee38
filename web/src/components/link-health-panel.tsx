import { useState } from 'preact/hooks';
import { checkLink, getLink } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import { can } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { LinkRecord, Me } from '../lib/types.ts';
import { ErrorMessage } from './error-message.tsx';
import { describeHealth, HealthBadge } from './health-badge.tsx';
import { Locked } from './locked.tsx';

/** How long "Check now" waits for the result: each destination has 10 s of network time at most. */
const WAIT_MS = 60_000;
const POLL_MS = 1_000;

interface Props {
  link: LinkRecord;
  me: Me;
  announce: Announce;
  /** The check has finished (or stopped being waited for): load the link again. */
  onChecked: () => void;
}

/** A link's health: the badge, when it was last checked and why it failed, and "Check now". */
export function LinkHealthPanel({ link, me, announce, onChecked }: Props) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string>();
  const h = link.health;
  const checkNow = async () => {
    setChecking(true);
    setError(undefined);
    try {
      await checkLink(link.id);
      announce('Checking the destinations…');
      // The check runs in the background: wait until the link's last check is a newer one.
      for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const fresh = await getLink(link.id);
        if (fresh.health.checked_at !== h.checked_at) {
          announce(fresh.health.status === 'broken' ? 'The link is broken.' : 'Check finished.');
          break;
        }
      }
      onChecked();
    } catch (e) {
      setError(formatError(e, 'summary'));
    } finally {
      setChecking(false);
    }
  };
  return (
    <section class="card" aria-labelledby="health-heading">
      <h2 id="health-heading">
        Health <HealthBadge health={h} />
      </h2>
      <p class="muted" data-testid="health-detail">
        {describeHealth(h)}
      </p>
      {h.affiliate_tag_lost && (
        <p class="error" role="note">
          Your affiliate tag is lost on the way: the destination redirects to a URL without it.
        </p>
      )}
      {/* A check is a change (members and above); a viewer reads the last one. */}
      {can(me, 'links.write') && (
        <Locked
          state={me.features.link_health}
          what="Hoplink checks the destination for you and flags the link when it breaks or loses its affiliate tag."
        >
          <p class="row">
            <button type="button" onClick={checkNow} disabled={checking}>
              {checking ? 'Checking…' : 'Check now'}
            </button>
          </p>
        </Locked>
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
