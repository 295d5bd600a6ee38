import { routingConfigured, routingRecords, type RoutingSettings } from '../core/domain-routing.ts';
import { nextStatus, verificationRecord } from '../core/domain-status.ts';
import { AppError, invalidField } from '../core/errors.ts';
import { normalizeHostname } from '../core/hostnames.ts';
import type { Domain, Principal } from '../core/model.ts';
import { newVerificationToken, type DomainProvider } from '../domain-verification/provider.ts';
import type { RoutingCheck } from '../domain-verification/routing-check.ts';
import type { DomainRecord } from '../schemas/domain.ts';
import type { Stores } from '../storage/stores.ts';
import { ownedOrThrow } from './ownership.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import { assertMay } from '../core/roles.ts';
import { audit } from './audit.ts';

/** Custom domains need the DNS (or Cloudflare) provider; it is called between units of work, never inside one. */
export interface DomainSettings {
  provider: DomainProvider;
  /** The service's own hosts (API and short host), which no user may claim. */
  ownHosts: string[];
  /** The short host's hostname: the CNAME target. */
  shortHostname: string;
  /** Where a custom domain must point (SHORT_ROUTING_TARGET, SHORT_ROUTING_ADDRESSES), and its DNS check. */
  routing: RoutingSettings;
  checkRouting: RoutingCheck;
  now?: () => Date;
}

/** With a routing requirement, only the TXT token proves ownership (the CNAME is the routing record). */
const needsTxt = (domain: Domain, routing: RoutingSettings) => domain.requiresTxt || routingConfigured(routing);

export function domainRecord(
  domain: Domain,
  settings: { shortHostname: string; routing: RoutingSettings },
): DomainRecord {
  const { hostname, verificationToken } = domain;
  const configured = routingConfigured(settings.routing);
  return {
    id: domain.id,
    hostname,
    status: domain.status,
    verification: verificationRecord(
      hostname,
      verificationToken,
      settings.shortHostname,
      needsTxt(domain, settings.routing),
    ),
    routing_records: routingRecords(hostname, settings.routing),
    ownership: domain.ownership,
    // Without a requirement there is nothing to check, whether or not the domain was checked yet.
    routing: configured ? domain.routing : 'unchecked',
    last_checked_at: domain.lastCheckedAt,
    created_at: domain.createdAt,
    updated_at: domain.updatedAt,
  };
}

export async function getDomainOrThrow(stores: Stores, principal: Principal, id: number): Promise<Domain> {
  return ownedOrThrow(await stores.domains.find(id), principal, 'domain');
}

export function listUserDomains(stores: Stores, principal: Principal): Promise<Domain[]> {
  return stores.domains.list(principal.workspace.id);
}

/** Stores the domain, then registers it with the provider; a refusal there removes it again. */
export async function addDomain(
  uow: UnitOfWork,
  settings: DomainSettings,
  principal: Principal,
  hostname: string,
): Promise<Domain> {
  assertMay(principal.role, 'settings.manage');
  const normalized = normalizeHostname(hostname, settings.ownHosts);
  const domain = await uow.transact(async (work) => {
    const { stores } = work;
    if (await stores.domains.findByHostname(normalized))
      throw invalidField('hostname', 'The hostname has already been taken.');
    const requiresTxt = await stores.domains.claimedByOthers(normalized, principal.workspace.id);
    await stores.domains.recordClaim(normalized, principal.workspace.id);
    const verificationToken = newVerificationToken();
    const workspaceId = principal.workspace.id;
    const inserted = await stores.domains.insert({ workspaceId, hostname: normalized, verificationToken, requiresTxt });
    await audit(work, principal, { action: 'domain.created', resourceType: 'domain', resourceId: inserted.id });
    return inserted;
  });
  try {
    await settings.provider.register(normalized);
  } catch (error) {
    await uow.transact(({ stores }) => stores.domains.delete(domain.id));
    if (error instanceof AppError && error.code === 'conflict') {
      throw invalidField('hostname', 'The hostname is already registered with the TLS provider.');
    }
    throw error;
  }
  return domain;
}

/**
 * Polls verification: pending -> active when both the ownership record and the routing record
 * hold (routing counts as holding when the service sets no requirement); failed after 7 days without.
 */
export async function checkDomain(
  uow: UnitOfWork,
  settings: DomainSettings,
  principal: Principal,
  id: number,
): Promise<Domain> {
  const domain = await uow.read((stores) => getDomainOrThrow(stores, principal, id));
  assertMay(principal.role, 'settings.manage');
  const now = (settings.now ?? (() => new Date()))();
  const { hostname, verificationToken, requiresTxt } = domain;
  const txtOnly = requiresTxt || routingConfigured(settings.routing);
  const [result, routing] = await Promise.all([
    settings.provider.check({ hostname, verificationToken, txtOnly }),
    settings.checkRouting(hostname),
  ]);
  const verifiedAt = domain.verifiedAt ? new Date(domain.verifiedAt) : null;
  const holds = result.found && (routing === 'ok' || routing === 'unchecked');
  const status = nextStatus({ createdAt: new Date(domain.createdAt), verifiedAt }, holds, now);
  const ownership = result.found ? 'ok' : 'missing';
  return uow.transact(async (work) => {
    const current = await getDomainOrThrow(work.stores, principal, id);
    const updated = await work.stores.domains.recordCheck(
      current.id,
      { status, ownership, routing },
      now.toISOString(),
    );
    if (updated.status !== current.status) {
      work.emit({ kind: 'domains-changed' });
      if (updated.status === 'active') work.emit({ kind: 'domain-verified', domain: updated });
    }
    return updated;
  });
}

/** Refused (422) while links use the domain, so deleting a domain never loses a link. */
export async function removeDomain(
  uow: UnitOfWork,
  settings: DomainSettings,
  principal: Principal,
  id: number,
): Promise<void> {
  const domain = await uow.read(async (stores) => {
    const found = await getDomainOrThrow(stores, principal, id);
    assertMay(principal.role, 'settings.manage');
    const used = await stores.domains.countLinks(found.id);
    if (used > 0)
      throw invalidField(
        'domain',
        `The domain is used by ${used} link${used === 1 ? '' : 's'}; move or delete them first.`,
      );
    return found;
  });
  await settings.provider.remove(domain.hostname);
  await uow.transact(async (work) => {
    await work.stores.domains.delete(domain.id);
    await audit(work, principal, { action: 'domain.deleted', resourceType: 'domain', resourceId: domain.id });
    work.emit({ kind: 'domains-changed' });
  });
}
