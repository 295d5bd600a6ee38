import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long a browser that passed the second factor may skip it at sign-in. */
export const REMEMBER_DEVICE_DAYS = 30;
export const REMEMBER_DEVICE_MS = REMEMBER_DEVICE_DAYS * 86_400_000;

/**
 * What a remembered device is bound to besides the account: the password's stored hash and when
 * two factors were turned on. A new password (changed or reset) or a new enrolment changes it, and
 * every device remembered before stops being one. Only its SHA-256 goes into the MAC.
 */
export function credentialFingerprint(passwordHash: string, twoFactorSince: string): string {
  return createHash('sha256').update(`${passwordHash}\0${twoFactorSince}`).digest('hex');
}

interface Binding {
  userId: number;
  fingerprint: string;
}

function mac(key: Buffer, userId: number, expiresAt: number, fingerprint: string): Buffer {
  return createHmac('sha256', key).update(`${userId}.${expiresAt}.${fingerprint}`).digest();
}

/**
 * The remembered-device cookie's value: `<user id>.<expiry, unix ms>.<HMAC-SHA256, base64url>`, the
 * MAC over the user, the expiry and the credential fingerprint under the service's key
 * (docs/decisions/remembered-device-key.md).
 */
export function rememberedDeviceValue(key: Buffer, binding: Binding, nowMs: number): string {
  const expiresAt = nowMs + REMEMBER_DEVICE_MS;
  const signature = mac(key, binding.userId, expiresAt, binding.fingerprint).toString('base64url');
  return `${binding.userId}.${expiresAt}.${signature}`;
}

/** Whether `value` remembers this browser for this account, under its current credentials, now. */
export function isRememberedDevice(key: Buffer, value: string | undefined, binding: Binding, nowMs: number): boolean {
  const parts = value?.split('.');
  if (parts?.length !== 3) return false;
  const [user, expiry, given] = parts as [string, string, string];
  const expiresAt = Number(expiry);
  if (user !== String(binding.userId) || !/^\d{1,15}$/.test(expiry) || expiresAt <= nowMs) return false;
  const expected = mac(key, binding.userId, expiresAt, binding.fingerprint);
  const sent = Buffer.from(given, 'base64url');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
