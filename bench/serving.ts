// Helpers of the benches that start the service and drive it (bench/run.ts, bench/ab.ts).
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Resolves once `url` answers at all (any status), within 30 s. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

/** Milliseconds each of `times` requests took, made one at a time (the `i`th gets `i`), sorted ascending. */
export async function timeOneAtATime(times: number, request: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await request(i);
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

/** One visit of the short host: its answer read whole, its redirect not followed. */
export async function visit(url: string): Promise<void> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
}

/** One request of the API, its JSON body parsed; an answer other than 2xx throws. */
export async function requestJson(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The environment a measured service starts with: the checkout's own `npm start` settings, this
 * process's, then the bench's own (its database, free ports, quiet logs, no rate limit in the way).
 */
export function benchServiceEnv(options: {
  serviceEnv: Record<string, string> | undefined;
  databaseUrl: string;
  port: number;
  shortPort: number;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...options.serviceEnv,
    ...process.env,
    ...options.extra,
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    SHORT_PORT: String(options.shortPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_BUSINESS: '1000000',
  };
}
