import { createHash } from 'node:crypto';
import { Secret } from 'otpauth';

/** How many recovery codes enrolment (and each new set) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Random bytes in a code: 80 bits, 16 base32 characters, too many to guess from its SHA-256. */
export const RECOVERY_CODE_BYTES = 10;
const CHARACTERS = (RECOVERY_CODE_BYTES * 8) / 5;

/** A code as shown: lower-case base32 in groups of four, `abcd-efgh-ijkl-mnop`. */
export function formatRecoveryCode(random: Uint8Array): string {
  if (random.length !== RECOVERY_CODE_BYTES) throw new Error(`a recovery code takes ${RECOVERY_CODE_BYTES} bytes`);
  const base32 = new Secret({ buffer: random.slice().buffer }).base32.toLowerCase();
  return base32.match(/.{4}/g)!.join('-');
}

/**
 * A code as typed (any case, with or without its dashes or spaces) in its one stored form; undefined
 * when it cannot be a recovery code at all.
 */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const bare = typed.toLowerCase().replace(/[\s-]+/g, '');
  return new RegExp(`^[a-z2-7]{${CHARACTERS}}$`).test(bare) ? bare : undefined;
}

/** What is stored of a code (normalized first): its SHA-256, as hex. */
export function recoveryCodeHash(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}
