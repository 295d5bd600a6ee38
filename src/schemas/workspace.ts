import { Type } from 'typebox';
import { EXAMPLE_CREATED_AT, EXAMPLE_UPDATED_AT, Nullable, Timestamp } from './common.ts';

const Role = Type.Union(
  [Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member'), Type.Literal('viewer')],
  {
    description: 'owner > admin > member > viewer: a higher role may do all that a lower one may (docs/teams.md).',
  },
);
const GrantableRole = Type.Union([Type.Literal('admin'), Type.Literal('member'), Type.Literal('viewer')], {
  description: 'admin only by the owner; ownership moves only by transfer.',
});

export const WORKSPACE_EXAMPLE = {
  id: 3,
  name: 'Acme marketing',
  slug: 'acme-marketing',
  plan: 'business',
  require_two_factor: false,
  role: 'admin',
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_UPDATED_AT,
};

export const WorkspaceSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    plan: Type.String({ description: 'free, pro or business: the plan rules apply to the workspace.' }),
    require_two_factor: Type.Boolean(),
    role: Role,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Workspace', examples: [WORKSPACE_EXAMPLE] },
);

export const MEMBER_EXAMPLE = { user_id: 12, email: 'ana@example.com', role: 'member', joined_at: EXAMPLE_CREATED_AT };
export const MemberSchema = Type.Object(
  { user_id: Type.Integer(), email: Type.String(), role: Role, joined_at: Timestamp },
  { $id: 'Member', examples: [MEMBER_EXAMPLE] },
);

export const INVITATION_EXAMPLE = {
  id: 4,
  email: 'sam@example.com',
  role: 'viewer',
  invited_by: 12,
  expires_at: '2026-11-09T09:15:00.000Z',
  expired: false,
  created_at: EXAMPLE_CREATED_AT,
};
export const InvitationSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    role: Role,
    invited_by: Nullable(Type.Integer()),
    expires_at: Timestamp,
    expired: Type.Boolean(),
    created_at: Timestamp,
  },
  { $id: 'Invitation', examples: [INVITATION_EXAMPLE] },
);

export const AUDIT_ENTRY_EXAMPLE = {
  id: 81,
  actor: { user_id: 12, email: 'ana@example.com', token_id: null },
  action: 'link.updated',
  resource_type: 'link',
  resource_id: '1043',
  fields: ['redirect_url', 'title'],
  address: '203.0.113.9',
  created_at: EXAMPLE_CREATED_AT,
};
export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    actor: Type.Object(
      {
        user_id: Nullable(Type.Integer()),
        email: Nullable(Type.String()),
        token_id: Nullable(Type.Integer()),
      },
      { description: 'All null: the operator (the hoplink CLI).' },
    ),
    action: Type.String(),
    resource_type: Type.String(),
    resource_id: Nullable(Type.String()),
    fields: Type.Array(Type.String(), { description: "The changed fields' names, never their values." }),
    address: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { $id: 'AuditEntry', examples: [AUDIT_ENTRY_EXAMPLE] },
);

export const UpdateWorkspaceBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 48, description: 'Owner only.' })),
    require_two_factor: Type.Optional(Type.Boolean({ description: 'Owner only.' })),
  },
  { additionalProperties: false, examples: [{ name: 'Acme marketing' }] },
);

export const UserIdParams = Type.Object({ user_id: Type.Integer({ minimum: 1, maximum: 999_999_999_999_999 }) });

export const ChangeRoleBody = Type.Object(
  { role: Role },
  { additionalProperties: false, examples: [{ role: 'viewer' }] },
);

export const TransferBody = Type.Object(
  { user_id: Type.Integer({ minimum: 1, maximum: 999_999_999_999_999 }) },
  { additionalProperties: false, examples: [{ user_id: 12 }] },
);

export const CreateInvitationBody = Type.Object(
  { email: Type.String({ format: 'email', minLength: 3, maxLength: 320 }), role: Type.Optional(GrantableRole) },
  { additionalProperties: false, examples: [{ email: 'sam@example.com', role: 'viewer' }] },
);

export const AuditQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 20, pattern: '^[1-9][0-9]{0,15}$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    actor: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999_999_999, description: 'A user id.' })),
    action: Type.Optional(Type.String({ maxLength: 40 })),
    resource_type: Type.Optional(Type.String({ maxLength: 20 })),
    from: Type.Optional(Type.String({ format: 'date-time', maxLength: 30 })),
    to: Type.Optional(Type.String({ format: 'date-time', maxLength: 30 })),
  },
  { additionalProperties: false },
);
