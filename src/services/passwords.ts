import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError } from '../core/errors.ts';

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum is 2^17 with p=1 at 64 MiB; 2^15 keeps sign-in
// fast on a small box while staying well above a plain hash). Parameters travel with the hash.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`, all base64url. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/**
 * scrypt runs on libuv's pool of 4 threads, which DNS lookups and file reads share: a burst of
 * hashing must not take all of them, nor queue without end (200 sign-ins at once made a real
 * user's sign-in take 2 s). `concurrency` hash at a time; past `maxWaiting` waiting, the caller
 * gets `unavailable` (503 with Retry-After on the API) with `busyMessage`.
 */
export function createPasswordHasher(options: {
  concurrency: number;
  maxWaiting: number;
  busyMessage: string;
}): PasswordHasher {
  const hashing = pLimit(options.concurrency);
  const derive = (password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> => {
    if (hashing.pendingCount >= options.maxWaiting) {
      return Promise.reject(new AppError('unavailable', options.busyMessage));
    }
    return hashing(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
            error ? reject(error) : resolve(key),
          );
        }),
    );
  };
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, PARAMS);
      return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const key = await derive(password, Buffer.from(salt, 'base64url'), {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: PARAMS.maxmem,
      });
      return key.length === expected.length && timingSafeEqual(key, expected);
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
