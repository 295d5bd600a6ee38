import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUserWithToken } from '../helpers/cli.ts';
import { projectRoot, startService, type RunningService } from '../helpers/process.ts';

const run = promisify(execFile);

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

describe('npm start, the CLI and the API together', () => {
  it('serves the Links API to a token made with the CLI', async () => {
    const { user, headers: cliHeaders } = await cliUserWithToken({
      env: service.env,
      email: 'e2e@example.com',
      password: 'plum tree in spring',
      plan: 'pro',
      tokenName: 'e2e',
      abilities: ['read', 'create', 'update', 'delete'],
    });
    expect(user).toMatchObject({ email: 'e2e@example.com', plan: 'pro' });
    const headers = { ...cliHeaders, accept: 'application/json' };

    const created = await fetch(`${service.apiUrl}/api/v1/links`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ redirect_url: 'https://example.com/e2e' }),
    });
    expect(created.status).toBe(201);
    const link = await created.json();
    expect(link.short_url).toBe(`http://localhost:${service.env.SHORT_PORT}/${link.short_code}`);

    const list = await (await fetch(`${service.apiUrl}/api/v1/links`, { headers })).json();
    expect(list.meta.total).toBe(1);

    const patched = await fetch(`${service.apiUrl}/api/v1/links/${link.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ is_active: false }),
    });
    expect((await patched.json()).is_active).toBe(false);

    const deleted = await fetch(`${service.apiUrl}/api/v1/links/${link.id}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
    expect(deleted.status).toBe(204);
  });

  it('runs the CLI as `npx hoplink` from the project folder, on the pinned Node', async () => {
    // The other suites run bin/hoplink.js with the tests' Node; this is the path the docs give.
    const { stdout } = await run('npx', ['--no-install', 'hoplink', '--help'], { cwd: projectRoot });
    expect(stdout).toMatch(/^Usage: hoplink /);
  });

  it('sends / on the short host to the app', async () => {
    const res = await fetch(`${service.shortUrl}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`http://localhost:${service.env.PORT}`);
  });

  it('refuses to start with a bad configuration value, saying which', async () => {
    await expect(startService({ PORT: 'eighty' })).rejects.toThrow(/PORT must be an integer .*\(got "eighty"\)/);
  });

  it('stops cleanly on SIGTERM', async () => {
    const other = await startService();
    expect(await other.stop('SIGTERM')).toBe(0);
  });

  it('stops on SIGTERM even while a client holds a request open, once the grace is over', async () => {
    const other = await startService({ SHUTDOWN_GRACE_MS: '1000' });
    // A client sending its body a few bytes at a time: the server would wait REQUEST_TIMEOUT_MS
    // (30 s) for the rest, longer than the harness's 20 s wait for the stop.
    const { port } = new URL(other.apiUrl);
    const slow = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.on('error', () => {});
    slow.write(
      'POST /api/v1/links HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await other.stop('SIGTERM')).toBe(0);
    slow.destroy();
  });
});
