import type { Kysely } from 'kysely';
import { accountTokenStore } from './account-tokens.kysely.ts';
import { affiliateTagStore } from './affiliate-tags.kysely.ts';
import { auditLogStore } from './audit-log.kysely.ts';
import { categoryStore } from './categories.kysely.ts';
import { tagStore } from './tags.kysely.ts';
import { facetStore } from './facet-stats.kysely.ts';
import { clickStore } from './clicks.kysely.ts';
import { conversionStore } from './conversions.kysely.ts';
import { domainStore } from './domains.kysely.ts';
import { healthStore } from './health.kysely.ts';
import { importStore } from './imports.kysely.ts';
import { invitationStore } from './invitations.kysely.ts';
import { landingOptionStore } from './landing-options.kysely.ts';
import { linkHealthStore } from './link-health.kysely.ts';
import { linkStore } from './links.kysely.ts';
import { qrLogoStore } from './qr-logos.kysely.ts';
import { redirectStore } from './redirect.kysely.ts';
import type { Database } from './schema.ts';
import { serverKeyStore } from './server-keys.kysely.ts';
import { sessionStore } from './sessions.kysely.ts';
import { statsStore } from './stats.kysely.ts';
import { tokenStore } from './tokens.kysely.ts';
import { twoFactorStore } from './two-factor.kysely.ts';
import { userStore } from './users.kysely.ts';
import { webhookStore } from './webhooks.kysely.ts';
import { workspaceStore } from './workspaces.kysely.ts';

/** What runs the queries: the database itself, or one transaction on it. */
export type Executor = Kysely<Database>;

type StoreFunction = (db: Executor, ...args: never[]) => unknown;
type Bound<S> = {
  [K in keyof S]: S[K] extends (db: Executor, ...args: infer A) => infer R ? (...args: A) => R : never;
};

const EXECUTOR = Symbol('executor');

/**
 * A class per store, made once: its methods call the store's functions with the executor the
 * instance holds. A unit of work then makes one small object per store instead of a closure per
 * function (binding every store anew cost 2% of `POST /links`' CPU in a profile).
 */
function bindable<S extends Record<string, StoreFunction>>(store: S): new (db: Executor) => Bound<S> {
  class BoundStore {
    [EXECUTOR]: Executor;
    constructor(db: Executor) {
      this[EXECUTOR] = db;
    }
  }
  for (const [name, fn] of Object.entries(store)) {
    Object.defineProperty(BoundStore.prototype, name, {
      value(this: BoundStore, ...args: never[]) {
        return fn(this[EXECUTOR], ...args);
      },
    });
  }
  return BoundStore as unknown as new (db: Executor) => Bound<S>;
}

const Links = bindable(linkStore);
const LandingOptions = bindable(landingOptionStore);
const Categories = bindable(categoryStore);
const Tags = bindable(tagStore);
const Facets = bindable(facetStore);
const Domains = bindable(domainStore);
const AffiliateTags = bindable(affiliateTagStore);
const Users = bindable(userStore);
const Tokens = bindable(tokenStore);
const Sessions = bindable(sessionStore);
const Webhooks = bindable(webhookStore);
const Stats = bindable(statsStore);
const Clicks = bindable(clickStore);
const Conversions = bindable(conversionStore);
const Redirect = bindable(redirectStore);
const Health = bindable(healthStore);
const LinkHealth = bindable(linkHealthStore);
const Imports = bindable(importStore);
const Workspaces = bindable(workspaceStore);
const Invitations = bindable(invitationStore);
const AuditLog = bindable(auditLogStore);
const AccountTokens = bindable(accountTokenStore);
const TwoFactor = bindable(twoFactorStore);
const ServerKeys = bindable(serverKeyStore);
const QrLogos = bindable(qrLogoStore);

/**
 * Every store, bound to one executor. A use case that gets these can reach the database only
 * through that executor: inside a transaction, nothing it calls can read or write beside it.
 */
export function storesFor(db: Executor) {
  return {
    links: new Links(db),
    landingOptions: new LandingOptions(db),
    categories: new Categories(db),
    tags: new Tags(db),
    domains: new Domains(db),
    affiliateTags: new AffiliateTags(db),
    users: new Users(db),
    tokens: new Tokens(db),
    sessions: new Sessions(db),
    webhooks: new Webhooks(db),
    stats: new Stats(db),
    facets: new Facets(db),
    clicks: new Clicks(db),
    conversions: new Conversions(db),
    redirect: new Redirect(db),
    health: new Health(db),
    linkHealth: new LinkHealth(db),
    imports: new Imports(db),
    workspaces: new Workspaces(db),
    invitations: new Invitations(db),
    auditLog: new AuditLog(db),
    accountTokens: new AccountTokens(db),
    twoFactor: new TwoFactor(db),
    serverKeys: new ServerKeys(db),
    qrLogos: new QrLogos(db),
  };
}

export type Stores = ReturnType<typeof storesFor>;
