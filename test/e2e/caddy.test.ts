import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type RequestOptions } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUserWithToken } from '../helpers/cli.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { freePort, startService, type RunningService } from '../helpers/process.ts';

const CADDY = '/usr/bin/caddy';

/** The Caddyfile of docs/deployment.md, on loopback ports, with Caddy's own local CA instead of Let's Encrypt. */
function caddyfile(ports: { http: number; https: number; api: number; short: number }, storage: string): string {
  return `{
	admin off
	skip_install_trust
	storage file_system ${storage}
	http_port ${ports.http}
	https_port ${ports.https}
	auto_https disable_redirects
	on_demand_tls {
		ask http://127.0.0.1:${ports.api}/internal/tls-ask
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${ports.short}
}
`;
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Answer {
  status: number;
  location: string | undefined;
  certificate: PeerCertificate;
}

/** An HTTPS request to Caddy on 127.0.0.1 with `hostname` as SNI and Host, as a browser for it would send. */
function get(port: number, hostname: string, path: string, tls: Partial<RequestOptions>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, servername: hostname, headers: { host: hostname }, agent: false, ...tls },
      (res) => {
        const certificate = (res.socket as TLSSocket).getPeerCertificate();
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode!, location: res.headers.location, certificate }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.once('error', reject);
    req.end();
  });
}

// Debian's caddy (.ci/run installs it) in front of the running service: certificates on demand for
// custom domains that Hoplink's ask endpoint allows, none for any other name.
describe.skipIf(!existsSync(CADDY))('Caddy with on-demand TLS in front of the short host', () => {
  let service: RunningService;
  let caddy: ChildProcess;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let dir: string;
  let httpsPort: number;
  let caddyOutput = '';

  beforeAll(async () => {
    dns = await startDnsServer({});
    service = await startService({ DNS_SERVERS: dns.address, SHORT_ROUTING_TARGET: 'edge.hoplink.test' });
    dir = mkdtempSync(join(tmpdir(), 'hoplink-caddy-'));
    const [http, https] = [await freePort(), await freePort()];
    httpsPort = https;
    const ports = {
      http,
      https,
      api: Number(new URL(service.apiUrl).port),
      short: Number(new URL(service.shortUrl).port),
    };
    writeFileSync(join(dir, 'Caddyfile'), caddyfile(ports, join(dir, 'storage')));
    caddy = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk) => {
      caddyOutput += chunk;
    });
    caddy.stderr?.on('data', (chunk) => {
      caddyOutput += chunk;
    });
    await waitForPort(https, Date.now() + 15_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${caddyOutput}`);
    });
  });
  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    }
    await service?.stop();
    await dns?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves an active custom domain with its certificate, and fails the handshake for an unknown one', async () => {
    const { headers } = await cliUserWithToken({
      env: service.env,
      email: 'caddy@example.com',
      plan: 'business',
      tokenName: 'caddy',
    });
    const api = (path: string, body?: object) =>
      fetch(`${service.apiUrl}/api/v1${path}`, {
        method: body ? 'POST' : 'GET',
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((res) => res.json());

    const domain = await api('/domains', { hostname: 'go.brand.test' });
    expect(domain.verification.type).toBe('TXT');
    dns.setZone({
      '_hoplink.go.brand.test': { TXT: [domain.verification.value] },
      'go.brand.test': { CNAME: 'edge.hoplink.test' },
    });
    expect(await api(`/domains/${domain.id}/check`, {})).toMatchObject({ status: 'active', routing: 'ok' });
    await api('/links', { redirect_url: 'https://example.com/from-caddy', domain_id: domain.id, short_code: 'tls' });

    // The first handshake for the name makes Caddy ask Hoplink, then issue from its local CA.
    const insecure = { rejectUnauthorized: false };
    const first = await get(httpsPort, 'go.brand.test', '/tls', insecure);
    expect(first.status).toBe(302);
    expect(first.location).toBe('https://example.com/from-caddy');
    expect(first.certificate.subjectaltname).toContain('DNS:go.brand.test');

    // Verified against Caddy's root, as a browser that trusts it would.
    const root = readFileSync(join(dir, 'storage/pki/authorities/local/root.crt'));
    const trusted = await get(httpsPort, 'go.brand.test', '/tls', { ca: root });
    expect(trusted.status).toBe(302);

    // Hoplink's ask answers 404 for a name it does not serve: Caddy issues nothing and fails the handshake.
    await expect(get(httpsPort, 'unknown.brand.test', '/tls', insecure)).rejects.toThrow();
  });
});
