import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../core/errors.ts';
import { FairQueue } from '../core/fair-queue.ts';

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum is 2^17 with p=1 at 64 MiB; 2^15 keeps sign-in
// fast on a small box while staying well above a plain hash). Parameters travel with the hash.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`, all base64url. `key` names whose turn it is (see createPasswordHasher). */
  hash(password: string, key?: string): Promise<string>;
  verify(password: string, stored: string, key?: string): Promise<boolean>;
}

/**
 * scrypt runs on libuv's pool of 4 threads, which DNS lookups and file reads share: a burst of
 * hashing must not take all of them, nor queue without end (200 sign-ins at once made a real
 * user's sign-in take 2 s). `concurrency` hash at a time; the rest wait in a line per `key` (a
 * link, an account), served round robin, so one key's flood delays another key's single request
 * by one hash, not by the whole queue. A key holds at most `maxWaitingPerKey` waiting (a quarter
 * of `maxWaiting` unless given), all keys together `maxWaiting`, a full queue making room for a
 * key with fewer waiting than the longest line (FairQueue). A request refused, or pushed out, gets
 * `unavailable` (503 with Retry-After) with `busyMessage`. Calls without a key share one line.
 */
export function createPasswordHasher(options: {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerKey?: number;
  busyMessage: string;
}): PasswordHasher {
  const waiting = new FairQueue<{ start(): void; refuse(): void }>({
    perKey: options.maxWaitingPerKey ?? Math.max(1, Math.floor(options.maxWaiting / 4)),
    total: options.maxWaiting,
  });
  let running = 0;
  const startNext = () => {
    if (running >= options.concurrency) return;
    const next = waiting.shift();
    if (next === undefined) return;
    running += 1;
    next.start();
  };
  const derive = (password: string, salt: Buffer, params: ScryptOptions, key = ''): Promise<Buffer> =>
    new Promise<Buffer>((resolve, reject) => {
      const refuse = () => reject(new AppError('unavailable', options.busyMessage));
      const start = () => {
        const done = (error: Error | null, derived?: Buffer) => {
          running -= 1;
          startNext();
          if (error) reject(error);
          else resolve(derived!);
        };
        // Parameters scrypt refuses (a malformed stored hash) throw at once, not in the callback.
        try {
          scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, done);
        } catch (error) {
          done(error as Error);
        }
      };
      const { admitted, evicted } = waiting.push(key, { start, refuse });
      evicted?.refuse();
      if (!admitted) return refuse();
      startNext();
    });
  return {
    async hash(password, key) {
      const salt = randomBytes(16);
      const derived = await derive(password, salt, PARAMS, key);
      const { N, r, p } = PARAMS;
      return ['scrypt', N, r, p, salt.toString('base64url'), derived.toString('base64url')].join('$');
    },
    async verify(password, stored, key) {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const derived = await derive(
        password,
        Buffer.from(salt, 'base64url'),
        { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem },
        key,
      );
      return derived.length === expected.length && timingSafeEqual(derived, expected);
    },
  };
}

/** Account passwords (sign-up, sign-in, the CLI) and link passwords set through the API. */
const accounts = createPasswordHasher({
  concurrency: 2,
  maxWaiting: 64,
  busyMessage: 'Too many sign-ins at once. Try again in a moment.',
});

export const hashPassword = accounts.hash;
export const verifyPassword = accounts.verify;
