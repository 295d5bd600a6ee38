import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../core/errors.ts';
import type { Principal, Workspace } from '../../core/model.ts';
import { assertMay } from '../../core/roles.ts';
import { BODY_ERRORS, DataList, errorResponses, IdParams } from '../../schemas/common.ts';
import {
  AUDIT_ENTRY_EXAMPLE,
  AuditEntrySchema,
  AuditQuery,
  ChangeRoleBody,
  CreateInvitationBody,
  INVITATION_EXAMPLE,
  InvitationSchema,
  MEMBER_EXAMPLE,
  MemberSchema,
  TransferBody,
  UpdateWorkspaceBody,
  UserIdParams,
  WORKSPACE_EXAMPLE,
  WorkspaceSchema,
} from '../../schemas/workspace.ts';
import { invitationLink } from '../../services/invitation-links.ts';
import {
  changeRole,
  invite,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
  transferOwnership,
} from '../../services/members.ts';
import type { UnitOfWork } from '../../services/unit-of-work.ts';
import { updateWorkspace } from '../../services/workspaces.ts';
import type { AuditEntry } from '../../storage/audit-log.kysely.ts';
import type { Invitation } from '../../storage/invitations.kysely.ts';
import type { TypeBoxApp } from '../typebox-app.ts';

export interface WorkspaceRoutesOptions {
  uow: UnitOfWork;
  appUrl: string;
  /** Sends the invitation's email after the commit; false when no mail is configured. */
  sendInvitation: (input: { invitation: Invitation; workspace: Workspace; inviter: string; link: string }) => boolean;
}

function workspaceResource(workspace: Workspace, principal: Principal) {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    plan: workspace.plan,
    require_two_factor: workspace.requireTwoFactor,
    role: principal.role,
    created_at: workspace.createdAt,
    updated_at: workspace.updatedAt,
  };
}

function invitationResource(invitation: Invitation) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invited_by: invitation.invitedBy,
    expires_at: invitation.expiresAt,
    expired: Date.parse(invitation.expiresAt) <= Date.now(),
    created_at: invitation.createdAt,
  };
}

function auditResource(entry: AuditEntry) {
  return {
    id: entry.id,
    actor: { user_id: entry.actor.userId, email: entry.actor.email, token_id: entry.actor.tokenId },
    action: entry.action,
    resource_type: entry.resourceType,
    resource_id: entry.resourceId,
    fields: entry.fields,
    address: entry.address,
    created_at: entry.createdAt,
  };
}

const tags = ['Workspace'];

/** The token's (or the dashboard's current) workspace: its settings, members, invitations and audit log. */
export const workspaceRoutes: FastifyPluginAsyncTypebox<WorkspaceRoutesOptions> = async (app, options) => {
  app.addSchema(WorkspaceSchema);
  app.addSchema(MemberSchema);
  app.addSchema(InvitationSchema);
  app.addSchema(AuditEntrySchema);
  registerWorkspace(app, options.uow);
  registerMembers(app, options.uow);
  registerInvitations(app, options);
  registerAuditLog(app, options.uow);
};

