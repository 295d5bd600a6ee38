import { isIP } from 'node:net';

/** Where custom domains must point (SHORT_ROUTING_TARGET, SHORT_ROUTING_ADDRESSES); both unset: not checked. */
export interface RoutingSettings {
  /** A hostname that serves the short host (a load balancer's name): subdomains CNAME to it. */
  target: string | null;
  /** The short host's public addresses: apex domains (which cannot hold a CNAME) point A/AAAA records at them. */
  addresses: string[];
}

export type RoutingRecordType = 'CNAME' | 'A' | 'AAAA' | 'ALIAS';

export interface RoutingRecord {
  type: RoutingRecordType;
  name: string;
  value: string;
}

/** `unchecked`: the service sets no routing requirement, so no routing record is asked for. */
export type RoutingState = 'ok' | 'missing' | 'wrong' | 'unchecked';

export const routingConfigured = (settings: RoutingSettings) =>
  settings.target !== null || settings.addresses.length > 0;

/**
 * Second-level labels under which a country code top-level domain registers names (co.uk,
 * com.au, ne.jp): with no Public Suffix List among the dependencies, `shop.co.uk` is taken for
 * an apex by this rule, as the common registries' own structure has it.
 */
const COUNTRY_SECOND_LEVELS = new Set(['ac', 'co', 'com', 'edu', 'gob', 'gov', 'ltd', 'ne', 'net', 'or', 'org', 'plc']);

/**
 * An apex (registrable) domain: two labels (example.com), or three whose last two are a
 * country's second level (example.co.uk). Such a name holds other records (SOA, NS, MX), so DNS
 * forbids a CNAME there.
 */
export function isApexDomain(hostname: string): boolean {
  const labels = hostname.split('.');
  if (labels.length === 2) return true;
  return labels.length === 3 && labels[2]!.length === 2 && COUNTRY_SECOND_LEVELS.has(labels[1]!);
}

/**
 * The records that route a custom domain to the short host: a CNAME to the target for a
 * subdomain; A/AAAA records with the addresses for an apex (or for any name when no target is
 * set); for an apex with only a target, an ALIAS (ANAME, "CNAME flattening") to it.
 */
export function routingRecords(hostname: string, settings: RoutingSettings): RoutingRecord[] {
  const useAddresses = settings.addresses.length > 0 && (isApexDomain(hostname) || settings.target === null);
  if (useAddresses)
    return settings.addresses.map((address) => ({
      type: isIP(address) === 6 ? 'AAAA' : 'A',
      name: hostname,
      value: address,
    }));
  if (settings.target === null) return [];
  return [{ type: isApexDomain(hostname) ? 'ALIAS' : 'CNAME', name: hostname, value: settings.target }];
}

/** What DNS answered for a custom domain (and, for a target, the target's own addresses). */
export interface RoutingObservation {
  cnames: string[];
  addresses: string[];
  targetAddresses: string[];
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Addresses compared in one spelling (2001:DB8::1 and 2001:db8:0::1 are one address). */
export function canonicalAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const url = URL.parse(`http://[${address}]/`);
  return url ? url.hostname.slice(1, -1) : address.toLowerCase();
}

/**
 * The verdict on a domain's routing: `missing` when the name has no CNAME and no address;
 * `ok` when its CNAME names the target, or when every address it has is one of ours (the
 * configured addresses, or the target's, for flattened records); `wrong` when it points
 * anywhere else, even partly (some visitors would reach another server).
 */
export function judgeRouting(records: RoutingRecord[], seen: RoutingObservation): RoutingState {
  if (records.length === 0) return 'unchecked';
  if (seen.cnames.length === 0 && seen.addresses.length === 0) return 'missing';
  const target = records.find((record) => record.type === 'CNAME' || record.type === 'ALIAS');
  if (target && seen.cnames.some((name) => bare(name) === bare(target.value))) return 'ok';
  if (seen.addresses.length === 0) return 'wrong'; // a CNAME elsewhere
  const ours = new Set((target ? seen.targetAddresses : records.map((record) => record.value)).map(canonicalAddress));
  return seen.addresses.every((address) => ours.has(canonicalAddress(address))) ? 'ok' : 'wrong';
}
