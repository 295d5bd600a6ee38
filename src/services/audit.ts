import type { Principal } from '../core/model.ts';
import type { UnitOfWork, Work } from './unit-of-work.ts';

/** What an audit entry says happened: `link.created`, `member.role_changed`, `token.revoked`, ... */
export interface AuditedChange {
  action: string;
  resourceType: string;
  resourceId: number | string | null;
  /** The names of the fields changed; never their values (a password is only ever "password"). */
  fields?: readonly string[];
}

/**
 * Adds the change to the workspace's audit log in the use case's own transaction, so the log holds
 * exactly what was committed. The actor is the principal: a person (with their email as it is now,
 * kept when they are gone), the token they used if any, and the address the request came from.
 */
export async function audit(work: Work, principal: Principal, change: AuditedChange): Promise<void> {
  await work.stores.auditLog.insert({
    workspaceId: principal.workspace.id,
    actor: { userId: principal.user.id, email: principal.user.email, tokenId: principal.tokenId },
    action: change.action,
    resourceType: change.resourceType,
    resourceId: change.resourceId === null ? null : String(change.resourceId),
    fields: [...(change.fields ?? [])].slice(0, 50),
    address: principal.address,
    createdAt: new Date().toISOString(),
  });
}

/** The names of the fields a request sent (its body's keys), for an update's entry. */
export function fieldNames(input: object): string[] {
  return Object.keys(input).filter((key) => (input as Record<string, unknown>)[key] !== undefined);
}

/** Entries deleted per unit of work by the retention pass. */
const PRUNE_CHUNK = 5_000;

/** Deletes the entries older than `retentionDays`, a chunk per unit of work; how many went. */
export async function pruneAuditLog(uow: UnitOfWork, retentionDays: number, now: Date, chunk = PRUNE_CHUNK) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await uow.transact(({ stores }) => stores.auditLog.deleteBefore(cutoff, chunk));
    total += deleted;
    if (deleted < chunk) return total;
  }
}
