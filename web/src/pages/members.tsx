import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { InvitationLink, InviteForm } from '../components/invite-form.tsx';
import { InvitationTable } from '../components/invitation-table.tsx';
import { SkeletonTable } from '../components/ui/skeleton.tsx';
import {
  changeMemberRole,
  inviteMember,
  leaveWorkspace,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
  transferOwnership,
} from '../lib/api.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { formatError } from '../lib/errors.ts';
import { navigate } from '../lib/hash-route.ts';
import { can, grantableRoles, mayManageMember, ROLE_NAMES } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { CreatedInvitation, InvitationRecord, Me, MemberRecord, Role } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

interface Props {
  me: Me;
  announce: Announce;
  /** The person's own role or workspaces changed (a transfer, leaving). */
  refresh: () => void;
}

/**
 * The workspace's members with their roles, its invitations and the invite form. Each control shows
 * only where the person's role allows it (admins: members and viewers; the owner: admins too, and the
 * transfer of ownership); anyone but the owner may leave.
 */
export function MembersPage({ me, announce, refresh }: Props) {
  const manage = can(me, 'members.manage');
  const members = useData(listMembers, []);
  const invitations = useData(manage ? listInvitations : null, []);
  const [link, setLink] = useState<CreatedInvitation>();
  const [error, setError] = useState<string>();
  // Runs an action, then says how it went: a refusal (403, 404) in the line above the table.
  const act = async (run: () => Promise<unknown>, done: string, after: () => void) => {
    try {
      await run();
      setError(undefined);
      announce(done);
    } catch (e) {
      setError(formatError(e));
    }
    after();
  };
  const invited = (invitation: CreatedInvitation) => {
    invitations.reload();
    setLink(invitation.emailed ? undefined : invitation);
    if (invitation.emailed) announce(`Invitation emailed to ${invitation.email}.`);
  };
  const actions: MemberActions = {
    changeRole: (m, role) =>
      act(() => changeMemberRole(m.user_id, role), `${m.email} is now ${ROLE_NAMES[role]}.`, members.reload),
    remove: async (m) => {
      if (!(await confirmRemoval(m, me.workspace.name))) return;
      await act(() => removeMember(m.user_id), `${m.email} was removed.`, members.reload);
    },
    transfer: async (m) => {
      if (!(await confirmTransfer(m, me.workspace.name))) return;
      await act(
        () => transferOwnership(m.user_id),
        `${m.email} now owns ${me.workspace.name}.`,
        () => {
          members.reload();
          refresh();
        },
      );
    },
  };
  const resend = (i: InvitationRecord) =>
    inviteMember({ email: i.email, role: i.role as Exclude<Role, 'owner'> }).then(invited, (e: unknown) =>
      setError(formatError(e)),
    );
  const revoke = async (i: InvitationRecord) => {
    const sure = await confirmDialog({
      title: `Revoke the invitation of ${i.email}?`,
      message: 'Its link stops working at once.',
      confirmLabel: 'Revoke invitation',
      danger: true,
    });
    if (sure) await act(() => revokeInvitation(i.id), `The invitation of ${i.email} was revoked.`, invitations.reload);
  };
  return (
    <main class="members-page">
      <h1>Members</h1>
      <p>
        The people of <strong>{me.workspace.name}</strong>. Your role here: {ROLE_NAMES[me.workspace.role]}.
      </p>
      {manage && <InviteForm roles={grantableRoles(me.workspace.role)} onInvited={invited} />}
      {link && <InvitationLink invitation={link} />}
      <ErrorMessage error={error} />
      <h2>People</h2>
      <ErrorMessage error={members.error} />
      {!members.data && !members.error && <SkeletonTable label="Loading members…" rows={2} columns={3} />}
      {members.data && <MemberTable members={members.data.data} me={me} actions={actions} />}
      {manage && (
        <>
          <h2>Invitations</h2>
          <ErrorMessage error={invitations.error} />
          {invitations.data && (
            <InvitationTable
              invitations={invitations.data.data}
              role={me.workspace.role}
              onResend={resend}
              onRevoke={revoke}
            />
          )}
        </>
      )}
      {me.workspace.role !== 'owner' && <LeaveWorkspace me={me} announce={announce} />}
    </main>
  );
}

