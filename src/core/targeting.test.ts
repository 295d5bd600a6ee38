import { describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.ts';
import { compileConditions, normalizeConditions, type Condition, type Visitor } from './targeting.ts';

const visitor = (overrides: Partial<Visitor> = {}): Visitor => ({
  country: 'US',
  device: 'desktop',
  os: 'windows',
  browser: 'chrome',
  language: 'en',
  ...overrides,
});

function errorsOf(conditions: Condition[]): Record<string, string[]> {
  try {
    normalizeConditions(conditions);
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors ?? {};
  }
  throw new Error('expected a validation error');
}

const rule = (type: Condition['type'], values: string[]): Condition => ({
  type,
  operator: 'in',
  values,
  redirect_url: 'https://a.example',
});

// The shape, the vocabularies and the limits are the request schema's (test/http/conditions.test.ts).
describe('normalizeConditions', () => {
  it('keeps country codes upper case and language codes lower case, each value once', () => {
    const conditions = normalizeConditions([
      rule('country', ['us', 'GB', 'Us']),
      { ...rule('device', ['mobile']), operator: 'not_in' },
      rule('os', ['ios', 'android']),
      rule('browser', ['samsung', 'samsung']),
      rule('language', ['FR', 'de']),
    ]);
    expect(conditions.map((c) => c.values)).toEqual([
      ['US', 'GB'],
      ['mobile'],
      ['ios', 'android'],
      ['samsung'],
      ['fr', 'de'],
    ]);
    expect(conditions[1]).toEqual({ ...rule('device', ['mobile']), operator: 'not_in' });
  });

  it('reads the ICU display names only when a country or language is first checked', async () => {
    const Real = Intl.DisplayNames;
    let made = 0;
    const intl = Intl as { DisplayNames: typeof Real };
    intl.DisplayNames = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    };
    try {
      vi.resetModules();
      const fresh = await import('./targeting.ts');
      fresh.normalizeConditions([rule('device', ['mobile'])]);
      expect(made).toBe(0);
      fresh.normalizeConditions([rule('country', ['FR'])]);
      fresh.normalizeConditions([rule('language', ['de'])]);
      expect(made).toBe(2);
    } finally {
      intl.DisplayNames = Real;
    }
  });

  it('refuses values that are not codes of a real country or language, each at its dot path', () => {
    const errors = errorsOf([
      rule('country', ['DE', 'ZZ', 'xx', 'USA', 'G1']),
      rule('device', ['mobile']),
      rule('language', ['en', 'qq', 'eng']),
    ]);
    expect(errors).toEqual({
      'conditions.0.values.1': ['The selected conditions.0.values.1 is invalid for country.'],
      'conditions.0.values.2': ['The selected conditions.0.values.2 is invalid for country.'],
      'conditions.0.values.3': ['The selected conditions.0.values.3 is invalid for country.'],
      'conditions.0.values.4': ['The selected conditions.0.values.4 is invalid for country.'],
      'conditions.2.values.1': ['The selected conditions.2.values.1 is invalid for language.'],
      'conditions.2.values.2': ['The selected conditions.2.values.2 is invalid for language.'],
    });
  });

  it('reports at most 50 unknown codes', () => {
    const conditions = Array.from({ length: 20 }, () => rule('country', Array(250).fill('ZZ') as string[]));
    expect(Object.values(errorsOf(conditions)).flat()).toHaveLength(50);
  });
});

describe('compiled targeting', () => {
  const targeting = compileConditions([
    { type: 'country', operator: 'in', values: ['GB'], redirect_url: 'https://uk.example' },
    { type: 'device', operator: 'in', values: ['mobile', 'tablet'], redirect_url: 'https://m.example' },
    { type: 'language', operator: 'not_in', values: ['en'], redirect_url: 'https://intl.example' },
  ])!;

  it.each([
    ['a British desktop visitor', visitor({ country: 'GB' }), 'https://uk.example'],
    ['a British phone: the first match wins', visitor({ country: 'GB', device: 'mobile' }), 'https://uk.example'],
    ['an American tablet', visitor({ device: 'tablet' }), 'https://m.example'],
    ['a German speaker on desktop', visitor({ language: 'de' }), 'https://intl.example'],
    ['a visitor with no language header', visitor({ language: null }), 'https://intl.example'],
    ['an English-speaking American on desktop', visitor(), null],
  ])('sends %s to %s', (_name, who, expected) => {
    expect(targeting(who)).toBe(expected);
  });

  it('compiles no conditions to nothing', () => {
    expect(compileConditions([])).toBeNull();
  });
});
