import { AppError, MAX_FIELD_ERRORS, type FieldErrors } from './errors.ts';
import { isHttpUrl } from './urls.ts';

export const CONDITION_TYPES = ['country', 'device', 'os', 'browser', 'language'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const OPERATORS = ['in', 'not_in'] as const;

export interface Condition {
  type: ConditionType;
  operator: (typeof OPERATORS)[number];
  values: string[];
  redirect_url: string;
}

/** What the redirect knows about a visitor, in the vocabularies of decisions §3. */
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
/** Longest value of any vocabulary ("desktop", "android", ...), with room to spare. */
export const MAX_CONDITION_VALUE_LENGTH = 16;

export const VOCABULARIES = {
  device: ['desktop', 'mobile', 'tablet'],
  os: ['ios', 'android', 'windows', 'macos', 'linux'],
  browser: ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung'],
} as const;

// Intl knows every assigned ISO 3166 region and ISO 639 language and echoes unknown codes back,
// which tells real codes ("US", "fr") from merely well-formed ones ("ZZ", "qq"). Made on first
// use: the first locale data asked of ICU reads about 5 MB of it into memory, which a process
// that never validates a condition need not hold.
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

function isLanguage(code: string): boolean {
  return /^[a-z]{2}$/.test(code) && displayNames().language.of(code) !== code;
}

function normalizeValue(type: ConditionType, value: string): string {
  return type === 'country' ? value.trim().toUpperCase() : value.trim().toLowerCase();
}

function isKnownValue(type: ConditionType, value: string): boolean {
  switch (type) {
    case 'country':
      return isCountry(value);
    case 'language':
      return isLanguage(value);
    default:
      return (VOCABULARIES[type] as readonly string[]).includes(value);
  }
}

const field = (path: string) => path.replace(/_/g, ' ');

/**
 * Validates targeting conditions as sent by a client and returns them normalised (countries
 * upper case, everything else lower case). Every problem is reported, each under its
 * `conditions.N.field` path, up to MAX_FIELD_ERRORS; the work is bounded by the limits on
 * conditions and values, whatever the request holds.
 */
export function validateConditions(input: unknown): Condition[] {
  const errors: FieldErrors = {};
  let errorCount = 0;
  const fail = (path: string, message: string) => {
    if (errorCount++ < MAX_FIELD_ERRORS) (errors[path] ??= []).push(message);
  };
  if (!Array.isArray(input)) {
    fail('conditions', 'The conditions field must be an array.');
  } else if (input.length > MAX_CONDITIONS) {
    fail('conditions', `The conditions field must not have more than ${MAX_CONDITIONS} items.`);
  }
  const result: Condition[] = [];
  for (const [index, raw] of (Array.isArray(input) ? input.slice(0, MAX_CONDITIONS) : []).entries()) {
    const base = `conditions.${index}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      fail(base, `The ${base} field must be an object.`);
      continue;
    }
    const item = raw as Record<string, unknown>;
    const type = item.type;
    const typeOk = typeof type === 'string' && (CONDITION_TYPES as readonly string[]).includes(type);
    if (!typeOk) fail(`${base}.type`, `The selected ${base}.type is invalid.`);
    if (!(typeof item.operator === 'string' && (OPERATORS as readonly string[]).includes(item.operator))) {
      fail(`${base}.operator`, `The selected ${base}.operator is invalid.`);
    }
    if (typeof item.redirect_url !== 'string' || !isHttpUrl(item.redirect_url)) {
      fail(
        `${base}.redirect_url`,
        `The ${field(`${base}.redirect_url`)} field must be a valid http or https URL of at most 2048 characters.`,
      );
    }
    const values = new Set<string>();
    if (!Array.isArray(item.values) || item.values.length === 0) {
      fail(`${base}.values`, `The ${base}.values field must be a non-empty array.`);
    } else if (item.values.length > MAX_CONDITION_VALUES) {
      fail(`${base}.values`, `The ${base}.values field must not have more than ${MAX_CONDITION_VALUES} items.`);
    } else {
      for (const [position, value] of item.values.entries()) {
        const normalized =
          typeof value === 'string' && value.length <= MAX_CONDITION_VALUE_LENGTH && typeOk
            ? normalizeValue(type as ConditionType, value)
            : undefined;
        if (normalized === undefined || !isKnownValue(type as ConditionType, normalized)) {
          if (typeOk)
            fail(
              `${base}.values.${position}`,
              `The selected ${base}.values.${position} is invalid for ${String(type)}.`,
            );
        } else {
          values.add(normalized);
        }
      }
    }
    result.push({
      type: type as ConditionType,
      operator: item.operator as Condition['operator'],
      values: [...values],
      redirect_url: item.redirect_url as string,
    });
  }
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
