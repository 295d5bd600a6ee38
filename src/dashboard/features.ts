import { hasApiAccess, hasBusinessAccess, type Plan } from '../core/plans.ts';

export interface FeatureState {
  allowed: boolean;
  /** Why it is locked, in words a person understands; null when allowed. */
  reason: string | null;
}

export const FEATURE_KEYS = [
  'api',
  'bulk',
  'targeting',
  'breakdowns',
  'analytics',
  'choice_pages',
  'affiliates',
  'domains',
  'webhooks',
  'link_health',
  'imports',
  'export',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** What a plan allows, for the Account page and locked controls ("visible but locked, with the reason"). */
export function planFeatures(plan: Plan): Record<FeatureKey, FeatureState> {
  const business = hasBusinessAccess(plan);
  const api = hasApiAccess(plan);
  const businessOnly: FeatureState = business
    ? { allowed: true, reason: null }
    : { allowed: false, reason: 'Needs the Business plan.' };
  return {
    api: api
      ? { allowed: true, reason: null }
      : { allowed: false, reason: 'Tokens work with the Pro and Business plans.' },
    bulk: businessOnly,
    targeting: businessOnly,
    breakdowns: businessOnly,
    // The account overview, date ranges, raw clicks and their CSV.
    analytics: businessOnly,
    choice_pages: businessOnly,
    affiliates: businessOnly,
    domains: businessOnly,
    webhooks: businessOnly,
    link_health: businessOnly,
    imports: businessOnly,
    export: api
      ? { allowed: true, reason: null }
      : { allowed: false, reason: 'Exports come with the Pro and Business plans.' },
  };
}
