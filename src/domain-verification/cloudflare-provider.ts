import { AppError } from '../core/errors.ts';
import type { DomainCheckResult, DomainProvider } from './provider.ts';

interface Envelope<T> {
  success: boolean;
  errors: Array<{ code: number; message: string }>;
  result: T;
}

interface CustomHostname {
  id: string;
  hostname: string;
  status: string;
  ssl?: { status?: string };
}

/**
 * Cloudflare for SaaS custom hostnames: the provider issues the TLS certificate and reports the
 * hostname `active` once the customer's DNS points at the zone.
 */
export function createCloudflareProvider(options: {
  baseUrl: string;
  zoneId: string;
  apiToken: string;
  fetch?: typeof fetch;
  /** For hostnames that need the TXT token: whether `_hoplink.<hostname>` holds it (a DNS lookup). */
  hasTxtToken?: (hostname: string, token: string) => Promise<boolean>;
}): DomainProvider {
  const send = options.fetch ?? fetch;
  const base = `${options.baseUrl.replace(/\/$/, '')}/zones/${encodeURIComponent(options.zoneId)}/custom_hostnames`;

  async function call<T>(url: string, init: RequestInit = {}): Promise<Envelope<T>> {
    const res = await send(url, {
      ...init,
      headers: { authorization: `Bearer ${options.apiToken}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as Envelope<T>;
    if (!body.success) {
      const message = body.errors.map((e) => e.message).join('; ') || `HTTP ${res.status}`;
      // 1406: the hostname already exists on the zone (another customer or a previous attempt).
      if (body.errors.some((e) => e.code === 1406)) throw new AppError('conflict', `Cloudflare: ${message}`);
      throw new Error(`Cloudflare API error: ${message}`);
    }
    return body;
  }

  async function find(hostname: string): Promise<CustomHostname | undefined> {
    return (await call<CustomHostname[]>(`${base}?hostname=${encodeURIComponent(hostname)}`)).result[0];
  }

  return {
    async register(hostname) {
      await call(base, { method: 'POST', body: JSON.stringify({ hostname, ssl: { method: 'http', type: 'dv' } }) });
    },
    async check(domain): Promise<DomainCheckResult> {
      const found = await find(domain.hostname);
      if (!found) return { found: false, detail: 'Cloudflare does not know this hostname yet' };
      const active = found.status === 'active';
      if (active && domain.txtOnly && !(await options.hasTxtToken?.(domain.hostname, domain.verificationToken))) {
        return { found: false, detail: `Cloudflare status active, but no TXT token at _hoplink.${domain.hostname}` };
      }
      return {
        found: active,
        detail: `Cloudflare status ${found.status}, certificate ${found.ssl?.status ?? 'unknown'}`,
      };
    },
    async remove(hostname) {
      const found = await find(hostname);
      if (found) await call(`${base}/${encodeURIComponent(found.id)}`, { method: 'DELETE' });
    },
  };
}
