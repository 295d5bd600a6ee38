import type { FastifyRequest } from 'fastify';
import type { User } from '../core/model.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import { planFeatures } from './features.ts';
import { sessionPrincipal } from './sessions.ts';

/**
 * The signed-in person as the dashboard starts from: who, the session's CSRF token, the workspace
 * the request names (their personal one by default) with their role there and what its plan
 * offers, and every workspace they belong to (the switcher).
 */
export async function me(uow: UnitOfWork, request: FastifyRequest, user: User, csrfToken: string) {
  const { workspace, role } = await sessionPrincipal(uow, request, { id: '', user }, { enforceTwoFactor: false });
  const workspaces = await uow.read((stores) => stores.workspaces.listFor(user.id));
  return {
    user: {
      id: user.id,
      email: user.email,
      plan: workspace.plan,
      email_verified: user.emailVerified,
      two_factor_enabled: user.twoFactorEnabled,
    },
    workspace: {
      id: workspace.id,
      name: workspace.name,
      slug: workspace.slug,
      plan: workspace.plan,
      role,
      require_two_factor: workspace.requireTwoFactor,
    },
    workspaces: workspaces.map((each) => ({
      id: each.workspace.id,
      name: each.workspace.name,
      slug: each.workspace.slug,
      role: each.role,
    })),
    csrf_token: csrfToken,
    features: planFeatures(workspace.plan),
  };
}
