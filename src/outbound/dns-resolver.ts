import { Resolver } from 'node:dns/promises';
import type { ResolveHost } from './address-guard.ts';

/**
 * Resolves names with c-ares (A and AAAA queries), through `servers` when given (DNS_SERVERS,
 * `host:port`, as custom-domain verification does) or the system's resolvers.
 *
 * Not getaddrinfo: that runs on libuv's thread pool (4 threads), which password hashing and file
 * access share, and a lookup that hangs holds its thread past any deadline of ours. A background
 * checker walking thousands of links must not be able to starve the API that way. The price:
 * /etc/hosts is not read, so `localhost` is answered here by hand.
 */
export function createDnsResolver(options: { servers: readonly string[]; timeoutMs?: number }): ResolveHost {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  return async (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost'))
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    const found = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (found.length > 0) return found;
    // Both failed (or answered nothing): report the A query's reason, as `lookup` would.
    const reason = v4.status === 'rejected' ? v4.reason : v6.status === 'rejected' ? v6.reason : undefined;
    const code = (reason as { code?: string } | undefined)?.code ?? 'ENODATA';
    throw new DnsFailure(`${name} does not resolve (${code})`, code);
  };
}

/** A name that did not resolve: whatever the code (c-ares says ECONNREFUSED when no server answers). */
export class DnsFailure extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'DnsFailure';
    this.code = code;
  }
}

export function isDnsFailure(error: unknown): error is DnsFailure {
  return error instanceof DnsFailure;
}
