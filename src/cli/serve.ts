import cluster from 'node:cluster';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';

// main.ts from the sources, main.js from build/ (bin/compiled.js): this module's own extension.
const MAIN = fileURLToPath(new URL(`../main${extname(import.meta.url)}`, import.meta.url));

/**
 * Why a multi-process setup is refused, or undefined when it is safe. SQLite has one writer per
 * file and the in-process click buffer, cache invalidation and rate limits are per process, so
 * several workers need PostgreSQL and Redis.
 */
export function workersRefusal(workers: number, databaseUrl: string, redisUrl: string | undefined): string | undefined {
  if (workers <= 1) return undefined;
  if (databaseUrl.startsWith('sqlite:'))
    return (
      'several workers need PostgreSQL (DATABASE_URL=postgres://...): SQLite allows one writer per database file. ' +
      'Run one worker, or move to PostgreSQL and Redis.'
    );
  if (!redisUrl)
    return (
      'several workers need REDIS_URL: rate limits, link-cache invalidation and click buffering ' +
      'must be shared between processes.'
    );
  return undefined;
}

/**
 * The V8 settings a service process runs with (docs/deployment.md, "Memory"): a young generation
 * of 16 MB a semi-space instead of the 64 MB V8 grows it to under load (redirects leave almost
 * nothing alive, so a smaller nursery costs scavenges that are cheap, and saves about 100 MB),
 * and the old generation collected once it has grown by a fifth of its live size instead of by
 * up to several times it (the same redirect throughput in alternating runs; 30 - 80 MB less RSS
 * at a half, 15 MB less again at a fifth).
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=20'];

export function withServiceFlags(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map((flag) => flag.split('=')[0]));
  return [...execArgv, ...SERVICE_NODE_FLAGS.filter((flag) => !given.has(flag.split('=')[0]))];
}

/**
 * The environment a service process runs with, beside its flags (docs/deployment.md, "Memory").
 * glibc gives a thread that allocates its own malloc arena (up to eight a core), and what a thread
 * frees stays in its arena: V8's helper threads, libuv's pool and the click thread held 35 - 50 MB
 * of arenas after a redirect run, much of it free. With two arenas, twelve pairs of services side
 * by side under the same alternating redirect load: up to 19 MB less RSS (11 MB on average), 99.3%
 * of the redirects (95 - 101% a pair).
 *
 * Blocks of 32 KiB and more come from mmap, so they go back to the system when freed: V8's
 * compiler takes its working memory in 32 KiB blocks on its helper threads, tens of megabytes in a
 * burst. Under glibc's own threshold (128 KiB, and it raises that to the largest mapped block
 * freed, up to 32 MB) they came from the arenas, and those bursts left them 40 MB large with 19 MB
 * in use (glibc hands back only the free memory at an arena's top). The top of an arena is kept up
 * to 64 MiB, the bound glibc's own adjustment reaches: at its default of 128 KiB, trimming and
 * growing the top again cost 1 - 5% of the links created a second.
 * Together, after a run like the bench's: 193 - 199 MB against 205 - 213, the same redirects
 * (96 - 103% a pair) and links created (99 - 102% on SQLite; noisy pairs on PostgreSQL).
 *
 * glibc reads them only at process start, so they are set where the process is started:
 * `npm start`, the image, the systemd unit, a worker's fork.
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '67108864',
};

/** `env` with SERVICE_ENV's settings added where the operator has not set them. */
export function withServiceEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...SERVICE_ENV, ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) };
}

/** Runs the service in `workers` processes sharing PORT and SHORT_PORT; dead workers are replaced. */
export async function serve(workers: number, env: Record<string, string | undefined>): Promise<void> {
  const config = loadConfig(env);
  const refusal = workersRefusal(workers, config.databaseUrl, config.redisUrl);
  if (refusal) throw new ConfigError(refusal);
  if (workers <= 1) {
    await import(MAIN);
    return new Promise(() => {}); // main.ts owns the process from here and exits on SIGTERM
  }
  cluster.setupPrimary({ exec: MAIN, execArgv: withServiceFlags(process.execArgv) });
  let stopping = false;
  const start = () => cluster.fork(withServiceEnv(env));
  for (let i = 0; i < workers; i++) start();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    start();
  });
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const check = setInterval(() => {
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          clearInterval(check);
          resolve();
        }
      }, 100);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
