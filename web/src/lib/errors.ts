import { ApiError } from './http.ts';

/**
 * How much of a failure to show. `summary`: the one-line message (data loads, where no form field is to
 * blame). `messages`: every field message (forms whose messages already name their field). `paths`: every
 * message in words that name its field (`conditions.1.values.0` becomes "Rule 2: value 1"), for forms
 * that show no message at a field.
 */
export type ErrorDetail = 'summary' | 'messages' | 'paths';

/** The field errors of a rejected request (field path to messages); empty when there are none. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? error.errors : {};
}

/** The field errors of a rejected request with every message in words (fieldMessage), by the same paths. */
export function fieldMessages(error: unknown): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([path, messages]) => [
      path,
      messages.map((message) => fieldMessage(path, message)),
    ]),
  );
}

/** The text a person sees for anything a request or action threw. */
export function formatError(error: unknown, detail: ErrorDetail = 'messages'): string {
  const text =
    detail === 'summary'
      ? ''
      : detail === 'paths'
        ? Object.values(fieldMessages(error)).flat().join(' ')
        : Object.values(fieldErrors(error)).flat().join(' ');
  if (text) return text;
  return error instanceof Error ? error.message : String(error);
}

// What the forms call each top-level field the API names (their labels, or close to them).
const FIELD_LABELS: Record<string, string> = {
  redirect_url: 'Destination URL',
  short_code: 'Custom alias',
  title: 'Title',
  expires_at: 'Expiry',
  max_clicks: 'Click limit',
  expired_url: 'After-expiry URL',
  password: 'Password',
  localize: 'Storefront localisation',
  category_id: 'Category',
  domain_id: 'Domain',
  is_active: 'Active',
  conditions: 'Targeting rules',
  variants: 'A/B split',
  utm: 'UTM parameters',
  preview: 'Social preview',
  options: 'Choice page options',
  affiliate_program_id: 'Program',
  tag: 'Tag',
  hostname: 'Hostname',
  body: 'The request',
  request: 'The request',
};

const CONDITION_PARTS: Record<string, string> = {
  type: 'condition',
  operator: 'operator',
  values: 'values',
  redirect_url: 'destination',
};

