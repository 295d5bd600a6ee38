// The names the dashboard gives the shapes it exchanges with the server. The public API's come from
// the generated schema of packages/client (its OpenAPI document), so a page cannot drift from the API;
// the dashboard's own endpoints (dashboard-paths.ts) take theirs from the server's TypeBox schemas,
// imported as types only, so no server code ends up in the bundle.
import type { components, paths } from '@hoplink/client';
import type { Static } from 'typebox';
import type { Ability, Plan } from '../../../src/core/plans.ts';
import type { Role } from '../../../src/core/roles.ts';
import type { FeatureKey, FeatureState } from '../../../src/dashboard/features.ts';
import type {
  CreateWorkspaceBody,
  DeleteWorkspaceBody,
  InvitationTokenBody,
  SettingsBody,
} from '../../../src/schemas/account.ts';
import type { BulkLinkActionResult } from '../../../src/services/bulk-link-actions.ts';
import type { ParsedAgent } from '../../../src/clicks/user-agent.ts';

type Schemas = components['schemas'];
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body a method of a path takes. */
type BodyOf<Operation> = Operation extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;
/** The JSON a method of a path answers with a success status. */
type AnswerOf<Operation, Status extends 200 | 201 | 202 = 200> = Operation extends {
  responses: { [S in Status]: infer Response };
}
  ? Json<Response>
  : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

// The public API (/api/v1).
export type LinkRecord = Schemas['Link'];
/** A link as GET /links/{id} answers it, with its targeting conditions. */
export type LinkWithConditions = Schemas['LinkWithConditions'];
/**
 * A targeting rule as the edit form holds it: its values as typed, which the API checks against the
 * rule's kind when it is saved (the API's own Schemas['Condition'] lets each kind list only its values).
 */
export type { Condition } from '../../../src/core/targeting.ts';
export type LinkHealth = LinkRecord['health'];
export type HealthStatus = LinkHealth['status'];
export type ListLinksInput = QueryOf<paths['/links']['get']>;
/** One page of a list: `data`, with `links` (first, last, prev, next) and `meta` (counts). */
export type LinkPage = AnswerOf<paths['/links']['get']>;
export type NewLink = BodyOf<paths['/links']['post']>;
export type LinkChanges = BodyOf<paths['/links/{id}']['patch']>;
export type LandingOptions = AnswerOf<paths['/links/{id}/landing-options']['get']>;

export type LinkStats = AnswerOf<paths['/links/{id}/stats']['get']>;
export type AccountStats = AnswerOf<paths['/stats']['get']>;
/** A day range of the statistics (Business): `YYYY-MM-DD`, both inclusive. */
export type DayRange = Required<Pick<QueryOf<paths['/stats']['get']>, 'from' | 'to'>>;
export type RawClicksPage = AnswerOf<paths['/links/{id}/clicks']['get']>;
export type RawClick = RawClicksPage['data'][number];

export type CategoryRecord = Schemas['Category'];
export type CategoryInput = BodyOf<paths['/categories']['post']>;
export type TagRecord = Schemas['Tag'];
export type LinkTag = Schemas['LinkTag'];
export type TagInput = BodyOf<paths['/tags']['post']>;
export type TagChanges = BodyOf<paths['/tags/{id}']['patch']>;
export type AffiliateProgramRecord = AnswerOf<paths['/affiliate-programs']['get']>['data'][number];
export type AffiliateTagRecord = Schemas['AffiliateTag'];
export type CreateAffiliateTagInput = BodyOf<paths['/affiliates']['post']>;
export type AffiliateTagChanges = BodyOf<paths['/affiliates/{id}']['patch']>;
export type DomainRecord = Schemas['Domain'];
export type CreateDomainInput = BodyOf<paths['/domains']['post']>;
export type ImportRecord = Schemas['Import'];

export type PostbackSettingsInput = BodyOf<paths['/conversions/postback']['put']>;
export type PostbackParameter = keyof PostbackSettingsInput['parameter_names'];

export type WebhookRecord = Schemas['Webhook'];
export type CreateWebhookInput = BodyOf<paths['/webhooks']['post']>;
export type UpdateWebhookInput = BodyOf<paths['/webhooks/{id}']['patch']>;
export type WebhookEvent = CreateWebhookInput['events'][number];
/** A new webhook: the only answer that carries its signing secret. */
export type CreatedWebhook = AnswerOf<paths['/webhooks']['post'], 201>;
export type DeliveryRecord = AnswerOf<paths['/webhooks/{id}/deliveries']['get']>['data'][number];

