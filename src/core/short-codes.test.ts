import { describe, expect, it } from 'vitest';
import { randomShortCode, validateCustomCode } from './short-codes.ts';

describe('short codes', () => {
  it('makes 7-character base62 random codes that differ', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => randomShortCode()));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{7}$/);
  });

  it('accepts 3 to 64 letters, digits, dashes and underscores', () => {
    expect(validateCustomCode('abc')).toBe('abc');
    expect(validateCustomCode('A-b_9'.padEnd(64, 'x'))).toHaveLength(64);
  });

  it.each(['ab', 'a'.repeat(65), 'a b', 'a/b', 'é-code', 'api', 'DOCS', 'favicon.ico'])('refuses %s', (code) => {
    expect(() => validateCustomCode(code)).toThrow();
  });
});
