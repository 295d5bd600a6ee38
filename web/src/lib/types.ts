// The shapes the dashboard exchanges with the server. They come from the server's own TypeBox
// schemas, imported as types only, so the dashboard cannot drift from the API and no server
// code ends up in the bundle.
import type { Static } from 'typebox';
import type { Ability, Plan } from '../../../src/core/plans.ts';
import type { Condition } from '../../../src/core/targeting.ts';
import type { CreateTokenInput as CreateTokenBody, SettingsBody } from '../../../src/schemas/account.ts';
import type { FeatureKey, FeatureState } from '../../../src/dashboard/features.ts';
import type { PageLinks, PageMeta } from '../../../src/schemas/common.ts';
import type {
  CreateLinkInput,
  LandingOptionsResponse,
  LinkRecord,
  ListLinksInput as ListLinksQuery,
  UpdateLinkInput,
} from '../../../src/schemas/link.ts';
import type { AccountStats, LinkStats } from '../../../src/schemas/stats.ts';
import type { BulkLinkActionInput, BulkLinkActionName } from '../../../src/schemas/bulk-link-action.ts';
import type { BulkLinkActionResult } from '../../../src/services/bulk-link-actions.ts';

export type {
  AffiliateProgramRecord,
  AffiliateTagRecord,
  CreateAffiliateTagInput,
} from '../../../src/schemas/affiliate.ts';
export type { CategoryInput, CategoryRecord } from '../../../src/schemas/category.ts';
export type { CreateDomainInput, DomainRecord } from '../../../src/schemas/domain.ts';
export type { ImportRecord } from '../../../src/schemas/import.ts';
export type { CredentialsInput } from '../../../src/schemas/account.ts';
export type { AccountStats, Ability, Condition, FeatureKey, FeatureState, LinkRecord, LinkStats };

/** The signed-in person, as /dashboard-api/me and the sign-in endpoints answer. */
export interface Me {
  user: { id: number; email: string; plan: Plan };
  csrf_token: string;
  /** What the plan allows; pages check these rather than the plan's name. */
  features: Record<FeatureKey, FeatureState>;
}

export type ListLinksInput = ListLinksQuery;
export type LinkHealth = LinkRecord['health'];
export type HealthStatus = LinkHealth['status'];
export type CreateTokenInput = CreateTokenBody;

// The schema refers to Condition by $ref, which Static cannot follow, so the list is spelled out.
export type LinkWithConditions = LinkRecord & { conditions: Condition[] };

// The request schemas accept conditions of any shape (the server validates them one by one);
// the dashboard only ever sends well-formed ones.
export type NewLink = Omit<CreateLinkInput, 'conditions'> & { conditions?: Condition[] };
export type LinkChanges = Omit<UpdateLinkInput, 'conditions'> & { conditions?: Condition[] };

/** The statistics breakdowns, in the order the link page shows them; `storefront` only counts localised clicks. */
export const BREAKDOWNS = [
  'country',
  'referrer',
  'language',
  'device',
  'browser',
  'os',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'storefront',
] as const;
export type BreakdownKey = (typeof BREAKDOWNS)[number] & keyof LinkStats;

/** The account's settings (/dashboard-api/settings): today only the storefront localisation default (Business). */
export type Settings = Static<typeof SettingsBody>;

export interface Paginated<T> {
  data: T[];
  links: Static<typeof PageLinks>;
  meta: Static<typeof PageMeta>;
}

export interface DataList<T> {
  data: T[];
}

// The token endpoints belong to the dashboard alone and have no response schema on the server.
export interface TokenRecord {
  id: number;
  name: string;
  abilities: Ability[];
  last_used_at: string | null;
  created_at: string;
}

/** A new token: the only time its plaintext is ever shown. */
export interface CreatedToken extends TokenRecord {
  token: string;
}

export type LandingOptions = Static<typeof LandingOptionsResponse>;

/** A day range of the statistics (Business): `YYYY-MM-DD`, both inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

/** One raw click (GET /links/{id}/clicks); the server's schema for it is not exported, so it is spelled out. */
export interface RawClick {
  clicked_at: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  referrer_host: string | null;
  language: string | null;
  is_bot: boolean;
  option: number | null;
  variant: number | null;
}

export interface RawClicksPage {
  data: RawClick[];
  next_cursor: string | null;
}

/** The Links page's bulk actions (POST /dashboard-api/links/bulk-action): what is asked, and what each id got. */
export type { BulkLinkActionInput, BulkLinkActionName };
export interface BulkLinkActionAnswer {
  results: BulkLinkActionResult[];
  succeeded: number;
  failed: number;
}

// Webhooks (Business) and the account's password.
export type {
  CreatedWebhook,
  CreateWebhookInput,
  DeliveryRecord,
  WebhookRecord,
} from '../../../src/schemas/webhook.ts';
export type { WebhookEvent } from '../../../src/core/model.ts';
export type { ChangePasswordInput } from '../../../src/schemas/account.ts';
