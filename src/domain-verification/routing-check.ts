import { Resolver } from 'node:dns/promises';
import {
  judgeRouting,
  routingRecords,
  type RoutingObservation,
  type RoutingSettings,
  type RoutingState,
} from '../core/domain-routing.ts';

export type RoutingCheck = (hostname: string) => Promise<RoutingState>;

/**
 * Looks up a custom domain's CNAME and addresses (and the target's addresses) through
 * DNS_SERVERS when set, and judges them (core/domain-routing.ts). A failed lookup counts as no
 * answer, so an unreachable server reports `missing`, never an error.
 */
export function createRoutingCheck(options: {
  servers: string[];
  settings: RoutingSettings;
  timeoutMs?: number;
}): RoutingCheck {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const answers = async (lookup: Promise<string[]>) => lookup.catch(() => [] as string[]);
  const addressesOf = async (name: string) =>
    (await Promise.all([answers(resolver.resolve4(name)), answers(resolver.resolve6(name))])).flat();

  return async (hostname) => {
    const records = routingRecords(hostname, options.settings);
    if (records.length === 0) return 'unchecked';
    const target = options.settings.target;
    const [cnames, addresses, targetAddresses] = await Promise.all([
      answers(resolver.resolveCname(hostname)),
      addressesOf(hostname),
      target ? addressesOf(target) : Promise.resolve([]),
    ]);
    const seen: RoutingObservation = { cnames, addresses, targetAddresses };
    return judgeRouting(records, seen);
  };
}
