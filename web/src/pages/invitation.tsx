import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { acceptInvitation, declineInvitation, describeInvitation, signOut } from '../lib/api.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { formatError } from '../lib/errors.ts';
import { navigate } from '../lib/hash-route.ts';
import { ApiError } from '../lib/http.ts';
import { ROLE_NAMES } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { InvitationDescription, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { workspaceRoute } from '../lib/workspace-route.ts';

/** Where an invitation's link opens (`${APP_URL}/#/invitations/accept?token=...`), signed in or not. */
export const INVITATION_PATH = '/invitations/accept';

const INCOMPLETE = 'This invitation link is incomplete: open the one you were sent again.';

interface Props {
  token: string;
  /** undefined while the session is asked for, null when signed out. */
  me: Me | null | undefined;
  announce: Announce;
  /** Signed out here to accept with another account. */
  onSignedOut: () => void;
}

/**
 * An invitation's page: which workspace, which role, which address it is for; Accept (signed in as
 * that address) or Decline. Signed out, it offers to sign in or sign up and comes back here after.
 */
export function InvitationPage({ token, me, announce, onSignedOut }: Props) {
  const invitation = useData(token ? () => describeInvitation(token) : null, [token]);
  const [declined, setDeclined] = useState(false);
  const body = !token ? (
    <ErrorMessage error={INCOMPLETE} />
  ) : invitation.error ? (
    <>
      <ErrorMessage error={invitation.error} />
      <p>Ask whoever invited you to send a new invitation.</p>
    </>
  ) : !invitation.data || me === undefined ? (
    <Skeleton label="Loading the invitation…" lines={3} />
  ) : declined ? (
    <p class="success" role="status">
      You declined the invitation to {invitation.data.workspace.name}. Its link no longer works.
    </p>
  ) : (
    <>
      <InvitationFacts invitation={invitation.data} />
      {me ? (
        <Answer token={token} me={me} invitation={invitation.data} announce={announce} onSignedOut={onSignedOut} />
      ) : (
        <SignedOutChoices token={token} invitation={invitation.data} />
      )}
      <DeclineButton token={token} invitation={invitation.data} onDeclined={() => setDeclined(true)} />
    </>
  );
  return (
    <main class="narrow invitation">
      <h1>Join a workspace</h1>
      {body}
      <p>
        <a href={me ? '#/links' : '#/signin'}>{me ? 'Go to your links' : 'Back to sign in'}</a>
      </p>
    </main>
  );
}

function InvitationFacts({ invitation }: { invitation: InvitationDescription }) {
  return (
    <>
      <p class="lead">
        You are invited to join <strong>{invitation.workspace.name}</strong> as{' '}
        {/^[AEIOU]/.test(ROLE_NAMES[invitation.role]) ? 'an' : 'a'} <strong>{ROLE_NAMES[invitation.role]}</strong>.
      </p>
      <dl class="facts">
        <dt>For</dt>
        <dd>{invitation.email}</dd>
        <dt>Expires</dt>
        <dd>{new Date(invitation.expires_at).toLocaleString()}</dd>
      </dl>
    </>
  );
}

/** Signed out: sign in, or make an account, with the invited address, and come back here. */
function SignedOutChoices({ token, invitation }: { token: string; invitation: InvitationDescription }) {
  const next = new URLSearchParams({ next: `${INVITATION_PATH}?token=${token}` }).toString();
  return (
    <>
      <p>Sign in as {invitation.email} to accept it, or create an account with that address.</p>
      <p class="row">
        <a class="button" href={`#/signin?${next}`}>
          Sign in to accept
        </a>
        <a class="button secondary" href={`#/signup?${next}`}>
          Create an account
        </a>
      </p>
    </>
  );
}

interface AnswerProps {
  token: string;
  me: Me;
  invitation: InvitationDescription;
  announce: Announce;
  onSignedOut: () => void;
}

/** Accept, as the signed-in person; a refusal (another address, not verified) said in full, with what to do. */
function Answer({ token, me, invitation, announce, onSignedOut }: AnswerProps) {
  const [error, setError] = useState<string>();
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      const { workspace } = await acceptInvitation(token);
      announce(`You joined ${workspace.name}.`);
      navigate(workspaceRoute(workspace.slug, '/links'));
    } catch (e) {
      setError(formatError(e));
      setRefused(e instanceof ApiError && e.status === 403);
      setBusy(false);
    }
  };
  const switchAccount = async () => {
    await signOut();
    onSignedOut();
  };
  return (
    <>
      <p>
        Signed in as <strong>{me.user.email}</strong>.
      </p>
      {error && (
        <div class="notice refusal" role="alert">
          <p>
            <strong>{refused ? 'You cannot accept this invitation yet.' : 'The invitation was not accepted.'}</strong>
          </p>
          <p>{error}</p>
        </div>
      )}
      <p class="row">
        <button type="button" onClick={accept} disabled={busy}>
          Accept invitation
        </button>
        {me.user.email.toLowerCase() !== invitation.email && (
          <button type="button" class="secondary" onClick={switchAccount}>
            Sign out to use {invitation.email}
          </button>
        )}
      </p>
    </>
  );
}

interface DeclineProps {
  token: string;
  invitation: InvitationDescription;
  onDeclined: () => void;
}

/** Anyone holding the link may decline it, once sure: the invitation goes. */
function DeclineButton({ token, invitation, onDeclined }: DeclineProps) {
  const [error, setError] = useState<string>();
  const decline = async () => {
    const sure = await confirmDialog({
      title: `Decline the invitation to ${invitation.workspace.name}?`,
      message: 'Its link stops working; joining later takes a new invitation.',
      confirmLabel: 'Decline invitation',
      danger: true,
    });
    if (!sure) return;
    try {
      await declineInvitation(token);
      onDeclined();
    } catch (e) {
      setError(formatError(e));
    }
  };
  return (
    <>
      <p>
        <button type="button" class="link-button" onClick={decline}>
          Decline invitation
        </button>
      </p>
      <ErrorMessage error={error} />
    </>
  );
}
