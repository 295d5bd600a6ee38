import type { Ability, Plan } from './plans.ts';
import type { Condition } from './targeting.ts';

export interface User {
  id: number;
  email: string;
  plan: Plan;
  createdAt: string;
  updatedAt: string;
}

export interface ApiToken {
  id: number;
  userId: number;
  name: string;
  abilities: Ability[];
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Category {
  id: number;
  userId: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export type LinkType = 'simple' | 'choice_page';

export interface Link {
  id: number;
  userId: number;
  shortCode: string;
  redirectUrl: string;
  type: LinkType;
  isActive: boolean;
  clickCount: number;
  category: { id: number; name: string } | null;
  domain: { id: number; hostname: string } | null;
  conditions: Condition[];
  createdAt: string;
  updatedAt: string;
}

/** Who is calling: the user and what this credential may do. */
export interface Principal {
  user: User;
  abilities: ReadonlySet<Ability>;
  /** A bearer token (the public API) or a dashboard session (no API plan needed). */
  via: 'token' | 'session';
  tokenId: number | null;
}
