import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238), as authenticator apps make them by default: HMAC-SHA-1,
 * 6 digits, 30-second steps. A code is accepted one step early or late (a phone's clock a little
 * off, a code typed as it changed), and a step once used is never accepted again (docs/api.md,
 * "Two-factor sign-in").
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted on each side of the current one. */
export const TOTP_WINDOW = 1;
const ALGORITHM = 'SHA1';

/** The step (RFC 6238's T) that a moment falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one step for a base32 secret; `digits` is 6 but for RFC 6238's own 8-digit vectors. */
export function totpCodeAt(secret: string, step: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits, counter: step });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'malformed' | 'wrong' | 'replayed' };

/**
 * Whether `code` is the secret's code for a step within the window around `atMs` that is later
 * than `lastUsedStep` (null: none used yet). The step it matched is to be stored as the new last
 * one. Spaces in the code are ignored (apps show "123 456").
 */
export function checkTotp(input: {
  secret: string;
  code: string;
  atMs: number;
  lastUsedStep: number | null;
}): TotpCheck {
  const code = input.code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return { ok: false, reason: 'malformed' };
  const now = totpStep(input.atMs);
  const delta = HOTP.validate({
    token: code,
    secret: Secret.fromBase32(input.secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    counter: now,
    window: TOTP_WINDOW,
  });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = now + delta;
  if (input.lastUsedStep !== null && step <= input.lastUsedStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/** The otpauth:// URI an authenticator app reads from the enrolment's QR code. */
export function totpUri(secret: string, account: string, issuer = 'Hoplink'): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