function registerWorkspace(app: TypeBoxApp, uow: UnitOfWork): void {
  app.get(
    '/workspace',
    {
      schema: {
        summary: 'The workspace',
        description: "The workspace the token acts in, with the caller's role there.",
        tags,
        response: {
          200: Type.Ref('Workspace', { description: 'The workspace.', examples: [WORKSPACE_EXAMPLE] }),
          ...errorResponses(),
        },
      },
    },
    async (request) => workspaceResource(request.principal.workspace, request.principal),
  );

  app.patch(
    '/workspace',
    {
      schema: {
        summary: 'Change the workspace',
        description: 'The name (admins and the owner); the slug and the two-factor rule (the owner).',
        tags,
        body: UpdateWorkspaceBody,
        response: {
          200: Type.Ref('Workspace', { description: 'The workspace, changed.' }),
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request) => {
      const updated = await uow.transact((work) => updateWorkspace(work, request.principal, request.body));
      return workspaceResource(updated, request.principal);
    },
  );
}

function registerMembers(app: TypeBoxApp, uow: UnitOfWork): void {
  app.get(
    '/workspace/members',
    {
      schema: {
        summary: 'List the members',
        description: 'Every member with their role, in the order they joined.',
        tags,
        response: {
          200: DataList(Type.Ref('Member'), { description: 'The members.', examples: [{ data: [MEMBER_EXAMPLE] }] }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const members = await uow.read((stores) => listMembers(stores, request.principal));
      return {
        data: members.map((m) => ({ user_id: m.user.id, email: m.user.email, role: m.role, joined_at: m.joinedAt })),
      };
    },
  );

  app.patch(
    '/workspace/members/:user_id',
    {
      schema: {
        summary: "Change a member's role",
        description: 'Admins change roles below admin; the owner makes and unmakes admins. 404 for a non-member.',
        tags,
        params: UserIdParams,
        body: ChangeRoleBody,
        response: { 204: Type.Null({ description: 'Changed.' }), ...errorResponses(404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const { user_id: userId } = request.params;
      await uow.transact((work) => changeRole(work, request.principal, userId, request.body.role));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/workspace/members/:user_id',
    {
      schema: {
        summary: 'Remove a member',
        description:
          "Admins remove members and viewers; the owner anyone else. The member's tokens stop working at once. " +
          'Your own id: you leave the workspace (not as its owner).',
        tags,
        params: UserIdParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => removeMember(work, request.principal, request.params.user_id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/workspace/transfer',
    {
      schema: {
        summary: 'Transfer ownership',
        description: 'The owner hands the workspace to another member and becomes an admin.',
        tags,
        body: TransferBody,
        response: { 204: Type.Null({ description: 'Transferred.' }), ...errorResponses(404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => transferOwnership(work, request.principal, request.body.user_id));
      return reply.code(204).send(null);
    },
  );
}

function registerInvitations(app: TypeBoxApp, { uow, appUrl, sendInvitation }: WorkspaceRoutesOptions): void {
  app.get(
    '/workspace/invitations',
    {
      schema: {
        summary: 'List the invitations',
        description: 'Pending and expired invitations, newest first (admins and the owner).',
        tags,
        response: {
          200: DataList(Type.Ref('Invitation'), {
            description: 'The invitations.',
            examples: [{ data: [INVITATION_EXAMPLE] }],
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const invitations = await uow.read((stores) => listInvitations(stores, request.principal));
      return { data: invitations.map(invitationResource) };
    },
  );

  app.post(
    '/workspace/invitations',
    {
      schema: {
        summary: 'Invite someone',
        description:
          'Emails a single-use link, good for 7 days, that only the invited address can accept. Inviting the ' +
          'same address again sends a new link. `accept_url` is that link, shown this once.',
        tags,
        body: CreateInvitationBody,
        response: {
          201: Type.Intersect(
            [Type.Ref('Invitation'), Type.Object({ accept_url: Type.String(), emailed: Type.Boolean() })],
            {
              description: 'The invitation, with its link (`emailed`: whether mail is configured and it was sent).',
              examples: [
                {
                  ...INVITATION_EXAMPLE,
                  accept_url: 'https://links.example.com/#/invitations/accept?token=…',
                  emailed: true,
                },
              ],
            },
          ),
          ...errorResponses(...BODY_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const { invitation, token } = await uow.transact((work) =>
        invite(work, principal, { email: request.body.email, role: request.body.role ?? 'member' }),
      );
      const link = invitationLink(appUrl, token);
      const emailed = sendInvitation({
        invitation,
        workspace: principal.workspace,
        inviter: principal.user.email,
        link,
      });
      return reply.code(201).send({ ...invitationResource(invitation), accept_url: link, emailed });
    },
  );

  app.delete(
    '/workspace/invitations/:id',
    {
      schema: {
        summary: 'Revoke an invitation',
        description: 'Its link stops working at once.',
        tags,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Revoked.' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await uow.transact((work) => revokeInvitation(work, request.principal, request.params.id));
      return reply.code(204).send(null);
    },
  );
}

function registerAuditLog(app: TypeBoxApp, uow: UnitOfWork): void {
  app.get(
    '/audit-log',
    {
      schema: {
        summary: 'The audit log',
        description:
          'Who did what, when and from where, newest first (admins and the owner). A page at a time: pass ' +
          '`next_cursor` back as `cursor` until it is null. Kept AUDIT_RETENTION_DAYS (365 by default).',
        tags,
        querystring: AuditQuery,
        response: {
          200: Type.Object(
            { data: Type.Array(Type.Ref('AuditEntry')), next_cursor: Type.Union([Type.String(), Type.Null()]) },
            { description: 'A page of the log.', examples: [{ data: [AUDIT_ENTRY_EXAMPLE], next_cursor: '80' }] },
          ),
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      assertMay(request.principal.role, 'members.manage');
      const { query } = request;
      const limit = query.limit ?? 50;
      if (query.from && query.to && query.from >= query.to) {
        throw new AppError('validation-failed', 'The from time must be before the to time.', {
          from: ['The from time must be before the to time.'],
        });
      }
      const filter = {
        before: query.cursor === undefined ? undefined : Number(query.cursor),
        actorUserId: query.actor,
        action: query.action,
        resourceType: query.resource_type,
        from: query.from && new Date(query.from).toISOString(),
        to: query.to && new Date(query.to).toISOString(),
      };
      const entries = await uow.read((stores) =>
        stores.auditLog.list(request.principal.workspace.id, filter, limit + 1),
      );
      const page = entries.slice(0, limit);
      const next = entries.length > limit ? String(page[page.length - 1]!.id) : null;
      return { data: page.map(auditResource), next_cursor: next };
    },
  );
}
