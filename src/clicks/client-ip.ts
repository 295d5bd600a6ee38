import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * TRUST_PROXY, parsed: `false` (no proxy: the socket's address is the client), `true` (every
 * address is a proxy: the left-most X-Forwarded-For entry is the client), a number of proxies in
 * front, or the proxies' addresses and CIDR ranges (proxy-addr's names `loopback`, `linklocal`
 * and `uniquelocal` included).
 */
export type TrustProxy = boolean | number | string[];

/**
 * Whether an address is a proxy to see past; hop 0 is the socket's peer, hop 1 the right-most
 * X-Forwarded-For entry.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The one decision of which addresses are proxies, for the API (Fastify's `trustProxy`, so
 * `request.ip`) and the short host (`clientIp`): the client is the first address, from the
 * socket leftwards through X-Forwarded-For, that is not trusted. Fastify is given this function,
 * not the number: Fastify 5 turns a hop count into "trust nothing". Undefined: trust nothing.
 */
export function proxyTrust(value: TrustProxy): ProxyTrust | undefined {
  if (value === false || value === 0) return undefined;
  if (value === true) return () => true;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return remembered(proxyAddr.compile(value));
}

/** Addresses whose answer is kept: about a megabyte at most. */
const REMEMBERED_ADDRESSES = 10_000;

/**
 * A list's answer for an address, kept: proxy-addr parses the address for every check (1.5 µs),
 * and every request asks about the proxy's own address, and a visit asks twice about its client's.
 */
function remembered(trust: ProxyTrust): ProxyTrust {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trust(address, hop);
      if (known.size >= REMEMBERED_ADDRESSES) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

function clean(candidate: string): string | undefined {
  let value = candidate.trim();
  if (value.startsWith('[')) value = value.slice(1, value.indexOf(']') === -1 ? undefined : value.indexOf(']'));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.startsWith('::ffff:') && value.includes('.')) value = value.slice(7);
  return isIP(value) ? value : undefined;
}

// Keep-alive connections send many requests from one socket address: the last one cleaned is kept.
let lastSocketAddress: string | undefined;
let lastCleaned: string | undefined;

function cleanSocketAddress(socketAddress: string): string {
  if (socketAddress !== lastSocketAddress) {
    lastSocketAddress = socketAddress;
    lastCleaned = clean(socketAddress) ?? socketAddress;
  }
  return lastCleaned!;
}

/** What clientIp reads of a request. */
export interface AddressedRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/**
 * The visitor's address, as `request.ip` is on the API: the socket's, or past the proxies `trust`
 * names, the right-most untrusted X-Forwarded-For entry. Then without a port, brackets or the
 * IPv4-mapped prefix, for the GeoIP lookup; an entry that is no address is kept as it came.
 */
export function clientIp(req: AddressedRequest, trust: ProxyTrust | undefined): string {
  const socketAddress = req.socket.remoteAddress;
  if (trust && req.headers['x-forwarded-for']) {
    const chosen = proxyAddr(req as Parameters<typeof proxyAddr>[0], trust);
    if (chosen !== socketAddress) return chosen === undefined ? '' : (clean(chosen) ?? chosen);
  }
  return socketAddress ? cleanSocketAddress(socketAddress) : '';
}
