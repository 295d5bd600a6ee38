import { AppError, MAX_FIELD_ERRORS, type FieldErrors } from './errors.ts';

export const CONDITION_TYPES = ['country', 'device', 'os', 'browser', 'language'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const OPERATORS = ['in', 'not_in'] as const;

export interface Condition {
  type: ConditionType;
  operator: (typeof OPERATORS)[number];
  values: string[];
  redirect_url: string;
}

/** What the redirect knows about a visitor, in the vocabularies of the conditions (docs/api.md, "Links"). */
export interface Visitor {
  country: string;
  device: string;
  os: string;
  browser: string;
  language: string | null;
}

export const MAX_CONDITIONS = 20;
/** Values one condition may list: every country (there are 249) fits. */
export const MAX_CONDITION_VALUES = 250;
/** The longest country or language value the schema lets through to the check of its code. */
export const MAX_CONDITION_VALUE_LENGTH = 16;

export const VOCABULARIES = {
  device: ['desktop', 'mobile', 'tablet'],
  os: ['ios', 'android', 'windows', 'macos', 'linux'],
  browser: ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung'],
} as const;

// Intl knows every assigned ISO 3166 region and ISO 639 language and echoes unknown codes back,
// which tells real codes ("US", "fr") from merely well-formed ones ("ZZ", "qq"). Made on first
// use: the first locale data asked of ICU reads about 5 MB of it into memory, which a process
// that never checks a condition need not hold.
let names: { region: Intl.DisplayNames; language: Intl.DisplayNames } | undefined;

function displayNames() {
  names ??= {
    region: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
    language: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }),
  };
  return names;
}

function isCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = displayNames().region.of(code);
  // CLDR names ZZ "Unknown Region"; XX is what Hoplink records for an unknown country.
  return name !== code && name !== 'Unknown Region';
}

const isLanguage = (code: string): boolean => /^[a-z]{2}$/.test(code) && displayNames().language.of(code) !== code;

/**
 * Conditions that passed the request schema (src/schemas/link.ts: the kinds, operators,
 * vocabularies, URLs and every limit), as the redirect compares them: country codes upper case,
 * language codes lower case, each value once. What the schema leaves to this check: that a
 * country or language value is a real ISO code. Intl knows them; the schema could only list them,
 * some 430 codes in the OpenAPI document and in every client's types. The two-letter shape is
 * checked here too, so every value that is not a code gets the same message. Each refused value is
 * reported at `conditions.N.values.M`, up to MAX_FIELD_ERRORS.
 */
export function normalizeConditions(conditions: readonly Condition[]): Condition[] {
  const errors: FieldErrors = {};
  let errorCount = 0;
  const result = conditions.map((condition, index) => {
    const { type } = condition;
    const values = new Set<string>();
    for (const [position, value] of condition.values.entries()) {
      if (type === 'country' || type === 'language') {
        const code = type === 'country' ? value.toUpperCase() : value.toLowerCase();
        if (!(type === 'country' ? isCountry(code) : isLanguage(code))) {
          const path = `conditions.${index}.values.${position}`;
          if (errorCount++ < MAX_FIELD_ERRORS) errors[path] = [`The selected ${path} is invalid for ${type}.`];
          continue;
        }
        values.add(code);
      } else {
        values.add(value);
      }
    }
    return { ...condition, values: [...values] };
  });
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw new AppError('validation-failed', messages[0]!, errors);
  return result;
}

/** The destination of the first matching condition, or null when none matches. */
export type CompiledTargeting = (visitor: Visitor) => string | null;

/** Compiles once (sets for membership), so evaluating 20 conditions is 20 set lookups. */
export function compileConditions(conditions: readonly Condition[]): CompiledTargeting | null {
  if (conditions.length === 0) return null;
  const compiled = conditions.map((condition) => ({
    type: condition.type,
    negate: condition.operator === 'not_in',
    values: new Set(condition.values),
    destination: condition.redirect_url,
  }));
  return (visitor) => {
    for (const rule of compiled) {
      const value = visitor[rule.type];
      const member = value !== null && rule.values.has(value);
      if (member !== rule.negate) return rule.destination;
    }
    return null;
  };
}
