import { useState } from 'preact/hooks';
import { inviteMember } from '../lib/api.ts';
import { ariaFor } from '../lib/errors.ts';
import { ROLE_NAMES } from '../lib/permissions.ts';
import type { CreatedInvitation, Role } from '../lib/types.ts';
import { useFormErrors } from '../lib/use-form-errors.ts';
import { CopyButton } from './copy-button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

/** What each role a person can be invited with may do, in a line (docs/teams.md, "Roles"). */
const ROLE_TEXT: Record<Role, string> = {
  owner: 'everything, deleting the workspace included',
  admin: 'also domains, affiliate tags, webhooks, members and the audit log',
  member: 'creates and changes links, categories and imports',
  viewer: 'reads links and statistics, changes nothing',
};

interface Props {
  /** The roles the person may give (grantableRoles). */
  roles: Role[];
  onInvited: (invitation: CreatedInvitation) => void;
}

/** An address and a role (member by default); inviting an address again sends it a new link. */
export function InviteForm({ roles, onInvited }: Props) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors('invite', (path) => path === 'email' || path === 'role');
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const invitation = await inviteMember({ email: email.trim(), role: role as Exclude<Role, 'owner'> });
      setEmail('');
      errors.clear();
      onInvited(invitation);
    } catch (e) {
      errors.fail(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card invite-form" onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <div class="row fields">
        <div class="field grow">
          <label>
            Email
            <input
              type="email"
              name="invite_email"
              required
              maxLength={320}
              autocomplete="off"
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
              {...ariaFor(errors.fe, 'email')}
            />
          </label>
          <FieldError fe={errors.fe} at="email" />
        </div>
        <div class="field">
          <label>
            Role
            <select
              name="invite_role"
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as Role)}
              {...ariaFor(errors.fe, 'role', 'invite-role-hint')}
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          </label>
          <FieldError fe={errors.fe} at="role" />
        </div>
        <button type="submit" class="field-button" disabled={busy}>
          Send invitation
        </button>
      </div>
      <p class="hint" id="invite-role-hint">
        {ROLE_NAMES[role]}: {ROLE_TEXT[role]}. The link works once, for 7 days, and only for this address.
      </p>
      <ErrorMessage error={errors.summary} />
    </form>
  );
}

/** An invitation this instance could not email (no SMTP_URL): its link, to pass on by hand. */
export function InvitationLink({ invitation }: { invitation: CreatedInvitation }) {
  return (
    <div class="notice invitation-link" role="status">
      <p>
        <strong>Email is not configured on this Hoplink, so no email was sent.</strong> Send this link to{' '}
        {invitation.email} yourself: it works once, until {new Date(invitation.expires_at).toLocaleString()}, and is
        shown only now.
      </p>
      <p class="row">
        <code class="wrap" data-testid="accept-url">
          {invitation.accept_url}
        </code>
        <CopyButton text={invitation.accept_url} label="Copy the invitation link" />
      </p>
    </div>
  );
}
