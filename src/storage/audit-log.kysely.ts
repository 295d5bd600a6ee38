import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, Database } from './schema.ts';

/** One line of a workspace's audit log: who did what to which resource, when and from where. */
export interface AuditEntry {
  id: number;
  workspaceId: number;
  actor: { userId: number | null; email: string | null; tokenId: number | null };
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** The names of the fields changed, never their values. */
  fields: string[];
  address: string | null;
  createdAt: string;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditFilter {
  actorUserId?: number | undefined;
  action?: string | undefined;
  resourceType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Entries older than this id (the cursor of the page before). */
  before?: number | undefined;
}

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    actor: { userId: row.actor_user_id, email: row.actor_email, tokenId: row.actor_token_id },
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    fields: JSON.parse(row.fields) as string[],
    address: row.address,
    createdAt: row.created_at,
  };
}

/**
 * Adds one entry. A template, not the query builder: every change a use case makes writes one, and
 * the builder's build and compile cost more than the insert. Prepared on PostgreSQL.
 */
export async function insertAuditEntry(db: Kysely<Database>, entry: NewAuditEntry): Promise<void> {
  const { actor } = entry;
  await sql`/* prepared */ insert into audit_log (workspace_id, actor_user_id, actor_email, actor_token_id,
      action, resource_type, resource_id, fields, address, created_at)
    values (${entry.workspaceId}, ${actor.userId}, ${actor.email}, ${actor.tokenId}, ${entry.action},
      ${entry.resourceType}, ${entry.resourceId}, ${JSON.stringify(entry.fields)}, ${entry.address},
      ${entry.createdAt})`.execute(db);
}

export async function insertAuditEntries(db: Kysely<Database>, entries: readonly NewAuditEntry[]): Promise<void> {
  for (const entry of entries) await insertAuditEntry(db, entry);
}

/** A page of the workspace's log, newest first: one seek on (workspace_id, id) whatever the filters. */
export async function listAuditEntries(
  db: Kysely<Database>,
  workspaceId: number,
  filter: AuditFilter,
  limit: number,
): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().where('workspace_id', '=', workspaceId);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  if (filter.actorUserId !== undefined) query = query.where('actor_user_id', '=', filter.actorUserId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.resourceType !== undefined) query = query.where('resource_type', '=', filter.resourceType);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toEntry);
}

/** The statement that deletes up to `limit` entries older than `cutoff` (the retention pass runs it in chunks). */
export async function deleteAuditEntriesBefore(db: Kysely<Database>, cutoff: string, limit: number): Promise<number> {
  const oldest = db
    .selectFrom('audit_log')
    .select('id')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit);
  const result = await db.deleteFrom('audit_log').where('id', 'in', oldest).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const auditLogStore = {
  insert: insertAuditEntry,
  insertMany: insertAuditEntries,
  list: listAuditEntries,
  deleteBefore: deleteAuditEntriesBefore,
};
