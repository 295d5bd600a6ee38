import { grantableRoles, mayManageMember, ROLE_NAMES } from '../lib/permissions.ts';
import type { InvitationRecord, Role } from '../lib/types.ts';
import { EmptyState } from './ui/empty-state.tsx';

interface Props {
  invitations: InvitationRecord[];
  /** The person's role: admins resend and revoke the invitations of members and viewers, the owner all. */
  role: Role;
  /** Invites the address again: a new link, the old one void. */
  onResend: (invitation: InvitationRecord) => void;
  onRevoke: (invitation: InvitationRecord) => void;
}

/** The workspace's invitations, pending and expired, newest first. */
export function InvitationTable({ invitations, role, onResend, onRevoke }: Props) {
  if (invitations.length === 0) {
    return (
      <EmptyState title="No invitations waiting.">
        Invite someone above: they get a link that works once, for 7 days.
      </EmptyState>
    );
  }
  return (
    <table class="invitations stacked">
      <thead>
        <tr>
          <th>Email</th>
          <th>Role</th>
          <th>Expires</th>
          <th>
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((i) => (
          <tr key={i.id}>
            <td>{i.email}</td>
            <td>{ROLE_NAMES[i.role]}</td>
            <td>
              {new Date(i.expires_at).toLocaleString()} {i.expired && <span class="badge expired">Expired</span>}
            </td>
            <td class="actions">
              {grantableRoles(role).includes(i.role) && (
                <button type="button" class="link-button" onClick={() => onResend(i)}>
                  Resend<span class="visually-hidden"> to {i.email}</span>
                </button>
              )}
              {mayManageMember(role, i.role) && (
                <button type="button" class="link-button danger" onClick={() => onRevoke(i)}>
                  Revoke<span class="visually-hidden"> the invitation of {i.email}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
