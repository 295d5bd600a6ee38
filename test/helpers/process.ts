import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const projectRoot = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningService {
  apiUrl: string;
  shortUrl: string;
  env: Record<string, string>;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  kill(): Promise<number | null>;
}

/**
 * Starts the service as a user would (`npm start`) on free ports and waits until it answers. A
 * port found free can be taken by another process before the service binds it: the service then
 * exits with EADDRINUSE, and starts again on other ports (unless `env` names the ports).
 */
export async function startService(env: Record<string, string> = {}): Promise<RunningService> {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-e2e-'));
  for (let attempt = 1; ; attempt++) {
    const [port, shortPort] = [await freePort(), await freePort()];
    const fullEnv: Record<string, string> = {
      DATABASE_URL: `sqlite:${join(dir, 'hoplink.db')}`,
      PORT: String(port),
      SHORT_PORT: String(shortPort),
      HOST: '127.0.0.1',
      ...env,
    };
    try {
      return await launchService(fullEnv);
    } catch (error) {
      const portTaken = error instanceof ServiceExitedEarly && error.message.includes('EADDRINUSE');
      if (!portTaken || attempt === 3 || 'PORT' in env || 'SHORT_PORT' in env) throw error;
    }
  }
}

class ServiceExitedEarly extends Error {}

async function launchService(fullEnv: Record<string, string>): Promise<RunningService> {
  const { PORT: port, SHORT_PORT: shortPort } = fullEnv;
  // detached: the npm process and the node it starts form one group that stop() signals together.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: projectRoot,
    env: { ...process.env, ...fullEnv },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const outputRead = new Promise((resolveClose) => child.once('close', resolveClose));
  const apiUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      await Promise.race([outputRead, new Promise((r) => setTimeout(r, 2000))]);
      throw new ServiceExitedEarly(`service exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${apiUrl}/api/v1/openapi.json`, { signal: AbortSignal.timeout(5000) });
      // Read the body: a response left unread (the document is larger than the socket buffers)
      // keeps its request open on the server, and the service's shutdown then waits for it.
      await res.arrayBuffer();
      if (res.ok) {
        const shortRes = await fetch(`http://127.0.0.1:${shortPort}/`, {
          redirect: 'manual',
          signal: AbortSignal.timeout(5000),
        }).catch(() => undefined);
        if (shortRes) break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return {
    apiUrl,
    shortUrl: `http://127.0.0.1:${shortPort}`,
    env: fullEnv,
    child,
    output: () => output,
    /** Signals npm, which forwards the signal to the service and exits with its exit code. */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
      if (code === 'timeout') {
        process.kill(-child.pid!, 'SIGKILL');
        throw new Error(`service did not stop on ${signal}:\n${output}`);
      }
      return code;
    },
    /** The whole process group, at once: a crash, not a shutdown. */
    kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
      return exited;
    },
  };
}

/**
 * The real CLI binary, bin/hoplink.js, run by the Node that runs the tests: the pinned Node 24 that
 * `npx hoplink` resolves to, without npx's own start-up (most of a CLI call's time; e2e/api.test.ts
 * runs `npx hoplink` itself). `env` is added to the tests' environment.
 */
function runCli(env: Record<string, string>, args: string[]) {
  return run(process.execPath, [join(projectRoot, 'bin/hoplink.js'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
  });
}

/** Runs the real CLI (`hoplink ...`) against the database of `env`; its stdout. Throws if it fails. */
export async function hoplink(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await runCli(env, args);
  return stdout;
}

/** The real CLI, for commands expected to fail: exit code and both outputs, never a throw. */
export async function hoplinkResult(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await runCli(env, args);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
