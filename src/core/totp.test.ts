import { describe, expect, it } from 'vitest';
import { checkTotp, totpCodeAt, totpStep, totpUri } from './totp.ts';

// RFC 6238, appendix B: the SHA-1 vectors, whose secret is the ASCII "12345678901234567890".
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
/** A 6-digit code is the 8-digit one's last six digits (the same value mod 10^6). */
const sixOf = (eight: string) => eight.slice(2);

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('gives the RFC code at %i s', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, totpStep(seconds * 1000), 8)).toBe(code);
    expect(totpCodeAt(RFC_SECRET, totpStep(seconds * 1000))).toBe(sixOf(code));
  });

  it.each(VECTORS)('accepts the RFC code at %i s, as typed with a space too', (seconds, code) => {
    const atMs = seconds * 1000;
    const six = sixOf(code);
    expect(checkTotp({ secret: RFC_SECRET, code: six, atMs, lastUsedStep: null })).toEqual({
      ok: true,
      step: totpStep(atMs),
    });
    const spaced = `${six.slice(0, 3)} ${six.slice(3)}`;
    expect(checkTotp({ secret: RFC_SECRET, code: spaced, atMs, lastUsedStep: null }).ok).toBe(true);
  });

  it('accepts a code one step early or late, not two', () => {
    const atMs = 1111111111 * 1000;
    const step = totpStep(atMs);
    const at = (offset: number) =>
      checkTotp({ secret: RFC_SECRET, code: totpCodeAt(RFC_SECRET, step + offset), atMs, lastUsedStep: null });
    expect(at(-1)).toEqual({ ok: true, step: step - 1 });
    expect(at(1)).toEqual({ ok: true, step: step + 1 });
    expect(at(-2)).toEqual({ ok: false, reason: 'wrong' });
    expect(at(2)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses a step once used, and any earlier one, but takes the next', () => {
    const atMs = 1234567890 * 1000;
    const step = totpStep(atMs);
    const code = (s: number) => totpCodeAt(RFC_SECRET, s);
    expect(checkTotp({ secret: RFC_SECRET, code: code(step), atMs, lastUsedStep: step })).toEqual({
      ok: false,
      reason: 'replayed',
    });
    expect(checkTotp({ secret: RFC_SECRET, code: code(step - 1), atMs, lastUsedStep: step }).ok).toBe(false);
    // The next step's code, still within the window, once the current one was used.
    expect(checkTotp({ secret: RFC_SECRET, code: code(step + 1), atMs, lastUsedStep: step })).toEqual({
      ok: true,
      step: step + 1,
    });
  });

  it('refuses what is not six digits, and a wrong code', () => {
    const atMs = 59_000;
    for (const code of ['', '12345', '1234567', 'abcdef', '94287082'])
      expect(checkTotp({ secret: RFC_SECRET, code, atMs, lastUsedStep: null })).toEqual({
        ok: false,
        reason: 'malformed',
      });
    const wrong = sixOf('94287082') === '000000' ? '000001' : '000000';
    expect(checkTotp({ secret: RFC_SECRET, code: wrong, atMs, lastUsedStep: null })).toEqual({
      ok: false,
      reason: 'wrong',
    });
  });

  it('writes the URI authenticator apps read: issuer, account, SHA-1, 6 digits, 30 s', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Hoplink:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Hoplink',
      secret: RFC_SECRET,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
