import { randomInt } from 'node:crypto';
import { invalidField } from './errors.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const RANDOM_CODE_LENGTH = 7;
export const CUSTOM_CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

/**
 * Paths the short host or a reverse proxy in front of it may need, so a user cannot claim them.
 * Compared case-insensitively: "API" would be as confusing as "api".
 */
export const RESERVED_CODES: ReadonlySet<string> = new Set([
  'api',
  'admin',
  'app',
  'assets',
  'dashboard',
  'docs',
  'favicon.ico',
  'health',
  'healthz',
  'login',
  'logout',
  'metrics',
  'robots.txt',
  'signin',
  'signout',
  'signup',
  'static',
  'status',
  'well-known',
  '_hoplink',
]);

/** 7 characters of base62 from a CSPRNG: 62^7 ≈ 3.5e12 codes, so collisions are rare and retried. */
export function randomShortCode(length = RANDOM_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += BASE62[randomInt(62)];
  return code;
}

export function validateCustomCode(code: string): string {
  if (!CUSTOM_CODE_PATTERN.test(code)) {
    throw invalidField('short_code', 'The short code field must be 3 to 64 letters, digits, dashes or underscores.');
  }
  if (RESERVED_CODES.has(code.toLowerCase())) {
    throw invalidField('short_code', 'The short code is reserved.');
  }
  return code;
}