export type WorkspaceRecord = Schemas['Workspace'];
export type WorkspaceChanges = BodyOf<paths['/workspace']['patch']>;
export type MemberRecord = Schemas['Member'];
export type InvitationRecord = Schemas['Invitation'];
export type InvitationInput = BodyOf<paths['/workspace/invitations']['post']>;
/** A new invitation, with its link (`accept_url`) and whether it was emailed: the only time the link is shown. */
export type CreatedInvitation = AnswerOf<paths['/workspace/invitations']['post'], 201>;
export type AuditEntry = Schemas['AuditEntry'];
export type AuditQuery = QueryOf<paths['/audit-log']['get']>;
export type AuditPage = AnswerOf<paths['/audit-log']['get']>;

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

// The dashboard's own endpoints (/dashboard-api), which the API document leaves out.
export type {
  CredentialsInput,
  CreateTokenInput,
  ChangePasswordInput,
  ForgotPasswordInput,
  ResetPasswordInput,
  VerifyEmailInput,
} from '../../../src/schemas/account.ts';
export type { BulkLinkActionInput, BulkLinkActionName } from '../../../src/schemas/bulk-link-action.ts';
export type {
  SignInTwoFactorInput,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorSetupInput,
} from '../../../src/schemas/two-factor.ts';
export type { Ability, FeatureKey, FeatureState, Role };

/** A workspace the person belongs to, with their role there (the switcher lists them). */
export interface WorkspaceMembership {
  id: number;
  name: string;
  slug: string;
  role: Role;
}

/**
 * The signed-in person, as /dashboard-api/me and the sign-in endpoints answer, in the workspace the
 * request named (their personal one by default).
 */
export interface Me {
  /** `email_verified`: whether the address was shown to be theirs (the verification email's link). */
  user: { id: number; email: string; plan: Plan; email_verified: boolean; two_factor_enabled: boolean };
  /** The workspace this answer is about, with the person's role there and its plan. */
  workspace: WorkspaceMembership & { plan: Plan };
  workspaces: WorkspaceMembership[];
  csrf_token: string;
  /** What the workspace's plan allows; pages check these rather than the plan's name. */
  features: Record<FeatureKey, FeatureState>;
}

export type CreateWorkspaceInput = Static<typeof CreateWorkspaceBody>;
export type DeleteWorkspaceInput = Static<typeof DeleteWorkspaceBody>;
export type InvitationTokenInput = Static<typeof InvitationTokenBody>;

/** What an invitation link shows before it is answered (/dashboard-api/invitations/describe). */
export interface InvitationDescription {
  workspace: { name: string; slug: string };
  email: string;
  role: Role;
  expires_at: string;
}

/** An accepted invitation: the workspace joined. */
export interface InvitationAccepted {
  workspace: { id: number; name: string; slug: string };
}

/** What this instance can do for people signed out too (/dashboard-api/config): today, send email. */
export interface DashboardConfig {
  email_configured: boolean;
}

/** An answer that only says what happens next (202: an email on its way). */
export interface Accepted {
  message: string;
}

/** A right password of an account with two factors: the challenge its code completes (no session yet). */
export interface TwoFactorChallenge {
  two_factor_required: true;
  challenge: string;
  expires_at: string;
}

/** What the password step of a sign-in answers: signed in, or a code to give. */
export type SignInAnswer = Me | TwoFactorChallenge;

/** Where two-factor sign-in stands (/dashboard-api/two-factor). */
export interface TwoFactorStatus {
  enabled: boolean;
  recovery_codes_left: number;
}

/** Enrolment's first step: the secret, its otpauth:// URI and that URI's QR code as SVG. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

/** A new set of recovery codes: the only time they are shown. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** One of the person's sessions (/dashboard-api/sessions); the device is null when the browser did not say. */
export interface SessionRecord {
  id: string;
  browser: ParsedAgent['browser'] | null;
  os: ParsedAgent['os'] | null;
  device: ParsedAgent['device'] | null;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** The account's settings (/dashboard-api/settings): today only the storefront localisation default (Business). */
export type Settings = Static<typeof SettingsBody>;

export interface DataList<T> {
  data: T[];
}

// The token endpoints have no response schema on the server (src/dashboard/routes.ts builds them).
export interface TokenRecord {
  id: number;
  name: string;
  abilities: Ability[];
  /** The token's first characters (`hl_Ab3x`); null for tokens made before they were kept. */
  hint: string | null;
  last_used_at: string | null;
  created_at: string;
}

/** A new token: the only time its plaintext is ever shown. */
export interface CreatedToken extends TokenRecord {
  token: string;
}

/** What each id of a bulk action (POST /dashboard-api/links/bulk-action) got, and the counts. */
export interface BulkLinkActionAnswer {
  results: BulkLinkActionResult[];
  succeeded: number;
  failed: number;
}

/** GET /dashboard-api/page-metadata: what a destination's page says about itself; `outcome` says why all is null. */
export interface PageMetadataAnswer {
  outcome: 'found' | 'not-html' | 'http-error' | 'timeout' | 'unreachable';
  final_url: string | null;
  title: string | null;
  description: string | null;
  /** An absolute image URL; the dashboard shows it through cardImageSrc (its own origin). */
  image: string | null;
}
