import { describe, expect, it } from 'vitest';
import {
  credentialFingerprint,
  isRememberedDevice,
  REMEMBER_DEVICE_MS,
  rememberedDeviceValue,
} from './remembered-device.ts';

const key = Buffer.alloc(32, 7);
const now = 1_800_000_000_000;
const binding = { userId: 42, fingerprint: credentialFingerprint('scrypt$one', '2026-01-01T00:00:00.000Z') };

describe('remembered devices', () => {
  it('remembers the browser for 30 days, for its account only', () => {
    const value = rememberedDeviceValue(key, binding, now);
    expect(isRememberedDevice(key, value, binding, now + REMEMBER_DEVICE_MS - 1)).toBe(true);
    expect(isRememberedDevice(key, value, binding, now + REMEMBER_DEVICE_MS)).toBe(false);
    expect(isRememberedDevice(key, value, { ...binding, userId: 43 }, now)).toBe(false);
  });

  it('forgets it when the password or the enrolment changes, or under another key', () => {
    const value = rememberedDeviceValue(key, binding, now);
    const newPassword = credentialFingerprint('scrypt$two', '2026-01-01T00:00:00.000Z');
    const newEnrolment = credentialFingerprint('scrypt$one', '2026-02-01T00:00:00.000Z');
    expect(isRememberedDevice(key, value, { ...binding, fingerprint: newPassword }, now)).toBe(false);
    expect(isRememberedDevice(key, value, { ...binding, fingerprint: newEnrolment }, now)).toBe(false);
    expect(isRememberedDevice(Buffer.alloc(32, 8), value, binding, now)).toBe(false);
  });

  it('refuses a value whose expiry was moved, or that is not one at all', () => {
    const [user, expiry, mac] = rememberedDeviceValue(key, binding, now).split('.');
    expect(isRememberedDevice(key, `${user}.${Number(expiry) + 86_400_000}.${mac}`, binding, now)).toBe(false);
    for (const junk of [undefined, '', 'a.b.c', `${user}.${expiry}`, `${user}.${expiry}.${mac}.x`, `42.1e20.${mac}`])
      expect(isRememberedDevice(key, junk, binding, now)).toBe(false);
  });
});
