import type { User } from '../core/model.ts';
import { planFeatures } from './features.ts';

/** The signed-in person as the dashboard starts from: who, the session's CSRF token, what their plan offers. */
export function me(user: User, csrfToken: string) {
  return {
    user: { id: user.id, email: user.email, plan: user.plan, two_factor_enabled: user.twoFactorEnabled },
    csrf_token: csrfToken,
    features: planFeatures(user.plan),
  };
}
