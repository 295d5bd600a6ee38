import { describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.ts';
import { compileConditions, validateConditions, type Visitor } from './targeting.ts';

const visitor = (overrides: Partial<Visitor> = {}): Visitor => ({
  country: 'US',
  device: 'desktop',
  os: 'windows',
  browser: 'chrome',
  language: 'en',
  ...overrides,
});

function errorsOf(input: unknown): Record<string, string[]> {
  try {
    validateConditions(input);
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors ?? {};
  }
  throw new Error('expected a validation error');
}

describe('validateConditions', () => {
  it('accepts every condition type and normalises the values', () => {
    const conditions = validateConditions([
      { type: 'country', operator: 'in', values: ['us', 'GB'], redirect_url: 'https://a.example' },
      { type: 'device', operator: 'not_in', values: ['Mobile'], redirect_url: 'https://b.example' },
      { type: 'os', operator: 'in', values: ['ios', 'android'], redirect_url: 'https://c.example' },
      { type: 'browser', operator: 'in', values: ['samsung'], redirect_url: 'https://d.example' },
      { type: 'language', operator: 'in', values: ['FR'], redirect_url: 'https://e.example' },
    ]);
    expect(conditions.map((c) => c.values)).toEqual([
      ['US', 'GB'],
      ['mobile'],
      ['ios', 'android'],
      ['samsung'],
      ['fr'],
    ]);
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
      fresh.validateConditions([
        { type: 'device', operator: 'in', values: ['mobile'], redirect_url: 'https://a.example' },
      ]);
      expect(made).toBe(0);
      fresh.validateConditions([
        { type: 'country', operator: 'in', values: ['FR'], redirect_url: 'https://a.example' },
      ]);
      fresh.validateConditions([
        { type: 'language', operator: 'in', values: ['de'], redirect_url: 'https://a.example' },
      ]);
      expect(made).toBe(2);
    } finally {
      intl.DisplayNames = Real;
    }
  });

  it('names every invalid field by its dot path', () => {
    const errors = errorsOf([
      { type: 'device', operator: 'in', values: ['phone'], redirect_url: 'https://ok.example' },
      { type: 'planet', operator: 'near', values: [], redirect_url: 'javascript:alert(1)' },
      { type: 'country', operator: 'in', values: ['ZZ', 'USA'], redirect_url: 'https://ok.example' },
      { type: 'language', operator: 'in', values: ['qq'], redirect_url: 'https://ok.example' },
      'not an object',
    ]);
    expect(Object.keys(errors).sort()).toEqual([
      'conditions.0.values.0',
      'conditions.1.operator',
      'conditions.1.redirect_url',
      'conditions.1.type',
      'conditions.1.values',
      'conditions.2.values.0',
      'conditions.2.values.1',
      'conditions.3.values.0',
      'conditions.4',
    ]);
  });

  it('allows at most 20 conditions', () => {
    const one = { type: 'country', operator: 'in', values: ['US'], redirect_url: 'https://a.example' };
    expect(validateConditions(Array(20).fill(one))).toHaveLength(20);
    expect(errorsOf(Array(21).fill(one))).toHaveProperty('conditions');
  });
});

describe('compiled targeting', () => {
  const targeting = compileConditions(
    validateConditions([
      { type: 'country', operator: 'in', values: ['GB'], redirect_url: 'https://uk.example' },
      { type: 'device', operator: 'in', values: ['mobile', 'tablet'], redirect_url: 'https://m.example' },
      { type: 'language', operator: 'not_in', values: ['en'], redirect_url: 'https://intl.example' },
    ]),
  )!;

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
