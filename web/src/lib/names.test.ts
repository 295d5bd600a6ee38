import { describe, expect, it } from 'vitest';
import { browserName, countryName, deviceName, languageName, osName, referrerName, valueName } from './names.ts';

describe('statistics values as words', () => {
  it('names browsers, systems and devices as their makers spell them', () => {
    expect(browserName('chrome')).toBe('Chrome');
    expect(browserName('samsung')).toBe('Samsung Internet');
    expect(osName('macos')).toBe('macOS');
    expect(osName('ios')).toBe('iOS');
    expect(deviceName('mobile')).toBe('Mobile');
    // Outside the vocabulary: capitalised, never dropped.
    expect(browserName('other')).toBe('Other');
    expect(osName('other')).toBe('Other');
  });

  it('names countries and languages from their codes, and says Unknown for none', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('XX')).toBe('Unknown');
    expect(languageName('ja')).toBe('Japanese');
    expect(languageName('unknown')).toBe('Unknown');
    expect(referrerName('direct')).toBe('Direct (none)');
  });

  it('reads a value by its dimension, and leaves UTM values as the visitor sent them', () => {
    expect(valueName('country', 'JP')).toBe('Japan');
    expect(valueName('os', 'macos')).toBe('macOS');
    expect(valueName('device', 'tablet')).toBe('Tablet');
    expect(valueName('utm_source', 'newsletter')).toBe('newsletter');
    expect(valueName('storefront', 'apple:jp')).toBe('Apple (JP)');
  });
});
