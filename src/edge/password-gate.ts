import type { IncomingMessage } from 'node:http';
import { AppError } from '../core/errors.ts';
import type { FailureCounter } from '../services/rate-limits.ts';

/** What a POST of the password form came to. */
export type PasswordAttempt =
  | { kind: 'right' }
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number }
  /** The hashing queue is full: come back in a moment (503). */
  | { kind: 'busy' }
  | { kind: 'too-large' };

export interface PasswordGateDeps {
  /**
   * Password attempts per link per client address: 5 in 15 minutes, then 429 (docs/api.md,
   * "Password-protected links").
   */
  failures: FailureCounter;
  /**
   * scrypt, with its own bounded queue (a burst of wrong passwords never takes libuv's whole pool),
   * shared fairly between links: `key` is the link's.
   */
  verify(password: string, storedHash: string, key: string): Promise<boolean>;
}

/** A form with a password of at most 128 characters fits in far less; anything larger is refused unread. */
const MAX_FORM_BYTES = 4096;

/**
 * Checks the password a visitor posted for a link. The attempt is counted before the hash, so a
 * locked address costs no hashing and simultaneous guesses get no more hashes than the lock-out
 * allows; a wrong password keeps the attempt, a right one clears the address's count, and one
 * that was never checked (the queue full) gives it back.
 */
export async function tryPassword(
  deps: PasswordGateDeps,
  req: IncomingMessage,
  link: { id: number; passwordHash: string },
  address: string,
): Promise<PasswordAttempt> {
  const form = await readForm(req);
  if (form === undefined) return { kind: 'too-large' };
  const key = `${link.id}:${address}`;
  const wait = await deps.failures.reserve(key);
  if (wait > 0) return { kind: 'locked', retryAfterSeconds: wait };
  let right: boolean;
  try {
    const password = form.get('password');
    right = password ? await deps.verify(password, link.passwordHash, `link:${link.id}`) : false;
  } catch (error) {
    await deps.failures.release(key);
    if (error instanceof AppError && error.code === 'unavailable') return { kind: 'busy' };
    throw error;
  }
  if (!right) return { kind: 'wrong' };
  await deps.failures.clear(key);
  return { kind: 'right' };
}

/** The urlencoded body, or undefined when it is larger than a password form can be. */
function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_FORM_BYTES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.once('error', reject);
  });
}
