import { can, ROLE_NAMES } from '../lib/permissions.ts';
import type { Me } from '../lib/types.ts';

// What a page says instead of the forms and buttons a role may not use (the server would refuse them).
type Limited = 'links.write' | 'settings.manage';
const WHAT: Record<Limited, string> = {
  'links.write': 'see its links, categories and statistics, not change them; members and above can',
  'settings.manage': 'see these settings, not change them; only its admins and owner can',
};

/** Nothing when the person's role allows `permission`; otherwise a note saying what their role lets them do. */
export function RoleNote({ me, permission }: { me: Me; permission: Limited }) {
  if (can(me, permission)) return null;
  const role = ROLE_NAMES[me.workspace.role].toLowerCase();
  return (
    <p class="notice role-note" role="note">
      You are {role === 'admin' ? 'an' : 'a'} <strong>{role}</strong> in {me.workspace.name}: you can {WHAT[permission]}
      .
    </p>
  );
}
