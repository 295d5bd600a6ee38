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
