import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../core/errors.ts';
import { CreateWorkspaceBody, DeleteWorkspaceBody, InvitationTokenBody } from '../schemas/account.ts';
import { acceptInvitation, declineInvitation, describeInvitation, removeMember } from '../services/members.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { createWorkspace, deleteWorkspace } from '../services/workspaces.ts';
import { assertCsrf, sessionPrincipal, type SessionStore } from './sessions.ts';

/**
 * What a signed-in person does with workspaces beyond the public API: make one, leave one, delete
 * one, and answer an invitation (which names no workspace of theirs yet).
 */
export const workspaceDashboardRoutes: FastifyPluginAsyncTypebox<{ uow: UnitOfWork; sessions: SessionStore }> = async (
  app,
  { uow, sessions },
) => {
  const requireSession = async (request: Parameters<typeof sessions.current>[0]) => {
    const session = await sessions.current(request);
    if (!session) throw new AppError('unauthenticated', 'Unauthenticated.');
    assertCsrf(request, session.csrfToken);
    return session;
  };

  app.post('/workspaces', { schema: { hide: true, body: CreateWorkspaceBody } }, async (request, reply) => {
    const session = await requireSession(request);
    const workspace = await uow.transact((work) => createWorkspace(work, session.user, request.body));
    return reply.code(201).send({ id: workspace.id, name: workspace.name, slug: workspace.slug, role: 'owner' });
  });

  app.post('/workspace/leave', { schema: { hide: true } }, async (request, reply) => {
    const session = await requireSession(request);
    const principal = await sessionPrincipal(uow, request, session);
    await uow.transact((work) => removeMember(work, principal, principal.user.id));
    return reply.code(204).send(null);
  });

  app.delete('/workspace', { schema: { hide: true, body: DeleteWorkspaceBody } }, async (request, reply) => {
    const session = await requireSession(request);
    const principal = await sessionPrincipal(uow, request, session);
    await deleteWorkspace(uow, principal, request.body.confirm);
    return reply.code(204).send(null);
  });

  // Shown before signing in too: the invitation page says which workspace and which address.
  app.post('/invitations/describe', { schema: { hide: true, body: InvitationTokenBody } }, async (request) => {
    const { invitation, workspace } = await uow.read((stores) => describeInvitation(stores, request.body.token));
    return {
      workspace: { name: workspace.name, slug: workspace.slug },
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt,
    };
  });

  app.post('/invitations/accept', { schema: { hide: true, body: InvitationTokenBody } }, async (request) => {
    const session = await requireSession(request);
    const workspace = await uow.transact((work) =>
      acceptInvitation(work, session.user, request.body.token, request.ip),
    );
    return { workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug } };
  });

  app.post('/invitations/decline', { schema: { hide: true, body: InvitationTokenBody } }, async (request, reply) => {
    await uow.transact((work) => declineInvitation(work, request.body.token));
    return reply.code(204).send(null);
  });
};