function confirmRemoval(member: MemberRecord, workspace: string): Promise<boolean> {
  return confirmDialog({
    title: `Remove ${member.email} from ${workspace}?`,
    message: 'They lose access at once, and their API tokens for this workspace stop working.',
    confirmLabel: 'Remove member',
    danger: true,
  });
}

function confirmTransfer(member: MemberRecord, workspace: string): Promise<boolean> {
  return confirmDialog({
    title: `Make ${member.email} the owner of ${workspace}?`,
    message:
      'You become an admin. Only the owner can make admins, change the slug and delete the workspace, ' +
      'and only they can give ownership back.',
    confirmLabel: 'Transfer ownership',
    danger: true,
  });
}

interface MemberActions {
  changeRole: (member: MemberRecord, role: Role) => Promise<void>;
  remove: (member: MemberRecord) => Promise<void>;
  transfer: (member: MemberRecord) => Promise<void>;
}

/** One row a member: a role select where the person may change it, Remove and Make owner where allowed. */
function MemberTable({ members, me, actions }: { members: MemberRecord[]; me: Me; actions: MemberActions }) {
  const actor = me.workspace.role;
  return (
    <table class="members stacked">
      <thead>
        <tr>
          <th>Email</th>
          <th>Role</th>
          <th>Joined</th>
          <th>
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => {
          const self = m.user_id === me.user.id;
          const manageable = !self && mayManageMember(actor, m.role);
          return (
            <tr key={m.user_id}>
              <td>
                {m.email}
                {self && <span class="muted"> (you)</span>}
              </td>
              <td>
                {manageable ? (
                  <RoleSelect member={m} roles={grantableRoles(actor)} onChange={actions.changeRole} />
                ) : (
                  ROLE_NAMES[m.role]
                )}
              </td>
              <td>{new Date(m.joined_at).toLocaleDateString()}</td>
              <td class="actions">
                {!self && actor === 'owner' && (
                  <button type="button" class="link-button" onClick={() => actions.transfer(m)}>
                    Make owner<span class="visually-hidden"> {m.email}</span>
                  </button>
                )}
                {manageable && (
                  <button type="button" class="link-button danger" onClick={() => actions.remove(m)}>
                    Remove<span class="visually-hidden"> {m.email}</span>
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface RoleSelectProps {
  member: MemberRecord;
  roles: Role[];
  onChange: (member: MemberRecord, role: Role) => Promise<void>;
}

/** A member's role, changed as soon as another is chosen. */
function RoleSelect({ member, roles, onChange }: RoleSelectProps) {
  const [busy, setBusy] = useState(false);
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={member.role}
      disabled={busy}
      onChange={async (e) => {
        setBusy(true);
        await onChange(member, e.currentTarget.value as Role);
        setBusy(false);
      }}
    >
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_NAMES[r]}
        </option>
      ))}
    </select>
  );
}

/** Anyone but the owner may leave; the workspace's links stay, and the person goes to their own workspace. */
function LeaveWorkspace({ me, announce }: Omit<Props, 'refresh'>) {
  const [error, setError] = useState<string>();
  const leave = async () => {
    const sure = await confirmDialog({
      title: `Leave ${me.workspace.name}?`,
      message: 'You lose access at once, and your API tokens for it stop working. Coming back takes an invitation.',
      confirmLabel: 'Leave workspace',
      danger: true,
    });
    if (!sure) return;
    try {
      await leaveWorkspace();
      announce(`You left ${me.workspace.name}.`);
      // Back to their personal workspace: a bare address names it.
      navigate('#/links');
    } catch (e) {
      setError(formatError(e));
    }
  };
  return (
    <section class="card leave" aria-labelledby="leave-title">
      <h2 id="leave-title">Leave this workspace</h2>
      <p>Its links and everything else stay with the workspace.</p>
      <ErrorMessage error={error} />
      <button type="button" class="danger" onClick={leave}>
        Leave workspace
      </button>
    </section>
  );
}
