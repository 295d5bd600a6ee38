import type { Kysely } from 'kysely';
import type { Condition } from '../core/targeting.ts';
import type { Database } from './schema.ts';

export interface RedirectRow {
  id: number;
  userId: number;
  isActive: boolean;
  redirectUrl: string;
  conditions: Condition[];
  options: string[];
}

/** Everything the short host needs about one code on one domain (null: the default host). */
export async function loadRedirectable(
  db: Kysely<Database>,
  domainId: number | null,
  code: string,
): Promise<RedirectRow | undefined> {
  let query = db
    .selectFrom('links')
    .select(['id', 'user_id', 'is_active', 'redirect_url', 'conditions', 'type'])
    .where('short_code', '=', code);
  query = domainId === null ? query.where('domain_id', 'is', null) : query.where('domain_id', '=', domainId);
  const row = await query.executeTakeFirst();
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
    userId: row.user_id,
    isActive: Boolean(row.is_active),
    redirectUrl: row.redirect_url,
    conditions: JSON.parse(row.conditions) as Condition[],
    options,
  };
}

export async function loadOwnerTags(db: Kysely<Database>, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('affiliate_tags')
    .select(['program_id', 'tag'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.program_id, row.tag]));
}

export async function findActiveDomainId(db: Kysely<Database>, hostname: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('hostname', '=', hostname)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.id;
}

export const redirectStore = { load: loadRedirectable, ownerTags: loadOwnerTags, activeDomainId: findActiveDomainId };
