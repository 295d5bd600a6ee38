import { Resolver } from 'node:dns/promises';
import type { DomainCheckResult, DomainProvider } from './provider.ts';

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Verifies a domain by DNS alone: a CNAME from the hostname to the short host, or the domain's
 * token in a TXT record at `_hoplink.<hostname>`. DNS answers nothing back for register/remove.
 */
export function createDnsProvider(options: {
  servers: string[];
  shortHostname: string;
  timeoutMs?: number;
}): DomainProvider {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const target = bare(options.shortHostname);

  return {
    async register() {},
    async remove() {},
    async check(domain): Promise<DomainCheckResult> {
      const [cname, txt] = await Promise.allSettled([
        resolver.resolveCname(domain.hostname),
        resolver.resolveTxt(`_hoplink.${domain.hostname}`),
      ]);
      if (!domain.txtOnly && cname.status === 'fulfilled' && cname.value.some((name) => bare(name) === target)) {
        return { found: true, detail: `CNAME ${domain.hostname} -> ${target}` };
      }
      if (txt.status === 'fulfilled' && txt.value.some((chunks) => chunks.join('') === domain.verificationToken)) {
        return { found: true, detail: `TXT _hoplink.${domain.hostname} holds the token` };
      }
      const why = (result: PromiseSettledResult<unknown>) =>
        result.status === 'rejected' ? String((result.reason as { code?: string }).code ?? result.reason) : 'no match';
      const missingTxt = `no TXT token at _hoplink.${domain.hostname} (${why(txt)})`;
      if (domain.txtOnly) return { found: false, detail: `${missingTxt}; this hostname needs the TXT token` };
      return { found: false, detail: `no CNAME to ${target} (${why(cname)}) and ${missingTxt}` };
    },
  };
}
