import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, hoplink, startService, type RunningService } from '../helpers/process.ts';

const PROMETHEUS = '/usr/bin/prometheus';

// A real Prometheus (Debian's package; .ci/run installs it) scrapes the running service
// with the metrics token, and a query over its HTTP API returns the redirect counter.
describe.skipIf(!existsSync(PROMETHEUS))('Prometheus scraping the service', () => {
  let service: RunningService;
  let prometheus: ChildProcess;
  let prometheusUrl: string;
  let dir: string;

  beforeAll(async () => {
    service = await startService({ METRICS_TOKEN: 'prom-scrape-token' });
    dir = mkdtempSync(join(tmpdir(), 'hoplink-prometheus-'));
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    const target = new URL(service.apiUrl).host;
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: hoplink',
        '    authorization:',
        '      credentials: prom-scrape-token',
        '    static_configs:',
        `      - targets: ['${target}']`,
      ].join('\n'),
    );
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  });
  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await service?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function query(expression: string): Promise<number | undefined> {
    const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`).catch(
      () => undefined,
    );
    if (!res?.ok) return undefined;
    const body = (await res.json()) as { data: { result: Array<{ value: [number, string] }> } };
    const value = body.data.result[0]?.value[1];
    return value === undefined ? undefined : Number(value);
  }

  it('reads the redirect counter through a real scrape', async () => {
    await hoplink(service.env, 'user', 'create', '--email', 'prom@example.com', '--plan', 'pro');
    const { token } = JSON.parse(
      await hoplink(service.env, 'token', 'create', '--email', 'prom@example.com', '--name', 'prom', '--json'),
    );
    const link = await (
      await fetch(`${service.apiUrl}/api/v1/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_url: 'https://example.com/scraped' }),
      })
    ).json();
    for (let i = 0; i < 3; i++) await fetch(`${service.shortUrl}/${link.short_code}`, { redirect: 'manual' });

    const deadline = Date.now() + 30_000;
    let redirects: number | undefined;
    while (Date.now() < deadline) {
      redirects = await query('hoplink_redirects_total{job="hoplink",outcome="redirect"}');
      if (redirects === 3) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(redirects).toBe(3);
    expect(await query('up{job="hoplink"}')).toBe(1);
  });
});
