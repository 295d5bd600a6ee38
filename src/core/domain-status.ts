import { isIP } from 'node:net';

export type DomainStatus = 'pending' | 'active' | 'failed';

/** Whether the last check found the ownership record. */
export type OwnershipState = 'ok' | 'missing';

/** A domain that stays unverified this long after creation is marked failed (it can still be checked). */
export const FAIL_AFTER_MS = 7 * 24 * 3_600_000;

/**
 * A check that finds the record makes the domain active (from pending or failed);
 * one that does not leaves it pending, or failed once it has stayed unverified 7 days since
 * creation. A domain that was verified once and whose record has disappeared goes back to
 * pending, whatever its age: it must not keep serving links for a host that no longer points
 * here, it never "stayed unverified", and a later check restores it.
 */
export function nextStatus(
  domain: { createdAt: Date; verifiedAt: Date | null },
  found: boolean,
  now: Date,
): DomainStatus {
  if (found) return 'active';
  if (domain.verifiedAt !== null) return 'pending';
  return now.getTime() - domain.createdAt.getTime() >= FAIL_AFTER_MS ? 'failed' : 'pending';
}

export interface VerificationRecord {
  type: 'CNAME' | 'TXT';
  name: string;
  value: string;
}

/**
 * The ownership record the user creates: a CNAME to the short host; a TXT token when that host is
 * an address, when the hostname was claimed by another account before (a CNAME left pointing here
 * by its earlier owner proves nothing about who controls it now, as Vercel also decides), or when
 * the service sets a routing requirement (the routing record then takes the name's CNAME or
 * addresses, and proves only where the name points, not who controls it).
 */
export function verificationRecord(
  hostname: string,
  token: string,
  shortHostname: string,
  requiresTxt = false,
): VerificationRecord {
  return requiresTxt || isIP(shortHostname) || shortHostname === 'localhost'
    ? { type: 'TXT', name: `_hoplink.${hostname}`, value: token }
    : { type: 'CNAME', name: hostname, value: shortHostname };
}