const PREVIEW_PARTS: Record<string, string> = {
  title: 'Preview title',
  description: 'Preview description',
  image: 'Preview image URL',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isIndex = (segment: string | undefined) => segment !== undefined && /^\d+$/.test(segment);
// Rows are counted from 1 for people; the API counts from 0.
const ordinal = (segment: string) => Number(segment) + 1;

/** Any path in words: underscores as spaces, indexes as "item N" counted from 1. */
function genericLabel(segments: readonly string[]): string {
  return capitalise(segments.map((s) => (isIndex(s) ? `item ${ordinal(s)}` : s.replace(/_/g, ' '))).join(' '));
}

/**
 * What a person calls the field at a 422's path, counting rows from 1: `conditions.2.values.0` is
 * "Rule 3: value 1", `variants.1.url` "Variant 2 URL", `utm.source` "UTM source", `short_code` "Custom alias".
 */
export function fieldLabel(path: string): string {
  const segments = path.split('.');
  const [head = '', index, part, item] = segments;
  if (head === 'conditions' && isIndex(index)) {
    const rule = `Rule ${ordinal(index!)}`;
    if (part === undefined) return rule;
    if (part === 'values' && isIndex(item) && segments.length === 4) return `${rule}: value ${ordinal(item!)}`;
    if (segments.length === 3 && CONDITION_PARTS[part]) return `${rule}: ${CONDITION_PARTS[part]}`;
  }
  if (head === 'variants' && isIndex(index)) {
    const variant = `Variant ${ordinal(index!)}`;
    if (part === undefined) return variant;
    if (segments.length === 3 && (part === 'url' || part === 'weight'))
      return `${variant} ${part === 'url' ? 'URL' : 'weight'}`;
  }
  if (head === 'options' && isIndex(index) && segments.length === 2) return `Option ${ordinal(index!)}`;
  if (head === 'utm' && index !== undefined && segments.length === 2) return `UTM ${index}`;
  if (head === 'preview' && index !== undefined && segments.length === 2 && PREVIEW_PARTS[index])
    return PREVIEW_PARTS[index];
  if (segments.length === 1 && FIELD_LABELS[head]) return FIELD_LABELS[head];
  return genericLabel(segments);
}

// The API's wording of a few rules (Laravel's, for its clients), said as the dashboard's forms mean them.
const PHRASES: Array<[RegExp, string]> = [
  [/ must be a non-empty array\.$/, ' needs at least one entry.'],
  [/ must have at least (\d+) items\.$/, ' needs at least $1 entries.'],
  [/ must not have more than (\d+) items\.$/, ' can have at most $1 entries.'],
  [/ must not be greater than (\d+) characters\.$/, ' must be at most $1 characters.'],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A dotted path with a row index in it (conditions.1.values.0), wherever a message still holds one.
// Requiring an all-digit segment keeps host names such as go.example.com out of it.
const INDEXED_PATH = /\b[a-z_]+(?:\.[a-z_]+)*(?:\.\d+)(?:\.(?:\d+|[a-z_]+))*\b/g;

/**
 * A 422 message in words that name its field by fieldLabel instead of by its path:
 * "The selected conditions.2.values.0 is invalid for country." becomes "Rule 3: value 1 is not a valid
 * country.", "The variants.0.url field must be ..." becomes "Variant 1 URL must be ...".
 */
export function fieldMessage(path: string, message: string): string {
  const label = fieldLabel(path);
  // The API names a field by its path, underscores said as spaces (src/api/plugins/errors.ts).
  const names = [...new Set([path, path.replace(/_/g, ' ')])].map(escapeRegExp).join('|');
  const rules: Array<[RegExp, string]> = [
    [new RegExp(`^The selected (?:${names}) is invalid for ([\\w ]+)\\.$`), `${label} is not a valid $1.`],
    [new RegExp(`^The selected (?:${names}) is invalid\\.$`), `${label} is not one of the choices.`],
    [new RegExp(`^The (?:${names}) field `), `${label} `],
    [new RegExp(`^The (?:${names}) `), `${label} `],
  ];
  let text = message;
  for (const [pattern, replacement] of rules) {
    if (pattern.test(text)) {
      text = text.replace(pattern, replacement);
      break;
    }
  }
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  return text.replace(INDEXED_PATH, (found) => fieldLabel(found));
}

/** The field errors of one form, and the prefix that keeps their element ids unique on the page. */
export interface FormErrors {
  form: string;
  errors: Record<string, string[]>;
}

/** The id of the message shown for a field path, for its input's aria-describedby. */
export const errorId = (form: string, path: string) => `${form}-error-${path.replace(/[^A-Za-z0-9_]/g, '-')}`;

/** The messages at exactly these paths (a field may own several, e.g. variants.1 and variants.1.url). */
export function messagesAt(fe: FormErrors, paths: string | readonly string[]): string[] {
  return (typeof paths === 'string' ? [paths] : paths).flatMap((path) => fe.errors[path] ?? []);
}

/**
 * A path and every path with errors below it, the path first (it names the message's id): the one
 * input of a rule's values owns `conditions.1.values` and each `conditions.1.values.N`.
 */
export function pathsFrom(fe: FormErrors, path: string): string[] {
  return [path, ...Object.keys(fe.errors).filter((p) => p.startsWith(`${path}.`))];
}

/**
 * The ARIA attributes of the input a field path belongs to: invalid while it has a message, and
 * described by that message, then by its hints (ids; undefined ones are skipped).
 */
export function ariaFor(
  fe: FormErrors,
  paths: string | readonly string[],
  ...hints: Array<string | undefined>
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const first = typeof paths === 'string' ? paths : paths[0]!;
  const invalid = messagesAt(fe, paths).length > 0;
  const ids = [invalid ? errorId(fe.form, first) : undefined, ...hints].filter(Boolean);
  return {
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

export const MARKED_FIELDS = 'Please correct the marked fields.';

/**
 * The line above a form's button after a failure: "Please correct the marked fields." when any field
 * shows a message, then, in words, the messages no field shows.
 */
export function formSummary(error: unknown, shownAtField: (path: string) => boolean): string {
  const fields = Object.entries(fieldMessages(error));
  if (fields.length === 0) return formatError(error);
  const marked = fields.some(([path]) => shownAtField(path)) ? [MARKED_FIELDS] : [];
  const elsewhere = fields.filter(([path]) => !shownAtField(path)).flatMap(([, messages]) => messages);
  return [...marked, ...elsewhere].join(' ');
}

/** For a fieldset whose whole group a message is about (e.g. `variants`): described by that message. */
export function groupAria(fe: FormErrors, path: string): { 'aria-describedby'?: string } {
  return messagesAt(fe, path).length > 0 ? { 'aria-describedby': errorId(fe.form, path) } : {};
}
