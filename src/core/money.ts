import { invalidField } from './errors.ts';

// Money as the networks report it: decimal strings in an ISO 4217 currency, kept as integers in
// the currency's minor units (cents, or yen themselves), added exactly, never converted between
// currencies and never through floating point (0.1 + 0.2 is 0.30, not 0.30000000000000004).

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const exponents = new Map<string, number>();

/** An ISO 4217 code this runtime knows (upper case, three letters). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code);
}

/** The currency's minor unit exponent: 2 for EUR and USD, 0 for JPY, 3 for KWD. */
export function currencyExponent(code: string): number {
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
    exponent = format.resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(code, exponent);
  }
  return exponent;
}

/** A non-negative decimal: at most 12 digits before the point and 4 after it. */
export const AMOUNT_PATTERN = '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,4})?$';
const AMOUNT = new RegExp(AMOUNT_PATTERN);

/**
 * The amount in minor units of `currency`. Digits past the currency's exponent must be zeros
 * ("10.50" and "10.500" in EUR are 1050; "10.505" is refused): an amount is never rounded.
 */
export function parseAmount(field: string, value: string, currency: string): number {
  const match = AMOUNT.exec(value);
  if (!match) throw invalidField(field, `The ${field} must be a decimal string such as "12.50".`);
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? '').slice(1);
  if (/[^0]/.test(fraction.slice(exponent))) {
    throw invalidField(field, `The ${field} has more decimals than ${currency} has (${exponent}).`);
  }
  const minor = BigInt(match[1]!) * 10n ** BigInt(exponent) + BigInt(fraction.slice(0, exponent).padEnd(exponent, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidField(field, `The ${field} is too large.`);
  return Number(minor);
}

/** Minor units as the decimal string of `currency`: 30 cents is "0.30", 1500 yen "1500". */
export function formatMinor(minor: bigint | number | string, currency: string): string {
  const exponent = currencyExponent(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return negative ? `-${whole}` : whole;
}

/**
 * Earnings per click: minor units shared over clicks, as a decimal string with two digits more
 * than the currency has (EUR 0.03 over 20 clicks is "0.0015"), rounded half up; "0.00.." without clicks.
 */
export function perClick(minor: bigint, clicks: number, currency: string): string {
  const exponent = currencyExponent(currency) + 2;
  if (clicks <= 0) return formatScaled(0n, exponent);
  const scaled = (minor * 100n * 2n + BigInt(clicks)) / (2n * BigInt(clicks));
  return formatScaled(scaled, exponent);
}

function formatScaled(value: bigint, exponent: number): string {
  const digits = value.toString().padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Decimal strings of one currency added exactly: ["0.1", "0.2"] in EUR is "0.30". */
export function sumAmounts(amounts: readonly string[], currency: string): string {
  let total = 0n;
  for (const amount of amounts) total += BigInt(parseAmount('amount', amount, currency));
  return formatMinor(total, currency);
}
