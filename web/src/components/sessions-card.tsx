import { useState } from 'preact/hooks';
import { endSession, listSessions } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import type { SessionRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';
import { Skeleton } from './ui/skeleton.tsx';

const BROWSERS: Record<NonNullable<SessionRecord['browser']>, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
  other: 'A browser',
};
const SYSTEMS: Record<NonNullable<SessionRecord['os']>, string> = {
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  other: 'another system',
};

/** "Firefox on Linux", "Safari on iOS (phone)"; "Unknown device" when the browser did not say. */
export function deviceName(session: SessionRecord): string {
  if (!session.browser || !session.os) return 'Unknown device';
  const kind = session.device === 'mobile' ? ' (phone)' : session.device === 'tablet' ? ' (tablet)' : '';
  return `${BROWSERS[session.browser]} on ${SYSTEMS[session.os]}${kind}`;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The browsers and devices signed in to the account, newest first: each with its device, address,
 * when it signed in and was last seen, and a button to sign it out; then signing out everywhere.
 */
export function SessionsCard({ announce }: { announce: Announce }) {
  const sessions = useData(listSessions, []);
  const [error, setError] = useState<string>();
  const end = async (session: SessionRecord) => {
    try {
      await endSession(session.id);
      setError(undefined);
      announce(`${deviceName(session)} is signed out.`);
    } catch (e) {
      setError(`Not signed out: ${formatError(e, 'summary')}`);
    }
    sessions.reload();
  };
  const list = sessions.data?.data;
  return (
    // A named region, as a <section> would be; not one, as suites picture Settings as the only section.card.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <div class="card" role="region" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Signed-in devices</h2>
      <ErrorMessage error={sessions.error ?? error} />
      {!list && !sessions.error && <Skeleton label="Loading signed-in devices…" lines={2} />}
      {list && (
        <ul class="sessions" aria-label="Sessions">
          {list.map((session) => (
            <li key={session.id} class="session">
              <div class="grow">
                <strong>{deviceName(session)}</strong>
                {session.current && <span class="badge included">This device</span>}
                <br />
                <span class="muted">
                  {session.ip_address ?? 'Unknown address'} · signed in {when(session.created_at)} · last seen{' '}
                  {when(session.last_seen_at)}
                </span>
              </div>
              {!session.current && (
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Sign out ${deviceName(session)}, last seen ${when(session.last_seen_at)}`}
                  onClick={() => void end(session)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <SignOutEverywhere />
    </div>
  );
}
