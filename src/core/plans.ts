import { AppError, invalidField } from './errors.ts';

export const PLANS = ['free', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

export const ABILITIES = ['read', 'create', 'update', 'delete'] as const;
export type Ability = (typeof ABILITIES)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function isAbility(value: string): value is Ability {
  return (ABILITIES as readonly string[]).includes(value);
}

/** GET read, POST create, PATCH and PUT update, DELETE delete (docs/api.md, "Plans and abilities"). */
export function abilityForMethod(method: string): Ability {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'create';
    case 'PATCH':
    case 'PUT':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return 'read';
  }
}

export function hasApiAccess(plan: Plan): boolean {
  return plan === 'pro' || plan === 'business';
}

export function hasBusinessAccess(plan: Plan): boolean {
  return plan === 'business';
}

/**
 * After leaving the Business plan, links on the owner's custom domains keep redirecting this long,
 * time to move them or upgrade again; everything else Business-only stops at once (data is kept).
 */
export const CUSTOM_DOMAIN_GRACE_DAYS = 30;

/** Whether the short host serves the owner's custom domains at `now`. */
export function servesCustomDomains(plan: Plan, downgradedAt: string | null, now: number): boolean {
  if (hasBusinessAccess(plan)) return true;
  if (downgradedAt === null) return false;
  return now < Date.parse(downgradedAt) + CUSTOM_DOMAIN_GRACE_DAYS * 86_400_000;
}

/** Throws plan-required (403) for a plan without API access. */
export function assertApiAccess(plan: Plan): void {
  if (!hasApiAccess(plan)) {
    throw new AppError('plan-required', 'Your plan does not include API access.');
  }
}

/** Throws plan-required (403) for a feature of the Pro and Business plans (a Free dashboard user). */
export function assertPro(plan: Plan, feature: string): void {
  if (!hasApiAccess(plan)) throw new AppError('plan-required', `${feature} requires the Pro or Business plan.`);
}

/** Throws business-required (403) for a Business-only endpoint or feature. */
export function assertBusiness(plan: Plan, feature = 'This feature'): void {
  if (!hasBusinessAccess(plan)) {
    throw new AppError('business-required', `${feature} requires the Business plan.`);
  }
}

export function assertAbility(abilities: ReadonlySet<Ability>, needed: Ability): void {
  if (!abilities.has(needed)) {
    throw new AppError('ability-missing', `This token does not have the "${needed}" ability.`);
  }
}

export function parseAbilities(list: string): Ability[] {
  const abilities = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const ability of abilities) {
    if (!isAbility(ability)) throw invalidField('abilities', `Unknown ability "${ability}".`);
  }
  return [...new Set(abilities as Ability[])];
}
