import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, normalizeRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('shows 80 random bits as four groups of four base32 characters', () => {
    expect(formatRecoveryCode(new Uint8Array(10))).toBe('aaaa-aaaa-aaaa-aaaa');
    expect(formatRecoveryCode(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 1]))).toBe(
      '7777-7777-aaaa-aaab',
    );
    expect(() => formatRecoveryCode(new Uint8Array(8))).toThrow();
  });

  it('reads a code however it is typed, and refuses what cannot be one', () => {
    expect(normalizeRecoveryCode('ABCD-efgh 2345-6777')).toBe('abcdefgh23456777');
    expect(normalizeRecoveryCode(' abcdefgh23456777 ')).toBe('abcdefgh23456777');
    expect(normalizeRecoveryCode('abcd-efgh-2345-677')).toBeUndefined();
    expect(normalizeRecoveryCode('abcd-efgh-2345-6789')).toBeUndefined(); // 8 and 9 are not base32
    expect(normalizeRecoveryCode('123456')).toBeUndefined();
  });

  it('stores the SHA-256 of the normalized code, the same however it was typed', () => {
    const hash = recoveryCodeHash(normalizeRecoveryCode('ABCD-EFGH-2345-6777')!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(normalizeRecoveryCode('abcdefgh23456777')!)).toBe(hash);
  });
});
