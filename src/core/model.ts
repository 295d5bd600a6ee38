import type { LinkTag } from './tags.ts';
import type { DomainStatus, OwnershipState } from './domain-status.ts';
import type { RoutingState } from './domain-routing.ts';
import type { LinkHealth } from './link-health.ts';
import type { Ability, Plan } from './plans.ts';
import type { Role } from './roles.ts';
import type { Condition } from './targeting.ts';
import type { Utm } from './utm.ts';
import type { Variant } from './variants.ts';

export interface User {
  id: number;
  email: string;
  /** Whether the account's address was shown to be its owner's (a verification link, or made by the operator). */
  emailVerified: boolean;
  /** Whether signing in takes a second factor (a TOTP code or a recovery code) after the password. */
  twoFactorEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * What owns links, domains, tags, webhooks, imports, tokens and statistics, and holds the plan.
 * Every user has a personal one, made at sign-up; a user may belong to many.
 */
export interface Workspace {
  id: number;
  name: string;
  /** Unique, lowercase letters, digits and dashes: the dashboard's addresses carry it. */
  slug: string;
  plan: Plan;
  /** Members without two factors are kept out until they enrol. */
  requireTwoFactor: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ApiToken {
  id: number;
  /** Who made it: the token can never do more than this member's role allows now. */
  userId: number;
  workspaceId: number;
  name: string;
  abilities: Ability[];
  /** Its first characters (`hl_Ab3x`), to tell tokens apart; null for tokens made before hints were kept. */
  hint: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Category {
  id: number;
  workspaceId: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export type LinkType = 'simple' | 'choice_page';

/** What GET /links can sort by. */
export const LINK_SORTS = ['created_at', 'click_count', 'redirect_url', 'short_code', 'id'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

/** A link's social preview card (`preview`); each field may be null. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  /** An absolute https URL. */
  image: string | null;
}

/** The link controls (docs/api.md), as stored. The password is only ever held hashed. */
export interface LinkControls {
  title: string | null;
  expiresAt: string | null;
  maxClicks: number | null;
  expiredUrl: string | null;
  passwordHash: string | null;
  utm: Utm | null;
  variants: Variant[] | null;
  preview: LinkPreview | null;
  /** Storefront localisation; null follows the owner's account default. */
  localize: boolean | null;
  /** Each counted visit gets a click id in the destination's sub-id parameter (Business). */
  passClickId: boolean;
  /** Phone visitors get the page that opens the destination's app (docs/api.md, "Open in app"). */
  openInApp: boolean;
  /** Injected in place of the program's tag when the tag record holds it; null: the tag. */
  trackingId: string | null;
}

export const NO_LINK_CONTROLS: LinkControls = {
  title: null,
  expiresAt: null,
  maxClicks: null,
  expiredUrl: null,
  passwordHash: null,
  utm: null,
  variants: null,
  preview: null,
  localize: null,
  passClickId: false,
  openInApp: false,
  trackingId: null,
};

export interface Link extends LinkControls {
  id: number;
  workspaceId: number;
  shortCode: string;
  redirectUrl: string;
  type: LinkType;
  isActive: boolean;
  clickCount: number;
  category: { id: number; name: string } | null;
  domain: { id: number; hostname: string } | null;
  conditions: Condition[];
  /** Its tags, by name. */
  tags: LinkTag[];
  /** The workspace's storefront localisation default, which a link with `localize` null follows. */
  localizeDefault: boolean;
  /** The last check of its destinations (link health); unknown before the first. */
  health: LinkHealth;
  createdAt: string;
  updatedAt: string;
}

/** Who is calling: the user, the workspace they act in, their role there and what this credential may do. */
export interface Principal {
  user: User;
  workspace: Workspace;
  role: Role;
  abilities: ReadonlySet<Ability>;
  /** A bearer token (the public API) or a dashboard session (no API plan needed). */
  via: 'token' | 'session';
  tokenId: number | null;
  /** The dashboard session (its stored hash) a `session` request came with: its own request budget. */
  sessionId: string | null;
  /** The client's address, for the audit log; null for the CLI. */
  address: string | null;
}

/** A custom domain: the hostname, its verification state and token. */
export interface Domain {
  id: number;
  workspaceId: number;
  hostname: string;
  status: DomainStatus;
  verificationToken: string;
  /** Only the TXT token proves control: another account claimed this hostname before. */
  requiresTxt: boolean;
  /** The last check's findings; null before the first check. */
  ownership: OwnershipState | null;
  routing: RoutingState | null;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The owner's tag for one affiliate program (one per program per user). */
export interface AffiliateTag {
  id: number;
  workspaceId: number;
  programId: number;
  tag: string;
  /** Further ids of the program a link may choose instead of `tag` (docs/api.md, "Tracking ids"). */
  trackingIds: string[];
  createdAt: string;
  updatedAt: string;
}

export const WEBHOOK_EVENTS = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.clicked',
  'link.broken',
  'domain.verified',
  'conversion.created',
  'conversion.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A subscription to events; disabled (with a reason) after failing for 3 days. */
export interface Webhook {
  id: number;
  workspaceId: number;
  url: string;
  events: string[];
  description: string | null;
  secret: string;
  isActive: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}
