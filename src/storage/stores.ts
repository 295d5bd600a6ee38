import type { Kysely } from 'kysely';
import { affiliateTagStore } from './affiliate-tags.kysely.ts';
import { categoryStore } from './categories.kysely.ts';
import { clickStore } from './clicks.kysely.ts';
import { domainStore } from './domains.kysely.ts';
import { healthStore } from './health.kysely.ts';
import { importStore } from './imports.kysely.ts';
import { landingOptionStore } from './landing-options.kysely.ts';
import { linkHealthStore } from './link-health.kysely.ts';
import { linkStore } from './links.kysely.ts';
import { redirectStore } from './redirect.kysely.ts';
import type { Database } from './schema.ts';
import { sessionStore } from './sessions.kysely.ts';
import { statsStore } from './stats.kysely.ts';
import { tokenStore } from './tokens.kysely.ts';
import { userStore } from './users.kysely.ts';
import { webhookStore } from './webhooks.kysely.ts';

/** What runs the queries: the database itself, or one transaction on it. */
export type Executor = Kysely<Database>;

type StoreFunction = (db: Executor, ...args: never[]) => unknown;
type Bound<S> = {
  [K in keyof S]: S[K] extends (db: Executor, ...args: infer A) => infer R ? (...args: A) => R : never;
};

function bind<S extends Record<string, StoreFunction>>(db: Executor, store: S): Bound<S> {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(store)) bound[name] = (...args: never[]) => fn(db, ...args);
  return bound as Bound<S>;
}

/**
 * Every store, bound to one executor. A use case that gets these can reach the database only
 * through that executor: inside a transaction, nothing it calls can read or write beside it.
 */
export function storesFor(db: Executor) {
  return {
    links: bind(db, linkStore),
    landingOptions: bind(db, landingOptionStore),
    categories: bind(db, categoryStore),
    domains: bind(db, domainStore),
    affiliateTags: bind(db, affiliateTagStore),
    users: bind(db, userStore),
    tokens: bind(db, tokenStore),
    sessions: bind(db, sessionStore),
    webhooks: bind(db, webhookStore),
    stats: bind(db, statsStore),
    clicks: bind(db, clickStore),
    redirect: bind(db, redirectStore),
    health: bind(db, healthStore),
    linkHealth: bind(db, linkHealthStore),
    imports: bind(db, importStore),
  };
}

export type Stores = ReturnType<typeof storesFor>;
