import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../core/errors.ts';

// Only globally routable unicast addresses are public; every special-purpose range (loopback,
// private, link-local, carrier-grade NAT, metadata, documentation, multicast, reserved, ...) comes
// from ipaddr.js's lists of the IANA registries, not from a hand-written table. IPv6 forms that
// carry an IPv4 address are judged by that address when it is a plain mapping (::ffff:a.b.c.d)
// and refused otherwise (6to4, Teredo, NAT64, IPv4-translated and the deprecated IPv4-compatible
// ::a.b.c.d): they can all route to an address the guard would refuse.
const EMBEDS_IPV4 = new Set(['rfc6145', 'rfc6052', '6to4', 'teredo']);

export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (EMBEDS_IPV4.has(v6.range()) || v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return ip.range() === 'unicast';
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (the system's getaddrinfo by default). */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the host once and checks the address; the caller then connects to exactly that
 * address, so a DNS answer that changes between check and connect (rebinding) cannot slip past.
 */
export async function resolveDeliveryTarget(
  hostname: string,
  allowPrivate: boolean,
  resolveHost: ResolveHost = systemLookup,
): Promise<ResolvedTarget> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const candidates = literal ? [{ address: bare, family: literal }] : await resolveHost(bare);
  const usable = allowPrivate ? candidates : candidates.filter((candidate) => isPublicAddress(candidate.address));
  const chosen = usable[0];
  if (!chosen) {
    throw new AppError(
      'forbidden',
      `Refusing to deliver to ${hostname}: it resolves to a private, loopback, link-local or metadata address.`,
    );
  }
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
