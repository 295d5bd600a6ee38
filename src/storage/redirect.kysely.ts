import { sql, type Kysely } from 'kysely';
import type { LinkControls } from '../core/model.ts';
import type { Condition } from '../core/targeting.ts';
import type { Database } from './schema.ts';

export interface RedirectRow extends LinkControls {
  id: number;
  workspaceId: number;
  shortCode: string;
  isActive: boolean;
  redirectUrl: string;
  clickCount: number;
  conditions: Condition[];
  options: string[];
}

const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/**
 * The statement that finds a code on a domain (null: the default host) for the short host. The
 * codes' unique index is on (coalesce(domain_id, 0), short_code) (migration 001), and only that
 * same expression finds a code through it: `domain_id is null and short_code = ?` read every link,
 * 436 ms a cache miss among 1,000,000 links on SQLite, on the thread that answers requests (a
 * stream of unknown codes could hold it for good). Domain ids start at 1.
 */
export function redirectLookup(db: Kysely<Database>, domainId: number | null, code: string) {
  return db
    .selectFrom('links')
    .select([
      'id',
      'workspace_id',
      'short_code',
      'is_active',
      'redirect_url',
      'click_count',
      'conditions',
      'type',
      'title',
      'expires_at',
      'max_clicks',
      'expired_url',
      'password_hash',
      'utm',
      'variants',
      'preview',
      'localize',
      'pass_click_id',
      'open_in_app',
      'tracking_id',
    ])
    .where(sql<number>`coalesce(domain_id, 0)`, '=', domainId ?? 0)
    .where('short_code', '=', code);
}

/** Everything the short host needs about one code on one domain (null: the default host). */
export async function loadRedirectable(
  db: Kysely<Database>,
  domainId: number | null,
  code: string,
): Promise<RedirectRow | undefined> {
  const row = await redirectLookup(db, domainId, code).executeTakeFirst();
  if (!row) return undefined;
  const options =
    row.type === 'choice_page'
      ? (
          await db
            .selectFrom('landing_options')
            .select('url')
            .where('link_id', '=', row.id)
            .orderBy('position')
            .execute()
        ).map((o) => o.url)
      : [];
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    shortCode: row.short_code,
    isActive: Boolean(row.is_active),
    redirectUrl: row.redirect_url,
    clickCount: Number(row.click_count),
    conditions: JSON.parse(row.conditions) as Condition[],
    options,
    title: row.title,
    expiresAt: row.expires_at,
    maxClicks: row.max_clicks === null ? null : Number(row.max_clicks),
    expiredUrl: row.expired_url,
    passwordHash: row.password_hash,
    utm: parsed(row.utm),
    variants: parsed(row.variants),
    preview: parsed(row.preview),
    localize: row.localize === null ? null : Boolean(row.localize),
    passClickId: Boolean(row.pass_click_id),
    openInApp: Boolean(row.open_in_app),
    trackingId: row.tracking_id,
  };
}

/** What the short host needs about the workspace that owns a link: its plan, and its affiliate tags. */
export async function loadOwner(
  db: Kysely<Database>,
  workspaceId: number,
): Promise<
  | { plan: string; localizeByDefault: boolean; tags: Map<number, string>; trackingIds: Map<number, string[]> }
  | undefined
> {
  const workspace = await db
    .selectFrom('workspaces')
    .select(['plan', 'localize_default'])
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (!workspace) return undefined;
  const rows = await db
    .selectFrom('affiliate_tags')
    .select(['program_id', 'tag', 'tracking_ids'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return {
    plan: workspace.plan,
    localizeByDefault: Boolean(workspace.localize_default),
    tags: new Map(rows.map((row) => [row.program_id, row.tag])),
    trackingIds: new Map(
      rows.filter((row) => row.tracking_ids !== '[]').map((row) => [row.program_id, JSON.parse(row.tracking_ids)]),
    ),
  };
}

/** The active custom domain with this hostname, and its workspace's plan. */
export async function findActiveDomain(
  db: Kysely<Database>,
  hostname: string,
): Promise<{ id: number; plan: string; downgradedAt: string | null } | undefined> {
  return db
    .selectFrom('domains')
    .innerJoin('workspaces', 'workspaces.id', 'domains.workspace_id')
    .select(['domains.id', 'workspaces.plan', 'workspaces.downgraded_at as downgradedAt'])
    .where('domains.hostname', '=', hostname)
    .where('domains.status', '=', 'active')
    .executeTakeFirst();
}

export const redirectStore = { load: loadRedirectable, owner: loadOwner, activeDomain: findActiveDomain };
