import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMinor, isCurrency, parseAmount, perClick, sumAmounts } from './money.ts';

describe('money', () => {
  it('adds decimal strings exactly: 0.1 + 0.2 is 0.30', () => {
    expect(sumAmounts(['0.1', '0.2'], 'EUR')).toBe('0.30');
    expect(sumAmounts(['0.10', '0.20', '0.05'], 'USD')).toBe('0.35');
    expect(sumAmounts(['999999999999.99', '0.01'], 'USD')).toBe('1000000000000.00');
  });

  it('knows ISO 4217 codes and their minor units', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('parses amounts into minor units, never rounding', () => {
    expect(parseAmount('amount', '24.99', 'USD')).toBe(2499);
    expect(parseAmount('amount', '10.500', 'EUR')).toBe(1050);
    expect(parseAmount('amount', '1500', 'JPY')).toBe(1500);
    expect(parseAmount('amount', '0.125', 'KWD')).toBe(125);
    expect(() => parseAmount('amount', '10.505', 'EUR')).toThrow(/more decimals/);
    expect(() => parseAmount('amount', '1500.5', 'JPY')).toThrow(/more decimals/);
  });

  it('refuses what is not a non-negative decimal string', () => {
    for (const bad of ['', '1,50', '-1', '1e3', '01', '1.', '.5', 'NaN', '1.23456', '1234567890123']) {
      expect(() => parseAmount('amount', bad, 'EUR'), bad).toThrow();
    }
  });

  it('shares earnings over clicks with two more digits than the currency, rounded half up', () => {
    expect(perClick(3n, 20, 'EUR')).toBe('0.0015');
    expect(perClick(1n, 3, 'EUR')).toBe('0.0033');
    expect(perClick(2n, 3, 'EUR')).toBe('0.0067');
    expect(perClick(100n, 0, 'USD')).toBe('0.0000');
    expect(perClick(1500n, 7, 'JPY')).toBe('214.29');
  });

  it('formats minor units in the currency', () => {
    expect(formatMinor(30, 'EUR')).toBe('0.30');
    expect(formatMinor(5n, 'USD')).toBe('0.05');
    expect(formatMinor('123456', 'USD')).toBe('1234.56');
    expect(formatMinor(1500, 'JPY')).toBe('1500');
    expect(formatMinor(-250, 'EUR')).toBe('-2.50');
  });
});
