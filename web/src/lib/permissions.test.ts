import { describe, expect, it } from 'vitest';
import { grantableRoles, mayManageMember } from './permissions.ts';

describe('what a role may offer on the Members page', () => {
  it('admins give member and viewer, the owner admin too, the others nothing', () => {
    expect(grantableRoles('owner')).toEqual(['admin', 'member', 'viewer']);
    expect(grantableRoles('admin')).toEqual(['member', 'viewer']);
    expect(grantableRoles('member')).toEqual([]);
    expect(grantableRoles('viewer')).toEqual([]);
  });

  it('admins manage those below admin; the owner every admin too; nobody the owner', () => {
    expect(mayManageMember('admin', 'member')).toBe(true);
    expect(mayManageMember('admin', 'viewer')).toBe(true);
    expect(mayManageMember('admin', 'admin')).toBe(false);
    expect(mayManageMember('owner', 'admin')).toBe(true);
    expect(mayManageMember('owner', 'owner')).toBe(false);
    expect(mayManageMember('member', 'viewer')).toBe(false);
  });
});
