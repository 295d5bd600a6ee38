import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../core/errors.ts';

// Addresses a webhook must never reach: they belong to this machine, its private network or a
// cloud metadata service (SSRF). IPv4-mapped IPv6 addresses are checked as IPv4.
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !forbidden.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the host once and checks the address; the caller then connects to exactly that
 * address, so a DNS answer that changes between check and connect (rebinding) cannot slip past.
 */
export async function resolveDeliveryTarget(hostname: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const candidates = literal ? [{ address: bare, family: literal }] : await lookup(bare, { all: true, verbatim: true });
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
