import type { Kysely } from 'kysely';
import { DomainError, invalidField } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import { nextStatus, verificationRecord } from '../core/domain-status.ts';
import { normalizeHostname } from '../core/hostnames.ts';
import { newVerificationToken, type DomainProvider } from '../domains/provider.ts';
import { countLinksOnDomain, deleteDomain, findDomain, findDomainByHostname, insertDomain, recordDomainCheck, type Domain } from '../storage/domains.kysely.ts';
import type { Database } from '../storage/schema.ts';
import type { LinkEvents } from './link-events.ts';

export interface DomainServiceDeps {
  db: Kysely<Database>;
  provider: DomainProvider;
  events: LinkEvents;
  /** The service's own hosts (API and short host), which no user may claim. */
  ownHosts: string[];
  /** The short host's hostname: the CNAME target. */
  shortHostname: string;
  now?: () => Date;
  /** Told when a domain becomes active (webhooks). */
  onVerified?: (domain: Domain) => void;
}

export function domainRecord(domain: Domain, shortHostname: string) {
  return {
    id: domain.id,
    hostname: domain.hostname,
    status: domain.status,
    verification: verificationRecord(domain.hostname, domain.verificationToken, shortHostname),
    last_checked_at: domain.lastCheckedAt,
    created_at: domain.createdAt,
    updated_at: domain.updatedAt,
  };
}

export async function getDomainOrThrow(db: Kysely<Database>, principal: Principal, id: number): Promise<Domain> {
  const domain = await findDomain(db, id);
  if (!domain) throw new DomainError('not-found', 'Domain not found.');
  if (domain.userId !== principal.user.id) throw new DomainError('forbidden', 'This domain does not belong to you.');
  return domain;
}

export async function addDomain(deps: DomainServiceDeps, principal: Principal, hostname: string): Promise<Domain> {
  const normalized = normalizeHostname(hostname, deps.ownHosts);
  if (await findDomainByHostname(deps.db, normalized)) throw invalidField('hostname', 'The hostname has already been taken.');
  const domain = await insertDomain(deps.db, { userId: principal.user.id, hostname: normalized, verificationToken: newVerificationToken() });
  try {
    await deps.provider.register(normalized);
  } catch (error) {
    await deleteDomain(deps.db, domain.id);
    if (error instanceof DomainError && error.code === 'conflict') throw invalidField('hostname', 'The hostname is already registered with the TLS provider.');
    throw error;
  }
  return domain;
}

/** Polls verification: pending -> active when the record is found; failed after 7 days without. */
export async function checkDomain(deps: DomainServiceDeps, domain: Domain): Promise<Domain> {
  const now = (deps.now ?? (() => new Date()))();
  const result = await deps.provider.check({ hostname: domain.hostname, verificationToken: domain.verificationToken });
  const status = nextStatus({ createdAt: new Date(domain.createdAt), verifiedAt: domain.verifiedAt ? new Date(domain.verifiedAt) : null }, result.found, now);
  const updated = await recordDomainCheck(deps.db, domain.id, status, now.toISOString());
  if (updated.status !== domain.status) {
    deps.events.emit({ kind: 'domains-changed' });
    if (updated.status === 'active') deps.onVerified?.(updated);
  }
  return updated;
}

/** Refuses while links use the domain (422), so deleting a domain never loses a link. */
export async function removeDomain(deps: DomainServiceDeps, domain: Domain): Promise<void> {
  const used = await countLinksOnDomain(deps.db, domain.id);
  if (used > 0) {
    const message = `The domain is used by ${used} link${used === 1 ? '' : 's'}; move or delete them first.`;
    throw new DomainError('validation-failed', message, { domain: [message] });
  }
  await deps.provider.remove(domain.hostname);
  await deleteDomain(deps.db, domain.id);
  deps.events.emit({ kind: 'domains-changed' });
}

/** For links: domain_id must be one of the owner's active domains. */
export async function assertDomainUsable(db: Kysely<Database>, userId: number, domainId: number): Promise<void> {
  const domain = await findDomain(db, domainId);
  if (!domain || domain.userId !== userId || domain.status !== 'active') throw invalidField('domain_id', 'The selected domain id is invalid.');
}
